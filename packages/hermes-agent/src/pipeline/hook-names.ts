/** Hook names the runtime and its plugins use, as in Hermes (`VALID_HOOKS`). */
export const HOOK_NAMES = [
  "pre_tool_call",
  "post_tool_call",
  "transform_tool_result",
  "transform_terminal_output",
  "transform_llm_output",
  "pre_llm_call",
  "post_llm_call",
  "pre_api_request",
  "post_api_request",
  "api_request_error",
  "on_session_start",
  "on_session_end",
  "on_session_finalize",
  "on_session_reset",
  "subagent_start",
  "subagent_stop",
  "pre_approval_request",
  "post_approval_response",
] as const;

/** One of {@link HOOK_NAMES}. */
export type HookName = (typeof HOOK_NAMES)[number];

/** Middleware kinds: around tool requests, tool execution and model requests. */
export const MIDDLEWARE_KINDS = ["tool_request", "tool_execution", "llm_request"] as const;

/** One of {@link MIDDLEWARE_KINDS}. */
export type MiddlewareKind = (typeof MIDDLEWARE_KINDS)[number];

const HOOK_SET: ReadonlySet<string> = new Set(HOOK_NAMES);
const KIND_SET: ReadonlySet<string> = new Set(MIDDLEWARE_KINDS);

/** True when `name` is one of {@link HOOK_NAMES}. */
export function isHookName(name: string): name is HookName {
  return HOOK_SET.has(name);
}

/** True when `kind` is one of {@link MIDDLEWARE_KINDS}. */
export function isMiddlewareKind(kind: string): kind is MiddlewareKind {
  return KIND_SET.has(kind);
}
