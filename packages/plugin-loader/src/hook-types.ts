import type { ToolOutput } from "@hermes-agent/registry";
import type { HookName, MiddlewareKind } from "./hook-names.js";

/**
 * Fields every hook payload may carry. Payload keys are camelCase, as the runtime's hook bus
 * passes them (a shell hook sees them under Hermes' snake_case names); runtimes may add keys.
 */
export interface HookPayloadBase {
  readonly [key: string]: unknown;
  readonly taskId?: string | undefined;
  readonly sessionKey?: string | undefined;
}

/** Where a tool call came from. */
export type CallOrigin = "model" | "execute_code" | "cli" | "mcp";

/** What a tool hook sees of a call. */
export interface ToolCallPayload extends HookPayloadBase {
  readonly toolName: string;
  readonly args: Readonly<Record<string, unknown>>;
  readonly toolCallId?: string | undefined;
  readonly origin?: CallOrigin | undefined;
}

/** Payload of `post_tool_call`: the call, its result and how it went. */
export interface PostToolCallPayload extends ToolCallPayload {
  readonly result: string;
  readonly durationMs: number;
  /** "ok", "error" (the result is a JSON object with an `error` key) or "blocked" (by a hook). */
  readonly status: "ok" | "error" | "blocked";
  readonly errorType?: string | undefined;
  readonly errorMessage?: string | undefined;
}

/** Payload of `transform_tool_result`. */
export interface TransformToolResultPayload extends ToolCallPayload {
  readonly result: string;
  readonly status?: "ok" | "error" | "blocked";
}

/** Payload of `transform_terminal_output`: the terminal tool's call and its output text. */
export interface TransformTerminalOutputPayload extends ToolCallPayload {
  readonly output: string;
}

/** Payload of `pre_approval_request` (and, with `choice` and `approved`, `post_approval_response`). */
export interface ApprovalPayload extends HookPayloadBase {
  readonly toolName?: string;
  readonly ruleKey?: string;
  readonly message?: string;
  /** Only in `post_approval_response`: once, session, always, deny, timeout, ... */
  readonly choice?: string;
  readonly approved?: boolean;
}

/**
 * What a `pre_tool_call` hook may return. The first valid directive among all hooks wins:
 * `block` refuses the call with `message`; `approve` asks a human (the runtime's approval gate)
 * and blocks when that is denied or fails (fail closed).
 */
export type PreToolCallDirective =
  | { readonly action: "block"; readonly message: string }
  | { readonly action: "approve"; readonly message?: string; readonly rule_key?: string };

/** What a context-adding hook (`pre_llm_call` and the shell-hook default) may return. */
export interface ContextDirective {
  readonly context: string;
}

/** Payload type of each hook; hooks not listed get {@link HookPayloadBase}. */
export interface HookPayloadMap {
  pre_tool_call: ToolCallPayload;
  post_tool_call: PostToolCallPayload;
  transform_tool_result: TransformToolResultPayload;
  transform_terminal_output: TransformTerminalOutputPayload;
  pre_approval_request: ApprovalPayload;
  post_approval_response: ApprovalPayload;
}

/** What each hook may return; `undefined` always means "no opinion". Others return nothing. */
export interface HookResultMap {
  pre_tool_call: PreToolCallDirective;
  transform_tool_result: string;
  transform_terminal_output: string;
  transform_llm_output: string;
  pre_llm_call: ContextDirective | string;
  pre_verify:
    | { readonly action: "continue"; readonly message: string }
    | { readonly decision: "block"; readonly reason: string };
  pre_gateway_dispatch:
    | { readonly action: "skip"; readonly reason?: string }
    | { readonly action: "rewrite"; readonly text: string }
    | { readonly action: "allow" };
}

/** The payload a hook of this name receives. */
export type HookPayload<N extends string> = N extends keyof HookPayloadMap
  ? HookPayloadMap[N]
  : HookPayloadBase;

/** What a hook of this name may return (besides `undefined`). */
export type HookResult<N extends string> = N extends keyof HookResultMap ? HookResultMap[N] : void;

/** A hook callback. It may be async; a throw is logged and ignored for that call. */
export type HookCallback<N extends string = HookName> = (
  payload: HookPayload<N>,
) => HookResult<N> | undefined | void | Promise<HookResult<N> | undefined | void>;

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

/** The body of a chat-completions request as the agent loop is about to send it. */
export interface LlmRequest {
  readonly model: string;
  readonly messages: readonly unknown[];
  readonly tools: readonly unknown[];
  readonly sessionId: string | undefined;
  readonly [key: string]: unknown;
}

/**
 * Middleware of each kind. `tool_request` may return new arguments (or change `request.args`);
 * `llm_request` may return a replacement body; returning nothing keeps them. `tool_execution`
 * wraps the call: `next(args?)` runs the rest of the chain and the tool at most once (a second
 * call gets the same result); a throw before `next` skips the middleware, a throw after it keeps
 * the tool's result.
 */
export interface MiddlewareMap {
  tool_request: (
    request: ToolCallInfo,
  ) =>
    | Record<string, unknown>
    | undefined
    | void
    | Promise<Record<string, unknown> | undefined | void>;
  tool_execution: (
    call: ToolCallInfo,
    next: (args?: Record<string, unknown>) => Promise<ToolOutput>,
  ) => ToolOutput | Promise<ToolOutput>;
  llm_request: (
    request: LlmRequest,
  ) => LlmRequest | undefined | void | Promise<LlmRequest | undefined | void>;
}

/** Middleware of kind `K`. */
export type Middleware<K extends MiddlewareKind> = MiddlewareMap[K];

/** Any hook callback, as a host stores it. */
export type AnyHookCallback = (payload: Readonly<Record<string, unknown>>) => unknown;
