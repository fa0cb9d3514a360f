import type { FunctionSchema } from "@hermes-agent/registry";
import { AGENT_LOOP_TOOLS, type FunctionCallContext } from "../pipeline/dispatch-pipeline.js";
import type { HermesRuntime } from "../runtime/hermes-runtime.js";

/** Options every framework adapter takes. */
export interface AdapterOptions {
  /** Toolsets to offer; default the runtime's `enabledToolsets` (else its platform preset). */
  readonly enabled?: readonly string[];
  /** Toolsets to take away; default the runtime's `disabledToolsets`. */
  readonly disabled?: readonly string[];
  /** The agent task the calls belong to (terminal cwd, background processes); default none. */
  readonly taskId?: string;
  /** The session whose approvals apply; default the task id, else `"default"`. */
  readonly sessionKey?: string;
}

/**
 * The function schemas an adapter offers right now: the runtime's availability-checked tool list
 * for the selection, without the agent-loop tools (`todo`, `memory`, `session_search`,
 * `delegate_task`), which only the runtime's own agent loop can run. Read on every adapter call,
 * so tools added or removed since (MCP `list_changed`, plugin reload) are reflected.
 */
export function adapterToolSchemas(
  runtime: HermesRuntime,
  options: AdapterOptions = {},
): FunctionSchema[] {
  const definitions = runtime.getToolDefinitions({
    ...(options.enabled === undefined ? {} : { enabled: options.enabled }),
    ...(options.disabled === undefined ? {} : { disabled: options.disabled }),
  });
  return definitions
    .map((definition) => definition.function)
    .filter((schema) => !AGENT_LOOP_TOOLS.has(schema.name));
}

/** The pipeline context of one adapter call. */
export function adapterCallContext(
  options: AdapterOptions,
  call: { readonly toolCallId?: string | undefined; readonly signal?: AbortSignal | undefined },
): FunctionCallContext {
  return {
    ...(options.taskId === undefined ? {} : { taskId: options.taskId }),
    ...(options.sessionKey === undefined ? {} : { sessionKey: options.sessionKey }),
    ...(call.toolCallId === undefined ? {} : { toolCallId: call.toolCallId }),
    ...(call.signal === undefined ? {} : { signal: call.signal }),
  };
}

/** The session key approvals of an adapter call are recorded under (the pipeline's default). */
export function adapterSessionKey(options: AdapterOptions): string {
  return options.sessionKey ?? options.taskId ?? "default";
}
