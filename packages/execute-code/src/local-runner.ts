import { spawn } from "node:child_process";
import { HeadCapture, StdoutCapture, type CapturedStdout } from "./output-capture.js";
import { releaseGroup, signalGroup, trackGroup } from "./process-group.js";

/** Hermes' grace period between SIGTERM and SIGKILL on timeout. */
export const KILL_GRACE_MS = 5_000;
/** After the script exits, how long descendants may keep its output open before they are killed. */
const OUTPUT_DRAIN_MS = 200;
const MAX_TIMER_MS = 2 ** 31 - 1;

/** How a script ended. */
export type RunStatus = "success" | "error" | "timeout" | "interrupted";

/** Options of {@link runProcess}. */
export interface RunProcessOptions {
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  readonly killGraceMs?: number | undefined;
  readonly signal?: AbortSignal | undefined;
  readonly maxStdoutBytes?: number;
  readonly maxStderrBytes?: number;
  /** Keep stdout up to the spill limit when it is truncated. */
  readonly keepFullStdout?: boolean;
}

/** What {@link runProcess} observed. */
export interface RunOutcome {
  readonly status: RunStatus;
  /** The exit code; 124 on timeout, 130 on interrupt, 128+n when killed by signal n. */
  readonly exitCode: number;
  readonly stdout: CapturedStdout;
  readonly stderr: string;
  /** Set when the process could not be started at all. */
  readonly spawnError: Error | undefined;
}

const SIGNAL_NUMBERS: Readonly<Record<string, number>> = {
  SIGHUP: 1,
  SIGINT: 2,
  SIGKILL: 9,
  SIGTERM: 15,
};

/**
 * Run a script in its own process group with stdin closed, capping stdout (head and tail) and
 * stderr (head). A timeout or an abort sends SIGTERM to the group and SIGKILL after the grace
 * period; when the script ends, whatever is left of its group is killed, so no descendant
 * survives it.
 */
export function runProcess(options: RunProcessOptions): Promise<RunOutcome> {
  const stdout = new StdoutCapture(options.maxStdoutBytes, options.keepFullStdout === true);
  const stderr = new HeadCapture(options.maxStderrBytes);
  return new Promise((resolve) => {
    let reason: "timeout" | "interrupted" | undefined;
    let killTimer: NodeJS.Timeout | undefined;
    let drainTimer: NodeJS.Timeout | undefined;
    let exitCode = -1;
    let spawnError: Error | undefined;
    const child = spawn(options.command, options.args, {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const pgid = child.pid;
    trackGroup(pgid);
    const stop = (why: "timeout" | "interrupted"): void => {
      if (reason !== undefined || child.exitCode !== null || child.signalCode !== null) return;
      reason = why;
      signalGroup(pgid, "SIGTERM");
      killTimer = setTimeout(
        () => signalGroup(pgid, "SIGKILL"),
        options.killGraceMs ?? KILL_GRACE_MS,
      );
    };
    const timer = setTimeout(
      () => stop("timeout"),
      Math.min(MAX_TIMER_MS, Math.max(1, options.timeoutMs)),
    );
    const onAbort = (): void => stop("interrupted");
    options.signal?.addEventListener("abort", onAbort, { once: true });
    if (options.signal?.aborted === true) onAbort();
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.once("error", (error) => {
      spawnError = error;
    });
    child.once("exit", (code, signal) => {
      exitCode = code ?? 128 + (signal === null ? 15 : (SIGNAL_NUMBERS[signal] ?? 15));
      // The script is gone; its group (background children, grandchildren) goes with it.
      signalGroup(pgid, "SIGKILL");
      drainTimer = setTimeout(() => {
        child.stdout.destroy();
        child.stderr.destroy();
      }, OUTPUT_DRAIN_MS);
    });
    child.once("close", () => {
      clearTimeout(timer);
      clearTimeout(killTimer);
      clearTimeout(drainTimer);
      options.signal?.removeEventListener("abort", onAbort);
      signalGroup(pgid, "SIGKILL");
      releaseGroup(pgid);
      const status: RunStatus =
        reason ?? (spawnError !== undefined || exitCode !== 0 ? "error" : "success");
      resolve({
        status,
        exitCode: reason === "timeout" ? 124 : reason === "interrupted" ? 130 : exitCode,
        stdout: stdout.result(),
        stderr: stderr.text(),
        spawnError,
      });
    });
  });
}
