import type { ToolOutput } from "@hermes-agent/registry";
import type { HookName, MiddlewareKind } from "./hook-names.js";

/**
 * Fields every hook payload may carry. Payload keys are Hermes' keyword names (snake_case), the
 * same names a shell hook sees in its JSON; runtimes may add keys.
 */
export interface HookPayloadBase {
  readonly [key: string]: unknown;
  /** Set by the runtime on every call: "hermes.observer.v1". */
  readonly telemetry_schema_version?: string;
  readonly session_id?: string;
  readonly task_id?: string;
}

/** What a tool hook sees of a call. */
export interface ToolCallPayload extends HookPayloadBase {
  readonly tool_name: string;
  readonly args: Readonly<Record<string, unknown>>;
  readonly tool_call_id?: string;
  readonly turn_id?: string;
  /** Who made the call: "model", "execute_code", "cli", "mcp". */
  readonly origin?: string;
}

/** Payload of `post_tool_call`: the call, its result and how it went. */
export interface PostToolCallPayload extends ToolCallPayload {
  readonly result: string;
  readonly duration_ms: number;
  /** "ok", "error" (the result is a JSON object with an `error` key) or "blocked" (by a hook). */
  readonly status: "ok" | "error" | "blocked";
  readonly error_type?: string;
  readonly error_message?: string;
}

/** Payload of `transform_tool_result`. */
export interface TransformToolResultPayload extends ToolCallPayload {
  readonly result: string;
}

/** Payload of `transform_terminal_output`. */
export interface TransformTerminalOutputPayload extends HookPayloadBase {
  readonly command: string;
  readonly output: string;
  readonly returncode: number;
  readonly env_type: string;
}

/** Payload of `pre_approval_request` (and, with `choice`, `post_approval_response`). */
export interface ApprovalPayload extends HookPayloadBase {
  readonly command: string;
  readonly description?: string;
  readonly pattern_key?: string;
  readonly pattern_keys?: readonly string[];
  readonly session_key?: string;
  /** "cli", "gateway", "smart" or "transport:<name>". */
  readonly surface?: string;
  /** Only in `post_approval_response`: once, session, always, deny, timeout, ... */
  readonly choice?: string;
}

/**
 * What a `pre_tool_call` hook may return. The first valid directive among all hooks wins:
 * `block` refuses the call with `message`; `approve` asks a human (the runtime's approval gate)
 * and blocks when that fails; `modify` replaces the arguments (shell hooks).
 */
export type PreToolCallDirective =
  | { readonly action: "block"; readonly message: string }
  | { readonly action: "approve"; readonly message?: string; readonly rule_key?: string }
  | { readonly action: "modify"; readonly args: Readonly<Record<string, unknown>> };

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

/** The request `tool_request` middleware sees and may rewrite (return a changed copy). */
export interface ToolRequest {
  readonly [key: string]: unknown;
  readonly tool_name: string;
  readonly args: Readonly<Record<string, unknown>>;
  readonly task_id?: string;
  readonly session_id?: string;
  readonly origin?: string;
}

/** The request `llm_request` middleware sees and may rewrite (return a changed copy). */
export interface LlmRequest {
  readonly [key: string]: unknown;
  readonly model?: string;
  readonly messages: readonly unknown[];
  readonly tools?: readonly unknown[];
}

/** Calls the rest of the `tool_execution` chain (and finally the tool) with these arguments. */
export type NextToolExecution = (args: Readonly<Record<string, unknown>>) => Promise<ToolOutput>;

/**
 * Middleware of each kind. Request middleware returns a replacement request, or undefined to
 * keep it. Execution middleware wraps the call: it may change the arguments, call `next` (at
 * most once runs the tool; a second call gets the same result), and change the result.
 */
export interface MiddlewareMap {
  tool_request: (
    request: ToolRequest,
  ) => ToolRequest | undefined | Promise<ToolRequest | undefined>;
  tool_execution: (call: ToolRequest, next: NextToolExecution) => ToolOutput | Promise<ToolOutput>;
  llm_request: (request: LlmRequest) => LlmRequest | undefined | Promise<LlmRequest | undefined>;
}

/** Middleware of kind `K`. */
export type Middleware<K extends MiddlewareKind> = MiddlewareMap[K];

/** Any hook callback, as a host stores it. */
export type AnyHookCallback = (payload: HookPayloadBase) => unknown;
