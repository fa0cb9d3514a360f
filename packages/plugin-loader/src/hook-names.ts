/**
 * Hermes' hook names (`VALID_HOOKS`). A plugin may register a callback under another name; it is
 * kept, with a warning, because a newer runtime may fire it.
 */
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
  "pre_verify",
  "on_session_start",
  "on_session_end",
  "on_session_finalize",
  "on_session_reset",
  "subagent_start",
  "subagent_stop",
  "pre_gateway_dispatch",
  "pre_approval_request",
  "post_approval_response",
  "pre_command",
  "agent_loop_stopped",
] as const;

/** One of Hermes' hook names. */
export type HookName = (typeof HOOK_NAMES)[number];

/** Kinds of middleware a plugin can add: around tool arguments, tool execution and model requests. */
export const MIDDLEWARE_KINDS: readonly ["tool_request", "tool_execution", "llm_request"] = [
  "tool_request",
  "tool_execution",
  "llm_request",
];

/** One of {@link MIDDLEWARE_KINDS}. */
export type MiddlewareKind = (typeof MIDDLEWARE_KINDS)[number];

const HOOK_NAME_SET: ReadonlySet<string> = new Set(HOOK_NAMES);

/** True for a name in {@link HOOK_NAMES}. */
export function isHookName(name: string): name is HookName {
  return HOOK_NAME_SET.has(name);
}

/** True for a name in {@link MIDDLEWARE_KINDS}. */
export function isMiddlewareKind(kind: string): kind is MiddlewareKind {
  return (MIDDLEWARE_KINDS as readonly string[]).includes(kind);
}
