import {
  ErrorCode,
  McpError as ProtocolError,
  type CreateMessageRequest,
  type CreateMessageResult,
} from "@modelcontextprotocol/sdk/types.js";
import type { McpSamplingSpec } from "./config/server-spec.js";
import { redactServerText } from "./result-conversion.js";

/** One message of a sampling request, flattened to text. */
export interface SamplingMessage {
  readonly role: "system" | "user" | "assistant";
  readonly content: string;
}

/** What the agent's model is asked when a server samples. */
export interface SamplingRequest {
  /** The server asking. */
  readonly server: string;
  /** The model to use (config override, else the server's first hint), if any. */
  readonly model: string | undefined;
  /** System prompt first (when the server sent one), then the conversation. */
  readonly messages: readonly SamplingMessage[];
  readonly maxTokens: number;
  readonly temperature: number | undefined;
  readonly stopSequences: readonly string[] | undefined;
  /** Aborted when the server cancels or the sampling timeout passes. */
  readonly signal: AbortSignal;
}

/** The model's answer. `finishReason` uses OpenAI's names (`stop`, `length`, ...). */
export interface SamplingResponse {
  readonly model: string;
  readonly content: string;
  readonly finishReason?: string | undefined;
}

/**
 * The runtime's model client as MCP sampling sees it: one chat completion. The runtime adapts
 * its OpenAI-compatible client to this function.
 */
export type SamplingModel = (request: SamplingRequest) => Promise<SamplingResponse>;

const WINDOW_MS = 60_000;

function refuse(message: string): ProtocolError {
  return new ProtocolError(ErrorCode.InvalidRequest, message);
}

function textOf(content: unknown): string {
  const parts = Array.isArray(content) ? content : [content];
  return parts
    .map((part: unknown) => {
      const item = (part ?? {}) as { type?: unknown; text?: unknown };
      if (item.type === "text" && typeof item.text === "string") return item.text;
      return `[${typeof item.type === "string" ? item.type : "unknown"} content omitted]`;
    })
    .join("\n");
}

function stopReason(finish: string | undefined): string {
  if (finish === "length") return "maxTokens";
  if (finish === "stop" || finish === undefined) return "endTurn";
  return finish;
}

/**
 * Answer a server's `sampling/createMessage` through the agent's model, within the server's
 * limits: requests per minute (60 s sliding window), a cap on `maxTokens`, a timeout, and the
 * allowed models. Refusals are protocol errors the server sees.
 */
export function createSamplingHandler(
  server: string,
  spec: McpSamplingSpec,
  model: SamplingModel,
  now: () => number = Date.now,
): (request: CreateMessageRequest, extra: { signal: AbortSignal }) => Promise<CreateMessageResult> {
  const recent: number[] = [];
  return async (request, extra) => {
    const at = now();
    while (recent.length > 0 && (recent[0] ?? 0) <= at - WINDOW_MS) recent.shift();
    if (recent.length >= spec.maxRpm) {
      throw refuse(
        `Sampling rate limit exceeded for server '${server}' (${spec.maxRpm} requests/minute)`,
      );
    }
    recent.push(at);
    const params = request.params;
    const hint = params.modelPreferences?.hints?.find((h) => typeof h.name === "string")?.name;
    const chosen = spec.model ?? hint;
    if (
      spec.allowedModels.length > 0 &&
      (chosen === undefined || !spec.allowedModels.includes(chosen))
    ) {
      throw refuse(
        `Model '${chosen ?? "(default)"}' is not allowed for sampling by server '${server}'`,
      );
    }
    const messages: SamplingMessage[] = [];
    if (params.systemPrompt !== undefined)
      messages.push({ role: "system", content: params.systemPrompt });
    for (const message of params.messages) {
      messages.push({ role: message.role, content: textOf(message.content) });
    }
    const signal = AbortSignal.any([extra.signal, AbortSignal.timeout(spec.timeoutMs)]);
    let response: SamplingResponse;
    try {
      response = await model({
        server,
        model: chosen,
        messages,
        maxTokens: Math.min(params.maxTokens, spec.maxTokensCap),
        temperature: params.temperature,
        stopSequences: params.stopSequences,
        signal,
      });
    } catch (error) {
      if (signal.aborted && !extra.signal.aborted) {
        throw refuse(`Sampling for server '${server}' timed out after ${spec.timeoutMs / 1000}s`);
      }
      throw new ProtocolError(
        ErrorCode.InternalError,
        `Sampling for server '${server}' failed: ${redactServerText(error instanceof Error ? error.message : String(error))}`,
      );
    }
    if (response.content === "") {
      throw new ProtocolError(
        ErrorCode.InternalError,
        `Sampling for server '${server}' got an empty response`,
      );
    }
    return {
      role: "assistant",
      content: { type: "text", text: response.content },
      model: response.model,
      stopReason: stopReason(response.finishReason),
    };
  };
}
