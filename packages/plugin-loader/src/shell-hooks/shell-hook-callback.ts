import { buildChildEnv, type EnvironmentVariables, type Logger } from "@hermes-agent/core";
import type { AnyHookCallback } from "../hook-types.js";
import { runShellHook } from "./run-shell-hook.js";
import { matchesTool, type ShellHookSpec } from "./shell-hook-config.js";
import { decideShellHook } from "./shell-hook-response.js";

/** Where shell hooks run. */
export interface ShellHookEnvironment {
  readonly cwd: string;
  readonly hermesHome: string;
  /** The host environment the child's allowlisted environment is built from. */
  readonly env: EnvironmentVariables;
  readonly logger: Logger;
}

const TOP_LEVEL_KEYS: ReadonlySet<string> = new Set([
  "toolName",
  "args",
  "sessionKey",
  "sessionId",
  "signal",
]);

/** `toolCallId` → `tool_call_id`: Hermes' names, which shell hook scripts are written against. */
function snakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/**
 * The JSON a shell hook reads on stdin, as Hermes writes it: `{hook_event_name, tool_name,
 * tool_input, session_id, cwd, extra}`; `extra` holds every other payload key, in snake_case.
 */
export function shellHookInput(
  event: string,
  payload: Readonly<Record<string, unknown>>,
  cwd: string,
): string {
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(payload)) {
    if (!TOP_LEVEL_KEYS.has(key) && value !== undefined) extra[snakeCase(key)] = value;
  }
  const args = payload.args;
  const session = payload.sessionKey ?? payload.sessionId;
  return safeStringify({
    hook_event_name: event,
    tool_name: typeof payload.toolName === "string" ? payload.toolName : null,
    tool_input: typeof args === "object" && args !== null && !Array.isArray(args) ? args : null,
    session_id: typeof session === "string" ? session : "",
    cwd,
    extra,
  });
}

/** The hook callback that runs `spec` as a child process for each matching event. */
export function createShellHookCallback(
  spec: ShellHookSpec,
  environment: ShellHookEnvironment,
): AnyHookCallback {
  const childEnv = buildChildEnv({
    hostEnv: environment.env,
    extra: { HERMES_HOME: environment.hermesHome },
  });
  return async (payload) => {
    if (!matchesTool(spec, payload.toolName)) return undefined;
    const outcome = await runShellHook({
      command: spec.command,
      stdin: shellHookInput(spec.event, payload, environment.cwd),
      cwd: environment.cwd,
      env: childEnv,
      timeoutMs: spec.timeoutSeconds * 1000,
      ...(payload.signal instanceof AbortSignal ? { signal: payload.signal } : {}),
    });
    return decideShellHook(spec, outcome, environment.logger);
  };
}

function safeStringify(value: unknown): string {
  const seen = new WeakSet<object>();
  return JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item === "bigint" || typeof item === "function" || typeof item === "symbol")
      return String(item);
    if (item instanceof AbortSignal) return undefined;
    if (typeof item === "object" && item !== null) {
      if (seen.has(item)) return "[circular]";
      seen.add(item);
    }
    return item;
  });
}
