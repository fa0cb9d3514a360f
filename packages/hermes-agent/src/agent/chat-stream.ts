import type OpenAI from "openai";
import type { ChatMessage, ChatToolCall, TokenUsage } from "./chat-types.js";

/** What one streamed completion produced. */
export interface StreamedReply {
  readonly content: string;
  readonly toolCalls: ChatToolCall[];
  readonly finishReason: string | null;
  readonly usage: TokenUsage | undefined;
}

/** Options of {@link streamCompletion}. */
export interface StreamCompletionOptions {
  readonly client: OpenAI;
  readonly body: Readonly<Record<string, unknown>>;
  readonly signal: AbortSignal | undefined;
  /** Receives each piece of text as it arrives. */
  readonly onText?: ((delta: string) => void) | undefined;
}

interface PartialCall {
  id: string;
  name: string;
  args: string;
}

/**
 * Send one chat-completions request with `stream: true` and put the reply back together: the
 * text, the tool calls (their argument fragments joined by index), the finish reason and the
 * token usage of the final chunk.
 */
export async function streamCompletion(options: StreamCompletionOptions): Promise<StreamedReply> {
  const stream = await options.client.chat.completions.create(
    {
      ...(options.body as unknown as OpenAI.ChatCompletionCreateParamsStreaming),
      stream: true,
      stream_options: { include_usage: true },
    },
    options.signal === undefined ? {} : { signal: options.signal },
  );
  let content = "";
  let finishReason: string | null = null;
  let usage: TokenUsage | undefined;
  const calls = new Map<number, PartialCall>();
  for await (const chunk of stream) {
    if (chunk.usage) {
      usage = {
        promptTokens: chunk.usage.prompt_tokens,
        completionTokens: chunk.usage.completion_tokens,
        totalTokens: chunk.usage.total_tokens,
      };
    }
    const choice = chunk.choices[0];
    if (choice === undefined) continue;
    if (choice.finish_reason) finishReason = choice.finish_reason;
    const delta = choice.delta;
    if (typeof delta.content === "string" && delta.content !== "") {
      content += delta.content;
      options.onText?.(delta.content);
    }
    for (const part of delta.tool_calls ?? []) {
      let call = calls.get(part.index);
      if (call === undefined) {
        call = { id: "", name: "", args: "" };
        calls.set(part.index, call);
      }
      if (part.id) call.id = part.id;
      if (part.function?.name) call.name += part.function.name;
      if (part.function?.arguments) call.args += part.function.arguments;
    }
  }
  const toolCalls = [...calls.entries()]
    .sort(([a], [b]) => a - b)
    .map(([index, call]) => ({
      id: call.id === "" ? `call_${index}` : call.id,
      type: "function" as const,
      function: { name: call.name, arguments: call.args },
    }));
  return { content, toolCalls, finishReason, usage };
}

/** The assistant message to append for a reply. */
export function assistantMessage(reply: StreamedReply): ChatMessage {
  return reply.toolCalls.length === 0
    ? { role: "assistant", content: reply.content }
    : {
        role: "assistant",
        content: reply.content === "" ? null : reply.content,
        tool_calls: reply.toolCalls,
      };
}
