import { createHash } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { redactSecrets } from "@hermes-agent/core";
import { stripAnsi } from "@hermes-agent/terminal";
import { failureHint } from "./failure-hints.js";
import type { CapturedStdout } from "./output-capture.js";
import type { RunStatus } from "./local-runner.js";

/** The JSON result of execute_code, in Hermes' shape and key order. */
export interface ExecuteCodeResult {
  readonly status: RunStatus;
  readonly output: string;
  readonly exit_code?: number;
  readonly tool_calls_made: number;
  readonly duration_seconds: number;
  readonly stdout_truncated?: boolean;
  readonly stdout_bytes_captured?: number;
  readonly stdout_bytes_total?: number;
  readonly stdout_bytes_omitted?: number;
  readonly warning?: string;
  readonly stdout_spill_path?: string;
  readonly error?: string;
  readonly hint?: string;
}

/** Everything a result is built from. */
export interface ResultInput {
  readonly status: RunStatus;
  readonly exitCode: number;
  readonly stdout: CapturedStdout;
  /** Text appended after a `--- stderr ---` marker on a failure. */
  readonly stderr: string;
  readonly toolCallsMade: number;
  readonly durationMs: number;
  readonly timeoutSeconds: number;
  /** Why the run was interrupted, when it was. */
  readonly interruptReason: string | undefined;
  /** Sandbox tools the script was offered (for hints). */
  readonly offeredTools: readonly string[];
  /** Where the full stdout of a truncated run is saved; undefined to keep none. */
  readonly spillDirectory: string | undefined;
  /** Error text of a failure to start the script at all. */
  readonly startError?: string | undefined;
}

/** `[execution interrupted — <reason>]`, or `[execution interrupted]` when no reason is known. */
export function interruptedMarker(reason: string | undefined): string {
  return reason === undefined || reason === ""
    ? "[execution interrupted]"
    : `[execution interrupted — ${reason}]`;
}

/** The reason an AbortSignal carries, when it is worth telling the model. */
export function abortReasonText(signal: AbortSignal | undefined): string | undefined {
  const reason: unknown = signal?.reason;
  if (typeof reason === "string") return reason;
  if (reason instanceof Error && reason.name !== "AbortError" && reason.message !== "")
    return reason.message;
  return undefined;
}

function clean(text: string): string {
  return redactSecrets(stripAnsi(text));
}

async function spill(full: string, directory: string): Promise<string | undefined> {
  try {
    await mkdir(directory, { recursive: true });
    const digest = createHash("sha256").update(full).digest("hex").slice(0, 12);
    const file = path.join(directory, `stdout-${digest}.txt`);
    await writeFile(file, clean(full), { mode: 0o600 });
    return file;
  } catch {
    return undefined;
  }
}

/** Build the execute_code result from what a run observed (Hermes' texts and fields). */
export async function buildResult(input: ResultInput): Promise<ExecuteCodeResult> {
  const { stdout } = input;
  let output = clean(stdout.text);
  let warning: string | undefined;
  let spillPath: string | undefined;
  if (stdout.truncated) {
    warning =
      "execute_code stdout was truncated; the script did run, but only the captured head/tail " +
      "output is included. Re-run only with narrower output if the omitted data is required.";
    if (input.spillDirectory !== undefined && stdout.full !== undefined) {
      spillPath = await spill(stdout.full, input.spillDirectory);
      if (spillPath !== undefined) {
        warning =
          "execute_code stdout was truncated (head/tail shown); the script did run. FULL output " +
          `saved to ${spillPath} — page it with read_file(path="${spillPath}", offset=...) instead of re-running.`;
      }
    }
  }
  let error: string | undefined;
  let hint: string | undefined;
  let status = input.status;
  const stderr = clean(input.stderr);
  if (status === "timeout") {
    error = `Script timed out after ${input.timeoutSeconds}s and was killed.`;
    output = output === "" ? `⏰ ${error}` : `${output}\n\n⏰ ${error}`;
  } else if (status === "interrupted") {
    const marker = interruptedMarker(input.interruptReason);
    output = output === "" ? marker : `${output}\n${marker}`;
  } else if (input.startError !== undefined) {
    status = "error";
    error = input.startError;
  } else if (input.exitCode !== 0) {
    status = "error";
    error = stderr.trim() === "" ? `Script exited with code ${input.exitCode}` : stderr.trim();
    if (stderr !== "") output = `${output}\n--- stderr ---\n${stderr}`;
    hint = failureHint(stderr, input.offeredTools);
  }
  return {
    status,
    output,
    exit_code: input.exitCode,
    tool_calls_made: input.toolCallsMade,
    duration_seconds: Math.round(input.durationMs / 10) / 100,
    stdout_truncated: stdout.truncated,
    stdout_bytes_captured: stdout.capturedBytes,
    stdout_bytes_total: stdout.totalBytes,
    stdout_bytes_omitted: stdout.omittedBytes,
    ...(warning === undefined ? {} : { warning }),
    ...(spillPath === undefined ? {} : { stdout_spill_path: spillPath }),
    ...(error === undefined ? {} : { error }),
    ...(hint === undefined ? {} : { hint }),
  };
}
