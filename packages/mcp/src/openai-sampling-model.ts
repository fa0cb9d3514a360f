import type { SamplingModel, SamplingResponse } from "./sampling-handler.js";

/** The request body sent for a sampling request (OpenAI chat completions). */
export interface SamplingChatRequest {
  readonly model: string;
  readonly messages: { role: "system" | "user" | "assistant"; content: string }[];
  readonly max_tokens: number;
  readonly temperature?: number;
  readonly stop?: string[];
}

/** The part of a chat completion a sampling answer needs. */
export interface SamplingChatCompletion {
  readonly model: string;
  readonly choices: readonly {
    readonly message: { readonly content: string | null };
    readonly finish_reason: string | null;
  }[];
}

/**
 * What is needed of an OpenAI-compatible client: `chat.completions.create`. An `OpenAI`
 * instance from the `openai` package fits as is.
 */
export interface ChatCompletionsClient {
  readonly chat: {
    readonly completions: {
      create(
        body: SamplingChatRequest,
        options?: { signal?: AbortSignal },
      ): PromiseLike<SamplingChatCompletion>;
    };
  };
}

/**
 * A {@link SamplingModel} over an OpenAI-compatible client. `defaultModel` is used when neither
 * `sampling.model` nor the server's hint names one.
 */
export function createOpenAiSamplingModel(
  client: ChatCompletionsClient,
  defaultModel: string,
): SamplingModel {
  return async (request): Promise<SamplingResponse> => {
    const completion = await client.chat.completions.create(
      {
        model: request.model ?? defaultModel,
        messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
        max_tokens: request.maxTokens,
        ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
        ...(request.stopSequences === undefined ? {} : { stop: [...request.stopSequences] }),
      },
      { signal: request.signal },
    );
    const choice = completion.choices[0];
    return {
      model: completion.model,
      content: choice?.message.content ?? "",
      finishReason: choice?.finish_reason ?? undefined,
    };
  };
}
