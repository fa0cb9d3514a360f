import { randomBytes } from "node:crypto";
import type { BackgroundProcess } from "./environment.js";
import { TerminalError, TerminalErrorCode } from "./terminal-error.js";
import { cleanOutput } from "./model-output.js";
import {
  OutputWatch,
  watchDisabledMessage,
  watchMatchMessage,
  type OutputWatchLimits,
} from "./output-watch.js";

/** Limits of a {@link ProcessRegistry}, Hermes' values by default. */
export interface ProcessRegistryOptions {
  /** Rolling output buffer per process, characters (200 000). */
  readonly maxOutputChars?: number;
  /** Most processes tracked at once, running and finished (64). */
  readonly maxProcesses?: number;
  /** How long finished processes stay listed, milliseconds (30 minutes). */
  readonly finishedTtlMs?: number;
  /** Output tail carried by a completion notice, characters (2 000). */
  readonly completionOutputChars?: number;
  /** Rate limits of `watch_patterns` notices (15 s spacing, 3 strikes). */
  readonly watchLimits?: OutputWatchLimits;
  /** Clock, for tests. */
  readonly now?: () => number;
}

/** A completion notice for a process started with `notify_on_complete`. */
export interface ProcessCompletion {
  readonly sessionId: string;
  readonly taskId: string;
  readonly command: string;
  readonly exitCode: number;
  /** The last 2 000 characters of output, ANSI stripped and secrets redacted. */
  readonly output: string;
  /** The text to inject into the conversation (Hermes' wording). */
  readonly message: string;
  /** True when the model already saw the exit through `wait` or `poll`. */
  readonly alreadyReported: boolean;
}

/** A notice about a watched process's output (`watch_patterns`). */
export interface ProcessWatchNotice {
  readonly sessionId: string;
  readonly taskId: string;
  readonly command: string;
  /** "match": a pattern appeared; "disabled": the watch stopped after too many matches. */
  readonly kind: "match" | "disabled";
  /** The pattern that matched ("match" only). */
  readonly pattern?: string;
  /** The text to inject into the conversation. */
  readonly message: string;
}

/** What {@link ProcessRegistry.add} records. */
export interface TrackedProcessInput {
  readonly handle: BackgroundProcess;
  readonly command: string;
  readonly taskId: string;
  readonly cwd: string;
  readonly notifyOnComplete: boolean;
  /** Substrings to watch the output for (Hermes' `watch_patterns`). */
  readonly watchPatterns?: readonly string[];
}

/** A tracked background process. */
export interface TrackedProcess {
  readonly sessionId: string;
  readonly taskId: string;
  readonly command: string;
  readonly cwd: string;
  readonly pid: number | undefined;
  readonly pty: boolean;
  readonly startedAt: number;
  /** True when the exit is reported (asked for, or a watch that stopped promoted it). */
  readonly notifyOnComplete: boolean;
  /** The output patterns watched (empty when none, or once the watch stopped). */
  readonly watchPatterns: readonly string[];
  readonly handle: BackgroundProcess;
  /** Output kept so far (the last `maxOutputChars`). */
  readonly output: string;
  /** Characters dropped from the front of the buffer. */
  readonly droppedChars: number;
  readonly exitCode: number | null;
  readonly exitedAt: number | undefined;
  /** Whether the model has seen the exit (wait/poll). */
  readonly exitReported: boolean;
}

type MutableProcess = { -readonly [K in keyof TrackedProcess]: TrackedProcess[K] };

const DEFAULTS = {
  maxOutputChars: 200_000,
  maxProcesses: 64,
  finishedTtlMs: 30 * 60 * 1000,
  completionOutputChars: 2000,
} as const;

/** Hermes' completion notice text. */
export function completionMessage(
  sessionId: string,
  exitCode: number,
  command: string,
  output: string,
): string {
  return `[IMPORTANT: Background process ${sessionId} completed (exit code ${exitCode}).\nCommand: ${command}\nOutput:\n${output}]`;
}

/**
 * Background processes of a runtime: rolling output buffers, exit tracking, pruning of
 * old finished processes, and completion notices for the agent loop.
 */
export class ProcessRegistry {
  readonly #maxOutputChars: number;
  readonly #maxProcesses: number;
  readonly #finishedTtlMs: number;
  readonly #completionChars: number;
  readonly #now: () => number;
  readonly #processes = new Map<string, MutableProcess>();
  readonly #listeners = new Set<(completion: ProcessCompletion) => void>();
  readonly #watchListeners = new Set<(notice: ProcessWatchNotice) => void>();
  readonly #watches = new Map<string, OutputWatch>();
  readonly #watchLimits: OutputWatchLimits;
  readonly #waiters = new Map<string, Set<() => void>>();

  constructor(options: ProcessRegistryOptions = {}) {
    this.#maxOutputChars = options.maxOutputChars ?? DEFAULTS.maxOutputChars;
    this.#maxProcesses = options.maxProcesses ?? DEFAULTS.maxProcesses;
    this.#finishedTtlMs = options.finishedTtlMs ?? DEFAULTS.finishedTtlMs;
    this.#completionChars = options.completionOutputChars ?? DEFAULTS.completionOutputChars;
    this.#now = options.now ?? Date.now;
    this.#watchLimits = options.watchLimits ?? {};
  }

  /** Receive completion notices of processes started with notify_on_complete. Returns an unsubscribe function. */
  onComplete(listener: (completion: ProcessCompletion) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Receive notices of watched output (`watch_patterns`). Returns an unsubscribe function. */
  onWatch(listener: (notice: ProcessWatchNotice) => void): () => void {
    this.#watchListeners.add(listener);
    return () => this.#watchListeners.delete(listener);
  }

  /**
   * Whether one more process can be tracked (after dropping expired and, if needed, the
   * oldest finished ones). Call before starting a process, so none starts untracked.
   */
  hasRoom(): boolean {
    this.#prune();
    if (this.#processes.size < this.#maxProcesses) return true;
    const finished = [...this.#processes.values()]
      .filter((proc) => proc.exitCode !== null)
      .sort((a, b) => (a.exitedAt ?? 0) - (b.exitedAt ?? 0));
    while (this.#processes.size >= this.#maxProcesses && finished.length > 0) {
      const oldest = finished.shift();
      if (oldest) this.#processes.delete(oldest.sessionId);
    }
    return this.#processes.size < this.#maxProcesses;
  }

  /** Track a started process. Throws when the registry is full of running processes. */
  add(input: TrackedProcessInput): TrackedProcess {
    if (!this.hasRoom()) {
      throw new TerminalError(
        TerminalErrorCode.ProcessLimit,
        `Too many background processes (${this.#maxProcesses} running). Kill one with the process tool before starting another.`,
      );
    }
    const sessionId = `proc_${randomBytes(6).toString("hex")}`;
    const proc: MutableProcess = {
      sessionId,
      taskId: input.taskId,
      command: input.command,
      cwd: input.cwd,
      pid: input.handle.pid,
      pty: input.handle.pty,
      startedAt: this.#now(),
      notifyOnComplete: input.notifyOnComplete,
      watchPatterns: input.watchPatterns ?? [],
      handle: input.handle,
      output: "",
      droppedChars: 0,
      exitCode: null,
      exitedAt: undefined,
      exitReported: false,
    };
    this.#processes.set(sessionId, proc);
    if (proc.watchPatterns.length > 0) {
      this.#watches.set(sessionId, new OutputWatch(proc.watchPatterns, this.#watchLimits));
    }
    input.handle.onOutput((chunk) => this.#append(proc, chunk));
    void input.handle.exited.then((code) => this.#finish(proc, code));
    return proc;
  }

  #append(proc: MutableProcess, chunk: string): void {
    const watch = this.#watches.get(proc.sessionId);
    if (watch !== undefined && proc.exitCode === null && chunk !== "")
      this.#watch(proc, watch, chunk);
    proc.output += chunk;
    // Trim in batches so appending stays cheap for chatty processes.
    if (proc.output.length > this.#maxOutputChars * 1.25) {
      const drop = proc.output.length - this.#maxOutputChars;
      proc.output = proc.output.slice(drop);
      proc.droppedChars += drop;
    }
  }

  #watch(proc: MutableProcess, watch: OutputWatch, chunk: string): void {
    const outcome = watch.feed(chunk, this.#now());
    if (outcome.kind === "none") return;
    let notice: ProcessWatchNotice;
    if (outcome.kind === "match") {
      // Like any tool output: ANSI stripped and secrets redacted before the model sees it.
      const lines = cleanOutput(outcome.lines, proc.pty);
      notice = {
        sessionId: proc.sessionId,
        taskId: proc.taskId,
        command: proc.command,
        kind: "match",
        pattern: outcome.pattern,
        message: watchMatchMessage(
          proc.sessionId,
          proc.command,
          outcome.pattern,
          lines,
          outcome.suppressed,
        ),
      };
    } else {
      // The exit is reported instead, once.
      proc.notifyOnComplete = true;
      proc.watchPatterns = [];
      this.#watches.delete(proc.sessionId);
      notice = {
        sessionId: proc.sessionId,
        taskId: proc.taskId,
        command: proc.command,
        kind: "disabled",
        message: watchDisabledMessage(proc.sessionId, this.#watchLimits.strikeLimit),
      };
    }
    for (const listener of this.#watchListeners) listener(notice);
  }

  #finish(proc: MutableProcess, code: number): void {
    this.#watches.delete(proc.sessionId);
    if (proc.output.length > this.#maxOutputChars) this.#append(proc, "");
    proc.exitCode = code;
    proc.exitedAt = this.#now();
    for (const wake of this.#waiters.get(proc.sessionId) ?? []) wake();
    this.#waiters.delete(proc.sessionId);
    if (!proc.notifyOnComplete) return;
    // The notice goes to the model like any tool output: cleaned and with secrets redacted.
    const output = cleanOutput(proc.output, proc.pty).slice(-this.#completionChars);
    const completion: ProcessCompletion = {
      sessionId: proc.sessionId,
      taskId: proc.taskId,
      command: proc.command,
      exitCode: code,
      output,
      message: completionMessage(proc.sessionId, code, proc.command, output),
      alreadyReported: proc.exitReported,
    };
    for (const listener of this.#listeners) listener(completion);
  }

  #prune(): void {
    const cutoff = this.#now() - this.#finishedTtlMs;
    for (const [id, proc] of this.#processes) {
      if (proc.exitedAt !== undefined && proc.exitedAt < cutoff) this.#processes.delete(id);
    }
  }

  get(sessionId: string): TrackedProcess | undefined {
    this.#prune();
    return this.#processes.get(sessionId);
  }

  /** Tracked processes, oldest first; of one task when `taskId` is given. */
  list(taskId?: string): TrackedProcess[] {
    this.#prune();
    return [...this.#processes.values()].filter(
      (proc) => taskId === undefined || proc.taskId === taskId,
    );
  }

  /** Whether a process is still running (of one task when `taskId` is given). */
  hasRunning(taskId?: string): boolean {
    for (const proc of this.#processes.values()) {
      if (proc.exitCode === null && (taskId === undefined || proc.taskId === taskId)) return true;
    }
    return false;
  }

  /** Record that the model saw the exit (so a completion notice may be dropped). */
  markReported(sessionId: string): void {
    const proc = this.#processes.get(sessionId);
    if (proc && proc.exitCode !== null) proc.exitReported = true;
  }

  /** Resolve when the process exits, or after `timeoutMs`, or when `signal` aborts; true if it exited. */
  waitForExit(sessionId: string, timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
    const proc = this.#processes.get(sessionId);
    if (!proc) return Promise.resolve(false);
    if (proc.exitCode !== null) return Promise.resolve(true);
    if (signal?.aborted) return Promise.resolve(false);
    return new Promise((resolve) => {
      const waiters = this.#waiters.get(sessionId) ?? new Set<() => void>();
      this.#waiters.set(sessionId, waiters);
      const done = (exited: boolean): void => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        waiters.delete(wake);
        resolve(exited);
      };
      const wake = (): void => done(true);
      const onAbort = (): void => done(false);
      const timer = setTimeout(() => done(false), timeoutMs);
      waiters.add(wake);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }

  /** Kill every running process (of one task when `taskId` is given). */
  async killAll(taskId?: string): Promise<void> {
    await Promise.all(
      [...this.#processes.values()]
        .filter(
          (proc) => proc.exitCode === null && (taskId === undefined || proc.taskId === taskId),
        )
        .map((proc) => proc.handle.kill()),
    );
  }

  /** Stop delivering completion and watch notices (before a shutdown kills everything). */
  clearListeners(): void {
    this.#listeners.clear();
    this.#watchListeners.clear();
  }

  /** Forget every process (after they were killed). */
  clear(): void {
    this.#processes.clear();
    this.#watches.clear();
  }
}
