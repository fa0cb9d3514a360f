import type { Logger } from "@hermes-agent/core";
import type { ContextDirective, PreToolCallDirective } from "../hook-types.js";
import { BLOCKING_SHELL_HOOK_EVENTS, type ShellHookSpec } from "./shell-hook-config.js";
import type { ShellHookOutcome } from "./run-shell-hook.js";

/** Exit code that blocks a pre_tool_call even without JSON output (as in Claude Code / Cursor). */
export const BLOCK_EXIT_CODE = 2;
/** The block message when a hook gives none. */
export const DEFAULT_BLOCK_MESSAGE = "Blocked by shell hook.";
const STDERR_MESSAGE_LIMIT = 400;

/**
 * The `modify` answer of a pre_tool_call shell hook: replace the arguments. Passed on as
 * returned; the hermes-agent runtime applies it (and validates the new arguments), a runtime
 * that does not read the shape ignores it.
 */
export interface ModifyArgumentsDirective {
  readonly action: "modify";
  readonly args: Readonly<Record<string, unknown>>;
}

/** What a shell hook contributes to its event: a directive, or undefined for no decision. */
export type ShellHookDecision =
  PreToolCallDirective | ModifyArgumentsDirective | ContextDirective | undefined;

/**
 * Turn a finished hook into its decision. A spawn error or a timeout is no decision (unless the
 * hook is `fail_closed`); exit code 2 on pre_tool_call blocks (message from stdout JSON, then
 * stderr, then a default); otherwise stdout is read as JSON: `{"decision": "block", "reason"}`
 * or `{"action": "block", "message"}` block, `"modify"` with `tool_input` / `args` rewrites the
 * arguments; other events may return `{"context": "..."}`.
 */
export function decideShellHook(
  spec: ShellHookSpec,
  outcome: ShellHookOutcome,
  logger: Logger,
): ShellHookDecision {
  const blocking = BLOCKING_SHELL_HOOK_EVENTS.has(spec.event);
  const failClosed = spec.failClosed && blocking;
  const label = `shell hook (event=${spec.event} command=${spec.command})`;
  if (outcome.error !== undefined || outcome.timedOut || outcome.aborted) {
    const reason =
      outcome.error ?? (outcome.timedOut ? `timed out after ${spec.timeoutSeconds}s` : "cancelled");
    logger.warn(`${label} ${outcome.error === undefined ? reason : `failed: ${reason}`}`);
    return failClosed ? failedClosed(spec, reason) : undefined;
  }
  const stderr = outcome.stderr.trim();
  const stdout = outcome.stdout.trim();
  if (stderr !== "") logger.debug(`${label} stderr: ${stderr.slice(0, STDERR_MESSAGE_LIMIT)}`);
  if (outcome.exitCode === BLOCK_EXIT_CODE && blocking) {
    const parsed = parseResponse(spec.event, stdout, logger);
    if (parsed !== undefined && "action" in parsed && parsed.action === "block") return parsed;
    return {
      action: "block",
      message: stderr.slice(0, STDERR_MESSAGE_LIMIT) || DEFAULT_BLOCK_MESSAGE,
    };
  }
  if (outcome.exitCode !== 0) {
    logger.warn(
      `${label} exited with ${outcome.exitCode ?? outcome.signalName ?? "?"}; stderr: ${stderr.slice(0, STDERR_MESSAGE_LIMIT)}`,
    );
  }
  const parsed = parseResponse(spec.event, stdout, logger);
  if (parsed === undefined && failClosed && stdout !== "" && !isJsonObject(stdout)) {
    return failedClosed(spec, "unparseable stdout (expected a JSON object)");
  }
  return parsed;
}

function failedClosed(spec: ShellHookSpec, reason: string): PreToolCallDirective {
  return { action: "block", message: `hook ${spec.command} failed closed: ${reason}` };
}

function parseResponse(event: string, stdout: string, logger: Logger): ShellHookDecision {
  if (stdout === "") return undefined;
  let data: unknown;
  try {
    data = JSON.parse(stdout);
  } catch {
    logger.warn(`shell hook stdout was not valid JSON (event=${event}): ${stdout.slice(0, 200)}`);
    return undefined;
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) return undefined;
  const record = data as Record<string, unknown>;
  return event === "pre_tool_call" ? parsePreToolCall(record) : parseContext(record);
}

function parsePreToolCall(
  data: Record<string, unknown>,
): PreToolCallDirective | ModifyArgumentsDirective | undefined {
  if (data.action === "block")
    return { action: "block", message: blockMessage(data.message, data.reason) };
  if (data.decision === "block")
    return { action: "block", message: blockMessage(data.reason, data.message) };
  if (data.action === "modify" && isRecord(data.args)) return { action: "modify", args: data.args };
  if (data.decision === "modify" && isRecord(data.tool_input))
    return { action: "modify", args: data.tool_input };
  return undefined;
}

function parseContext(data: Record<string, unknown>): ContextDirective | undefined {
  const context = data.context;
  return typeof context === "string" && context.trim() !== "" ? { context } : undefined;
}

function blockMessage(primary: unknown, secondary: unknown): string {
  for (const value of [primary, secondary]) {
    if (typeof value === "string" && value !== "") return value;
  }
  return DEFAULT_BLOCK_MESSAGE;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isJsonObject(text: string): boolean {
  try {
    return isRecord(JSON.parse(text));
  } catch {
    return false;
  }
}
