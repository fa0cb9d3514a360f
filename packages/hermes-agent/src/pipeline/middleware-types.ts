import type { ToolOutput } from "@hermes-agent/registry";
import type { CallOrigin } from "../runtime/runtime-events.js";

/** What `tool_request` and `tool_execution` middleware learn about a call. */
export interface ToolCallInfo {
  readonly toolName: string;
  /** The arguments (after coercion); a private copy each middleware may change. */
  readonly args: Record<string, unknown>;
  readonly taskId: string | undefined;
  readonly sessionKey: string | undefined;
  readonly toolCallId: string | undefined;
  readonly origin: CallOrigin;
}

/**
 * Runs before the `pre_tool_call` hooks; may rewrite the arguments by returning a new object
 * (or changing `request.args` in place). Returning nothing keeps them.
 */
export type ToolRequestMiddleware = (
  request: ToolCallInfo,
) =>
  Record<string, unknown> | undefined | void | Promise<Record<string, unknown> | undefined | void>;

/**
 * Wraps the execution of a tool. Call `next(args?)` to run the tool (with new arguments, or the
 * current ones); whatever it returns is the result. `next` runs the tool at most once: a second
 * call gets the first call's result. A middleware that throws before `next` is skipped (the
 * chain goes on without it); one that throws after `next` keeps the tool's result.
 */
export type ToolExecutionMiddleware = (
  call: ToolCallInfo,
  next: (args?: Record<string, unknown>) => Promise<ToolOutput>,
) => ToolOutput | Promise<ToolOutput>;

/** The body of a chat-completions request as the agent loop is about to send it. */
export interface LlmRequest {
  readonly model: string;
  readonly messages: readonly unknown[];
  readonly tools: readonly unknown[];
  readonly sessionId: string | undefined;
  readonly [key: string]: unknown;
}

/**
 * Runs before each model request; may return a replacement body (for example with extra
 * messages or a different model). Returning nothing keeps it.
 */
export type LlmRequestMiddleware = (
  request: LlmRequest,
) => LlmRequest | undefined | void | Promise<LlmRequest | undefined | void>;

/** Middleware type of each kind. */
export interface MiddlewareMap {
  tool_request: ToolRequestMiddleware;
  tool_execution: ToolExecutionMiddleware;
  llm_request: LlmRequestMiddleware;
}
