import type { Logger } from "@hermes-agent/core";
import { HOOK_NAMES, isHookName } from "../hook-names.js";

/** Seconds a shell hook may run when its entry sets no `timeout`. */
export const DEFAULT_SHELL_HOOK_TIMEOUT_S = 60;
/** Longest `timeout` accepted; larger values are clamped. */
export const MAX_SHELL_HOOK_TIMEOUT_S = 300;

/** Events whose directive can block a call; only they honour exit code 2 and `fail_closed`. */
export const BLOCKING_SHELL_HOOK_EVENTS: ReadonlySet<string> = new Set(["pre_tool_call"]);
const TOOL_EVENTS: ReadonlySet<string> = new Set(["pre_tool_call", "post_tool_call"]);
// Sub-sections of `hooks:` that are not events.
const RESERVED_KEYS: ReadonlySet<string> = new Set(["output_spill", "outbound"]);

/** One validated entry of config.yaml's `hooks:` block. */
export interface ShellHookSpec {
  readonly event: string;
  /** Run with bash; receives the event as JSON on stdin. */
  readonly command: string;
  /** Regex over the whole tool name (tool events only); the hook runs for every tool when absent. */
  readonly matcher: string | undefined;
  /** `matcher` compiled; undefined when it is not a valid regex (then compared literally). */
  readonly pattern: RegExp | undefined;
  readonly timeoutSeconds: number;
  /** pre_tool_call only: a crash, timeout or garbage output blocks the call instead of allowing it. */
  readonly failClosed: boolean;
}

/**
 * Read config.yaml's `hooks:` block (`hooks: { <event>: [{ command, matcher?, timeout?,
 * fail_closed? }] }`). Bad entries are logged with their position and skipped, never thrown.
 */
export function parseShellHooks(block: unknown, logger: Logger): ShellHookSpec[] {
  if (block === null || block === undefined) return [];
  if (typeof block !== "object" || Array.isArray(block)) {
    logger.warn("config 'hooks' must be a mapping of event name to a list of hooks; ignored");
    return [];
  }
  const specs: ShellHookSpec[] = [];
  for (const [event, entries] of Object.entries(block as Record<string, unknown>)) {
    if (RESERVED_KEYS.has(event) || entries === null || entries === undefined) continue;
    if (!isHookName(event)) {
      logger.warn(
        `unknown hook event '${event}' in hooks: config (known: ${HOOK_NAMES.join(", ")})`,
      );
      continue;
    }
    if (!Array.isArray(entries)) {
      logger.warn(`hooks.${event} must be a list of hook definitions; ignored`);
      continue;
    }
    entries.forEach((raw: unknown, index) => {
      const spec = parseEntry(event, raw, (message) =>
        logger.warn(`hooks.${event}[${index}]${message}`),
      );
      if (spec !== undefined) specs.push(spec);
    });
  }
  return specs;
}

function parseEntry(
  event: string,
  raw: unknown,
  warn: (message: string) => void,
): ShellHookSpec | undefined {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    warn(" must be a mapping with a 'command' key; skipped");
    return undefined;
  }
  const entry = raw as Record<string, unknown>;
  const command = entry.command;
  if (typeof command !== "string" || command.trim() === "") {
    warn(" has no 'command'; skipped");
    return undefined;
  }
  const matcher = readMatcher(event, entry.matcher, warn);
  return {
    event,
    command: command.trim(),
    matcher,
    pattern: matcher === undefined ? undefined : compileMatcher(matcher, warn),
    timeoutSeconds: readTimeout(entry.timeout, warn),
    failClosed: readFailClosed(event, entry.fail_closed ?? entry.failClosed, warn),
  };
}

function readMatcher(
  event: string,
  value: unknown,
  warn: (message: string) => void,
): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") {
    warn(".matcher must be a regex string; ignored");
    return undefined;
  }
  const text = value.trim();
  if (text === "") return undefined;
  if (!TOOL_EVENTS.has(event)) {
    warn(
      `.matcher is only used by pre_tool_call and post_tool_call; this hook runs for every ${event}`,
    );
    return undefined;
  }
  return text;
}

function compileMatcher(text: string, warn: (message: string) => void): RegExp | undefined {
  try {
    return new RegExp(`^(?:${text})$`);
  } catch (error) {
    warn(`.matcher '${text}' is not a valid regex (${String(error)}); matching the name literally`);
    return undefined;
  }
}

function readTimeout(value: unknown, warn: (message: string) => void): number {
  if (value === undefined || value === null) return DEFAULT_SHELL_HOOK_TIMEOUT_S;
  const seconds = typeof value === "string" ? Number(value.trim()) : value;
  if (typeof seconds !== "number" || !Number.isInteger(seconds) || seconds < 1) {
    warn(`.timeout must be a whole number of seconds >= 1; using ${DEFAULT_SHELL_HOOK_TIMEOUT_S}`);
    return DEFAULT_SHELL_HOOK_TIMEOUT_S;
  }
  if (seconds > MAX_SHELL_HOOK_TIMEOUT_S) {
    warn(`.timeout ${seconds}s is above the maximum; using ${MAX_SHELL_HOOK_TIMEOUT_S}`);
    return MAX_SHELL_HOOK_TIMEOUT_S;
  }
  return seconds;
}

function readFailClosed(event: string, value: unknown, warn: (message: string) => void): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value !== "boolean") {
    warn(".fail_closed must be true or false; using false");
    return false;
  }
  if (value && !BLOCKING_SHELL_HOOK_EVENTS.has(event)) {
    warn(`.fail_closed only applies to pre_tool_call; ${event} hooks fail open`);
    return false;
  }
  return value;
}

/** True when the hook should run for this tool (non-tool events always run). */
export function matchesTool(spec: ShellHookSpec, toolName: unknown): boolean {
  if (spec.matcher === undefined || !TOOL_EVENTS.has(spec.event)) return true;
  if (typeof toolName !== "string") return false;
  return spec.pattern === undefined ? toolName === spec.matcher : spec.pattern.test(toolName);
}
