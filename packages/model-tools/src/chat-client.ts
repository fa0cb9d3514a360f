import type { OpenAI } from "openai";
import type { ChatEndpoint } from "./model-settings.js";

/** One chat message as sent (text, or text and image parts). */
export type ChatMessage = OpenAI.Chat.Completions.ChatCompletionMessageParam;

/** One chat completion request. */
export interface ChatRequest {
  readonly endpoint: ChatEndpoint;
  readonly model: string;
  readonly messages: readonly ChatMessage[];
  readonly temperature?: number;
  readonly maxTokens?: number;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal | undefined;
  /** Retries of the client itself on connection errors, 429 and 5xx (default 1). */
  readonly maxRetries?: number;
}

// A local server needs no key, but the client insists on one.
const NO_KEY = "no-key-set";

let openaiModule: Promise<{ readonly OpenAI: typeof OpenAI }> | undefined;

/** A client for `endpoint` over the real `openai` package (loaded on first use). */
export async function openaiClient(
  endpoint: { readonly baseURL?: string | undefined; readonly apiKey?: string | undefined },
  timeoutMs: number,
  maxRetries = 1,
): Promise<OpenAI> {
  openaiModule ??= import("openai");
  const { OpenAI: Client } = await openaiModule;
  return new Client({
    ...(endpoint.baseURL === undefined ? {} : { baseURL: endpoint.baseURL }),
    apiKey: endpoint.apiKey ?? NO_KEY,
    timeout: timeoutMs,
    maxRetries,
  });
}

const THINK_BLOCK = /<think>[\s\S]*?<\/think>/gi;

/**
 * The text of a completion: its content without `<think>` blocks, or, for a reasoning model
 * that put everything in its reasoning, that reasoning. Empty when there is neither.
 */
export function contentOrReasoning(completion: OpenAI.Chat.Completions.ChatCompletion): string {
  const message = completion.choices[0]?.message as
    | (OpenAI.Chat.Completions.ChatCompletionMessage & {
        reasoning_content?: unknown;
        reasoning?: unknown;
      })
    | undefined;
  if (message === undefined) return "";
  const content = (message.content ?? "").replace(THINK_BLOCK, "").trim();
  if (content !== "") return content;
  for (const reasoning of [message.reasoning_content, message.reasoning]) {
    if (typeof reasoning === "string" && reasoning.trim() !== "") return reasoning.trim();
  }
  return "";
}

/** Send one chat completion and return its text (see {@link contentOrReasoning}). */
export async function completeChat(request: ChatRequest): Promise<string> {
  const client = await openaiClient(request.endpoint, request.timeoutMs, request.maxRetries);
  const completion = await client.chat.completions.create(
    {
      model: request.model,
      messages: [...request.messages],
      ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
      ...(request.maxTokens === undefined ? {} : { max_tokens: request.maxTokens }),
    },
    request.signal === undefined ? {} : { signal: request.signal },
  );
  return contentOrReasoning(completion);
}
