import { approvalNote, commandContextOf, refusedApprovalResult } from "./command-approval.js";
import type { Environment } from "./environment.js";
import { TerminalError } from "./terminal-error.js";
import { exitCodeMeaning } from "./exit-code-hints.js";
import { foregroundHangMessage, foregroundHangReason } from "./foreground-guard.js";
import { cleanOutput } from "./model-output.js";
import type { TerminalRuntime } from "./terminal-runtime.js";

/** The `terminal` tool's JSON Schema parameters (Hermes' names). */
export const TERMINAL_PARAMETERS: {
  readonly type: "object";
  readonly properties: Readonly<Record<string, unknown>>;
  readonly required: readonly string[];
} = {
  type: "object",
  properties: {
    command: { type: "string", description: "The shell command to run (bash)." },
    background: {
      type: "boolean",
      default: false,
      description:
        "Run in the background and return a session_id at once. Use for servers, watchers and anything long; manage it with the process tool.",
    },
    timeout: {
      type: "integer",
      minimum: 1,
      description:
        "Seconds before a foreground command is killed (default 180, foreground max 600).",
    },
    workdir: {
      type: "string",
      description:
        "Absolute directory to run this one command in. The session's directory does not change.",
    },
    pty: {
      type: "boolean",
      default: false,
      description:
        "Run in a pseudo-terminal, for interactive programs (local backend). Send input with process write/submit.",
    },
    notify_on_complete: {
      type: "boolean",
      default: false,
      description:
        "Background only: be told when the process exits, with its exit code and last output.",
    },
    watch_patterns: {
      type: "array",
      items: { type: "string" },
      description:
        "Background only: be told when the output prints a line containing any of these strings (e.g. 'listening on', 'ERROR'); at most one notice per 15 s. Ignored when notify_on_complete is set.",
    },
  },
  required: ["command"],
};

/**
 * The terminal parameters telling the model this runtime's foreground timeouts
 * (`terminal.timeout`, `terminal.max_foreground_timeout`); the shared default object when
 * they are Hermes' 180 and 600.
 */
export function terminalParametersFor(
  timeoutSeconds: number,
  maxForegroundSeconds: number,
): typeof TERMINAL_PARAMETERS {
  if (timeoutSeconds === 180 && maxForegroundSeconds === 600) return TERMINAL_PARAMETERS;
  return {
    ...TERMINAL_PARAMETERS,
    properties: {
      ...TERMINAL_PARAMETERS.properties,
      timeout: {
        type: "integer",
        minimum: 1,
        description: `Seconds before a foreground command is killed (default ${String(timeoutSeconds)}, foreground max ${String(maxForegroundSeconds)}).`,
      },
    },
  };
}

/** The `terminal` tool's description, steering the model to the right tools. */
export const TERMINAL_DESCRIPTION: string = [
  "Run a shell command. The directory and exported variables persist between calls of the same task.",
  "Prefer the dedicated tools where they exist: read_file instead of cat/head/tail, search_files instead of grep/rg/find/ls,",
  "patch instead of sed/awk, write_file instead of echo or heredocs.",
  "Foreground commands return when they finish (killed after the timeout).",
  "Start servers, watchers and long jobs with background=true (and notify_on_complete=true), then use the process tool.",
  "Use pty=true for programs that need a terminal.",
].join(" ");

const WORKDIR_ALLOWED = /^[A-Za-z0-9/\\:_\-.~ +@=,]+$/;

function pythonTypeName(value: unknown): string {
  if (value === null || value === undefined) return "NoneType";
  if (Array.isArray(value)) return "list";
  switch (typeof value) {
    case "number":
      return Number.isInteger(value) ? "int" : "float";
    case "boolean":
      return "bool";
    case "object":
      return "dict";
    default:
      return typeof value;
  }
}

function errorResult(error: string, status: string, exitCode = -1): Record<string, unknown> {
  return { output: "", exit_code: exitCode, error, status };
}

/** Arguments of the terminal tool as the model sends them. */
export interface TerminalArgs {
  readonly command?: unknown;
  readonly background?: unknown;
  readonly timeout?: unknown;
  readonly workdir?: unknown;
  readonly pty?: unknown;
  readonly notify_on_complete?: unknown;
  readonly watch_patterns?: unknown;
}

/** What the terminal tool uses of the call context. */
export interface TerminalCallContext {
  readonly taskId?: string | undefined;
  readonly sessionKey?: string | undefined;
  readonly signal?: AbortSignal | undefined;
}

/** Run one terminal tool call and return its result object (Hermes' keys). Never rejects. */
export async function runTerminalTool(
  runtime: TerminalRuntime,
  args: TerminalArgs,
  ctx: TerminalCallContext = {},
): Promise<Record<string, unknown>> {
  // Callers outside the registry (and models) can pass anything; the answer is a tool error.
  if (typeof args !== "object" || (args as unknown) === null || Array.isArray(args)) {
    return errorResult(
      `Invalid arguments: expected an object with a "command" string, got ${pythonTypeName(args)}`,
      "error",
    );
  }
  const call: TerminalCallContext = typeof ctx === "object" && (ctx as unknown) !== null ? ctx : {};
  const { command } = args;
  if (typeof command !== "string") {
    return errorResult(`Invalid command: expected string, got ${pythonTypeName(command)}`, "error");
  }
  const background = args.background === true;
  const pty = args.pty === true;
  const notify = args.notify_on_complete === true;
  const watchPatterns = Array.isArray(args.watch_patterns)
    ? args.watch_patterns.filter(
        (pattern): pattern is string => typeof pattern === "string" && pattern !== "",
      )
    : [];
  const { settings } = runtime;
  // The configured default is the user's choice, not the model's: when it is over the
  // foreground maximum it is clamped, not refused (else every command would fail).
  let timeout = background
    ? settings.timeoutSeconds
    : Math.min(settings.timeoutSeconds, settings.maxForegroundTimeoutSeconds);
  if (args.timeout !== undefined && args.timeout !== null) {
    const requested = Number(args.timeout);
    if (!Number.isInteger(requested) || requested < 1) {
      return errorResult(
        `Invalid timeout: expected an integer of at least 1, got ${JSON.stringify(args.timeout)}`,
        "error",
      );
    }
    timeout = requested;
  }
  if (!background && timeout > settings.maxForegroundTimeoutSeconds) {
    return errorResult(
      `Foreground timeout ${timeout}s exceeds the maximum of ${settings.maxForegroundTimeoutSeconds}s. ` +
        "Use background=true with notify_on_complete=true for long-running commands.",
      "error",
    );
  }
  if (!background) {
    const reason = foregroundHangReason(command);
    if (reason !== undefined) return errorResult(foregroundHangMessage(reason), "error");
  }

  // A backend known to be unusable is probed again before anyone is asked to approve a
  // command that cannot run; the answer names what is missing.
  const unusable =
    runtime.unavailableReason() === undefined ? undefined : await runtime.checkBackend();
  if (unusable !== undefined) {
    return {
      error: `Terminal tool disabled: environment creation failed (${unusable})`,
      status: "disabled",
    };
  }

  let workdir: string | undefined;
  if (args.workdir !== undefined && args.workdir !== null && args.workdir !== "") {
    if (typeof args.workdir !== "string")
      return errorResult("Invalid workdir: expected a string path", "error");
    if (!WORKDIR_ALLOWED.test(args.workdir)) {
      const bad = [...args.workdir].find((ch) => !WORKDIR_ALLOWED.test(ch)) ?? "?";
      return errorResult(
        `Blocked: workdir contains disallowed character '${bad}'. Use a simple filesystem path without shell metacharacters.`,
        "blocked",
      );
    }
    workdir = args.workdir;
  }

  const taskId = call.taskId ?? "default";
  let env: Environment;
  try {
    env = await runtime.environment(taskId);
  } catch (error) {
    return {
      error: `Terminal tool disabled: environment creation failed (${error instanceof Error ? error.message : String(error)})`,
      status: "disabled",
    };
  }
  // Approval sees the command where it will run: the session's directory (or `workdir`), its
  // home, and the aliases and functions earlier commands defined.
  const approval = await runtime.approve(command, {
    envType: settings.backend,
    ...(typeof call.sessionKey === "string" ? { sessionKey: call.sessionKey } : {}),
    ...(call.signal === undefined ? {} : { signal: call.signal }),
    commandContext: await commandContextOf(
      env,
      workdir,
      settings.cwd ?? (settings.backend === "local" ? process.cwd() : undefined),
      command,
    ),
  });
  if (!approval.approved) return refusedApprovalResult(command, approval);
  const note = approvalNote(approval);

  const release = runtime.hold(taskId);
  try {
    const extra = note === undefined ? {} : { approval: note };
    return background
      ? await startBackground(
          runtime,
          env,
          { command, workdir, pty, notify, watchPatterns, taskId },
          extra,
        )
      : await runForeground(env, { command, workdir, pty, timeout, signal: call.signal }, extra);
  } catch (error) {
    if (TerminalError.isInstance(error)) return errorResult(error.message, "error");
    return errorResult(
      `Failed to execute command: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
      "error",
    );
  } finally {
    release();
  }
}

async function runForeground(
  env: Environment,
  call: {
    command: string;
    workdir: string | undefined;
    pty: boolean;
    timeout: number;
    signal: AbortSignal | undefined;
  },
  extra: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const result = await env.execute(call.command, {
    timeout: call.timeout,
    ...(call.workdir === undefined ? {} : { cwd: call.workdir }),
    ...(call.pty ? { pty: true } : {}),
    ...(call.signal === undefined ? {} : { signal: call.signal }),
  });
  let error: string | null = null;
  if (result.timedOut) error = `Command timed out after ${call.timeout} seconds`;
  else if (result.interrupted) error = "Command interrupted";
  const meaning =
    result.timedOut || result.interrupted
      ? undefined
      : exitCodeMeaning(call.command, result.exitCode);
  return {
    output: cleanOutput(result.output, call.pty),
    exit_code: result.exitCode,
    error,
    ...extra,
    ...(meaning === undefined ? {} : { exit_code_meaning: meaning }),
  };
}

async function startBackground(
  runtime: TerminalRuntime,
  env: Environment,
  call: {
    command: string;
    workdir: string | undefined;
    pty: boolean;
    notify: boolean;
    watchPatterns: readonly string[];
    taskId: string;
  },
  extra: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  if (!runtime.processes.hasRoom()) {
    return errorResult(
      "Too many background processes are running. Kill one with the process tool (action='kill') before starting another.",
      "error",
    );
  }
  const handle = await env.spawnBackground(call.command, {
    ...(call.workdir === undefined ? {} : { cwd: call.workdir }),
    ...(call.pty ? { pty: true } : {}),
  });
  const tracked = runtime.processes.add({
    handle,
    command: call.command,
    taskId: call.taskId,
    cwd: call.workdir ?? env.cwd,
    notifyOnComplete: call.notify,
    // Both would report the same process twice; the exit notice is the one kept.
    watchPatterns: call.notify ? [] : call.watchPatterns,
  });
  const watching = !call.notify && call.watchPatterns.length > 0;
  return {
    output: "Background process started",
    session_id: tracked.sessionId,
    pid: tracked.pid ?? null,
    exit_code: 0,
    error: null,
    ...extra,
    ...(call.notify ? { notify_on_complete: true } : {}),
    ...(watching ? { watch_patterns: [...call.watchPatterns] } : {}),
    ...(call.notify && call.watchPatterns.length > 0
      ? {
          watch_patterns_ignored:
            "watch_patterns ignored: notify_on_complete is set, and both would report this process twice. Start it with only watch_patterns to be told about output while it runs.",
        }
      : {}),
    ...(call.notify || watching
      ? {}
      : {
          hint:
            `Check on it with process(action='poll' or 'wait', session_id='${tracked.sessionId}'), ` +
            "or pass notify_on_complete=true next time to be told when it exits.",
        }),
  };
}
