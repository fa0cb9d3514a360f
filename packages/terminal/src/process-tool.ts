import { judgeProcessInput } from "./process-input-approval.js";
import type { TrackedProcess } from "./process-registry.js";
import { cleanOutput, cleanTail } from "./model-output.js";
import { capOutput } from "./output-cap.js";
import type { TerminalCallContext } from "./terminal-tool.js";
import type { TerminalRuntime } from "./terminal-runtime.js";

/** Actions of the `process` tool. */
export const PROCESS_ACTIONS: readonly string[] = [
  "list",
  "poll",
  "log",
  "wait",
  "kill",
  "write",
  "submit",
  "close",
];

/** The `process` tool's JSON Schema parameters (Hermes' names). */
export const PROCESS_PARAMETERS: {
  readonly type: "object";
  readonly properties: Readonly<Record<string, unknown>>;
  readonly required: readonly string[];
} = {
  type: "object",
  properties: {
    action: {
      type: "string",
      // No JSON Schema enum: an unknown action gets Hermes' own error listing the valid ones.
      description:
        "One of list, poll, log, wait, kill, write, submit, close. list: all background processes; poll: status and recent output; log: output by lines (offset/limit, default the last 200); " +
        "wait: block until exit or timeout; kill: stop it and its children; write: send raw text to stdin; " +
        "submit: send text and Enter; close: close stdin (EOF).",
    },
    session_id: {
      type: "string",
      description: "The session_id terminal(background=true) returned.",
    },
    data: { type: "string", description: "Text for write/submit." },
    timeout: { type: "integer", minimum: 1, description: "wait: seconds to wait at most." },
    offset: { type: "integer", minimum: 0, description: "log: first line to show (0-based)." },
    limit: { type: "integer", minimum: 1, description: "log: number of lines (default 200)." },
  },
  required: ["action"],
};

/** The `process` tool's description. */
export const PROCESS_DESCRIPTION: string =
  "Manage background processes started with terminal(background=true): list them, poll status and output, " +
  "read the log, wait for exit, kill, or send input (write/submit/close).";

const DEFAULT_LOG_LINES = 200;
const POLL_PREVIEW_CHARS = 1000;
const WAIT_OUTPUT_CHARS = 2000;
const LIST_PREVIEW_CHARS = 200;

/** Arguments of the process tool as the model sends them. */
export interface ProcessArgs {
  readonly action?: unknown;
  readonly session_id?: unknown;
  readonly data?: unknown;
  readonly timeout?: unknown;
  readonly offset?: unknown;
  readonly limit?: unknown;
}

function statusOf(proc: TrackedProcess): "running" | "exited" {
  return proc.exitCode === null ? "running" : "exited";
}

function uptime(proc: TrackedProcess): number {
  return Math.floor(((proc.exitedAt ?? Date.now()) - proc.startedAt) / 1000);
}

function optionalInteger(value: unknown, min: number): number | undefined {
  if (value === undefined || value === null) return undefined;
  const n = Number(value);
  return Number.isInteger(n) && n >= min ? n : undefined;
}

function notFound(sessionId: string): Record<string, unknown> {
  return { status: "not_found", error: `No process with ID ${sessionId}` };
}

/** Run one process tool call and return its result object (Hermes' keys). */
export async function runProcessTool(
  runtime: TerminalRuntime,
  args: ProcessArgs,
  ctx: TerminalCallContext = {},
): Promise<Record<string, unknown>> {
  const given: unknown = args;
  if (typeof given !== "object" || given === null || Array.isArray(given)) {
    const got =
      given === null || given === undefined
        ? "nothing"
        : Array.isArray(given)
          ? "a list"
          : typeof given;
    return {
      error: `Invalid arguments: expected an object with an "action" string (one of ${PROCESS_ACTIONS.join(", ")}), got ${got}`,
    };
  }
  if (typeof ctx !== "object" || (ctx as unknown) === null) ctx = {};
  const action = typeof args.action === "string" ? args.action : String(args.action);
  const { processes } = runtime;
  // A task sees only its own processes, as with its cwd and variables (the terminal tool
  // files calls without a task id under "default").
  const taskId = ctx.taskId ?? "default";
  if (action === "list") {
    return {
      processes: processes.list(taskId).map((proc) => ({
        session_id: proc.sessionId,
        command: proc.command.slice(0, 200),
        cwd: proc.cwd,
        pid: proc.pid ?? null,
        started_at: new Date(proc.startedAt).toISOString(),
        uptime_seconds: uptime(proc),
        status: statusOf(proc),
        output_preview: cleanTail(proc.output, LIST_PREVIEW_CHARS, proc.pty),
        ...(proc.exitCode === null ? {} : { exit_code: proc.exitCode }),
      })),
    };
  }
  if (!PROCESS_ACTIONS.includes(action)) {
    return { error: `Unknown process action: ${action}. Use: ${PROCESS_ACTIONS.join(", ")}` };
  }
  const sessionId = typeof args.session_id === "string" ? args.session_id.trim() : "";
  if (sessionId === "") return { error: `session_id is required for ${action}` };
  const proc = processes.get(sessionId);
  if (proc?.taskId !== taskId) return notFound(sessionId);
  runtime.touch(taskId);

  switch (action) {
    case "poll": {
      if (proc.exitCode !== null) processes.markReported(sessionId);
      return {
        session_id: sessionId,
        command: proc.command,
        status: statusOf(proc),
        pid: proc.pid ?? null,
        uptime_seconds: uptime(proc),
        output_preview: cleanTail(proc.output, POLL_PREVIEW_CHARS, proc.pty),
        ...(proc.exitCode === null ? {} : { exit_code: proc.exitCode }),
        ...(proc.pty ? { pty: true } : {}),
      };
    }
    case "log":
      return readLog(
        proc,
        optionalInteger(args.offset, 0),
        optionalInteger(args.limit, 1) ?? DEFAULT_LOG_LINES,
        runtime.settings.maxOutputChars,
      );
    case "wait":
      return waitFor(runtime, proc, optionalInteger(args.timeout, 1), ctx.signal);
    case "kill": {
      if (proc.exitCode !== null) return { status: "already_exited", exit_code: proc.exitCode };
      await proc.handle.kill();
      return { status: "killed", session_id: sessionId };
    }
    case "write":
    case "submit": {
      if (proc.exitCode !== null)
        return { status: "already_exited", error: "Process has already finished" };
      const data = typeof args.data === "string" ? args.data : "";
      const payload = action === "submit" ? data + (proc.pty ? "\r" : "\n") : data;
      // Input to a shell or REPL is code: judged like a command before it is written.
      try {
        const refused = await judgeProcessInput(runtime, proc, payload, ctx);
        if (refused !== undefined) return refused;
      } catch (error) {
        return {
          status: "error",
          error: `The input could not be checked, so it was not written (${error instanceof Error ? error.message : String(error)})`,
        };
      }
      try {
        proc.handle.write(payload);
      } catch (error) {
        return {
          status: "error",
          error: `Process stdin not available (${error instanceof Error ? error.message : String(error)})`,
        };
      }
      return { status: "ok", bytes_written: Buffer.byteLength(payload) };
    }
    default: {
      if (proc.exitCode !== null)
        return { status: "already_exited", error: "Process has already finished" };
      proc.handle.closeStdin();
      return { status: "ok", message: "stdin closed" };
    }
  }
}

function readLog(
  proc: TrackedProcess,
  offset: number | undefined,
  limit: number,
  maxChars: number,
): Record<string, unknown> {
  const text = cleanOutput(proc.output, proc.pty);
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  const total = lines.length;
  const start = offset ?? Math.max(0, total - limit);
  const slice = lines.slice(start, start + limit);
  return {
    session_id: proc.sessionId,
    status: statusOf(proc),
    // Lines can be of any length (one giant line): the page is capped like terminal output.
    output: capOutput(slice.join("\n"), maxChars),
    total_lines: total,
    showing:
      slice.length === 0
        ? `no lines (total ${total})`
        : `lines ${start + 1}-${start + slice.length} of ${total}`,
    ...(proc.droppedChars > 0
      ? { note: `${proc.droppedChars} earlier characters were dropped from the rolling buffer` }
      : {}),
    ...(proc.exitCode === null ? {} : { exit_code: proc.exitCode }),
  };
}

async function waitFor(
  runtime: TerminalRuntime,
  proc: TrackedProcess,
  requested: number | undefined,
  signal: AbortSignal | undefined,
): Promise<Record<string, unknown>> {
  const max = runtime.settings.maxForegroundTimeoutSeconds;
  let timeout = requested ?? runtime.settings.timeoutSeconds;
  let note: string | undefined;
  if (timeout > max) {
    note = `Requested wait of ${timeout}s was clamped to ${max}s`;
    timeout = max;
  }
  const exited = await runtime.processes.waitForExit(proc.sessionId, timeout * 1000, signal);
  const current = runtime.processes.get(proc.sessionId) ?? proc;
  if (exited && current.exitCode !== null) {
    runtime.processes.markReported(proc.sessionId);
    return {
      status: "exited",
      exit_code: current.exitCode,
      output: cleanTail(current.output, WAIT_OUTPUT_CHARS, current.pty),
      ...(note === undefined ? {} : { timeout_note: note }),
    };
  }
  if (signal?.aborted) {
    return {
      status: "interrupted",
      output: cleanTail(current.output, POLL_PREVIEW_CHARS, current.pty),
      note: "Wait interrupted; the process is still running",
    };
  }
  return {
    status: "timeout",
    output: cleanTail(current.output, POLL_PREVIEW_CHARS, current.pty),
    timeout_note: note ?? `Waited ${timeout}s, process still running`,
  };
}
