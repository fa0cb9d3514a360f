import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { buildChildEnv } from "@hermes-agent/core";
import { isDirectory, nearestExistingDir } from "./directories.js";
import {
  assertCapability,
  defineEnvironmentBackend,
  ENVIRONMENT_API_VERSION,
  type BackgroundProcess,
  type Environment,
  type EnvironmentBackend,
  type EnvironmentCapabilities,
  type EnvironmentOptions,
  type ExecuteOptions,
  type ShellContext,
  type ExecuteResult,
  type SpawnOptions,
} from "./environment.js";
import { TerminalError, TerminalErrorCode } from "./terminal-error.js";
import { HeadTailCollector } from "./output-cap.js";
import {
  DEFAULT_KILL_GRACE_MS,
  signalProcessGroup,
  terminateProcessGroup,
} from "./process-group.js";
import { liveProcessGroups, processesWithEnv, processStartTime } from "./process-table.js";
import { launchPty } from "./pty-session.js";
import { launchPiped, type LaunchSpec, type RawProcess } from "./raw-process.js";
import { evalFromFile, findBash, MAX_INLINE_COMMAND, SHELL_WRAPPER } from "./shell-wrapper.js";
import { SnapshotFiles } from "./snapshot-files.js";
import { snapshotStateReader } from "./shell-snapshot.js";
import { wrapBackground } from "./background-process.js";
import { TERMINAL_DEFAULTS } from "./options.js";

/** What the local backend can do. */
export const LOCAL_CAPABILITIES: EnvironmentCapabilities = {
  pty: true,
  background: true,
  persistent: true,
  fileTransfer: true,
};

/** Local-only settings. */
export interface LocalEnvironmentOptions extends EnvironmentOptions {
  /** bash to run commands with (found on PATH by default). */
  readonly bashPath?: string;
  /** Module to load for PTY mode (tests point this at a missing one). */
  readonly ptyModule?: string;
}

/** After the shell exits, how long to wait for descendants to release the output pipe. */
const OUTPUT_DRAIN_MS = 100;
/**
 * Variable every command (and so each of its descendants) carries: `<environment>:<run>`.
 * It finds descendants that left the process group (setsid, double fork, `set -m`). It is
 * never saved in the task's snapshot.
 */
const RUN_MARKER = "HERMES_TERMINAL_RUN";
/** Passes over the process table when killing escaped descendants (they may fork meanwhile). */
const ESCAPE_KILL_PASSES = 3;
/** Longest delay a Node timer accepts; longer ones would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

function takeFile(file: string): string | undefined {
  try {
    const text = readFileSync(file, "utf8");
    unlinkSync(file);
    return text;
  } catch {
    return undefined;
  }
}

function removeQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
}

function waitOrTimeout(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    void promise.then(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

class LocalEnvironment implements Environment {
  readonly apiVersion = ENVIRONMENT_API_VERSION;
  readonly type: string = "local";
  readonly capabilities: EnvironmentCapabilities = LOCAL_CAPABILITIES;
  readonly #stateDir: string;
  readonly #bash: string;
  readonly #baseEnv: Record<string, string>;
  readonly #timeoutSeconds: number;
  readonly #maxOutputChars: number;
  readonly #graceMs: number;
  readonly #ptyModule: string | undefined;
  readonly #live = new Set<RawProcess>();
  /** Every process group started here (pgid → leader start time), for cleanup of leftovers. */
  readonly #groups = new Map<number, number | undefined>();
  #cwd: string;
  readonly #snapshots = new SnapshotFiles();
  readonly #snapshotState = snapshotStateReader(
    () => this.#snapshots.current,
    (file) => readFile(file, "utf8"),
  );
  /** Identifies this environment's commands in {@link RUN_MARKER}. */
  readonly #token = randomBytes(6).toString("hex");
  #runs = 0;
  #closed = false;

  constructor(options: LocalEnvironmentOptions) {
    const hostEnv = options.hostEnv ?? process.env;
    this.#stateDir = mkdtempSync(path.join(os.tmpdir(), "hermes-terminal-"));
    this.#bash = options.bashPath ?? findBash(hostEnv.PATH);
    this.#baseEnv = buildChildEnv({
      hostEnv,
      passthrough: options.envPassthrough ?? [],
      extra: options.env ?? {},
    });
    this.#timeoutSeconds = options.timeoutSeconds ?? TERMINAL_DEFAULTS.timeoutSeconds;
    this.#maxOutputChars = options.maxOutputChars ?? TERMINAL_DEFAULTS.maxOutputChars;
    this.#graceMs = options.killGraceMs ?? DEFAULT_KILL_GRACE_MS;
    this.#ptyModule = options.ptyModule;
    this.#cwd = nearestExistingDir(options.cwd ?? process.cwd());
  }

  get cwd(): string {
    return this.#cwd;
  }

  async shellContext(): Promise<ShellContext> {
    this.#assertOpen();
    const state = await this.#snapshotState();
    return {
      cwd: this.#sessionCwd(),
      home: state.home ?? this.#baseEnv.HOME ?? os.homedir(),
      aliases: state.aliases,
      functions: state.functions,
    };
  }

  /** The session cwd, moved up to the nearest existing ancestor when it was deleted. */
  #sessionCwd(): string {
    if (!isDirectory(this.#cwd)) this.#cwd = nearestExistingDir(this.#cwd);
    return this.#cwd;
  }

  #assertOpen(): void {
    if (this.#closed) {
      throw new TerminalError(
        TerminalErrorCode.EnvironmentClosed,
        "This terminal environment was cleaned up.",
      );
    }
  }

  #expandHome(dir: string): string {
    const home = this.#baseEnv.HOME ?? os.homedir();
    if (dir === "~") return home;
    return dir.startsWith("~/") ? path.join(home, dir.slice(2)) : dir;
  }

  async #launch(
    command: string,
    options: {
      cwd?: string | undefined;
      env?: Readonly<Record<string, string>> | undefined;
      pty: boolean;
      stdin: boolean;
      save: boolean;
    },
  ): Promise<{ proc: RawProcess; runId: string }> {
    const sessionCwd = this.#sessionCwd();
    const target =
      options.cwd === undefined
        ? sessionCwd
        : path.resolve(sessionCwd, this.#expandHome(options.cwd));
    if (options.cwd !== undefined && !isDirectory(target)) {
      throw new TerminalError(
        TerminalErrorCode.WorkdirNotFound,
        `Working directory not found: ${target} does not exist or is not a directory. The command did not run.`,
      );
    }
    const runId = `run-${++this.#runs}-${randomBytes(3).toString("hex")}`;
    let inline = command;
    const commandFile =
      command.length > MAX_INLINE_COMMAND ? path.join(this.#stateDir, `${runId}.cmd`) : undefined;
    if (commandFile !== undefined) {
      writeFileSync(commandFile, command, { mode: 0o600 });
      inline = evalFromFile(commandFile);
    }
    const snapshot = this.#snapshots.acquire();
    const finished = (): void => {
      this.#snapshots.release(snapshot);
      if (commandFile !== undefined) removeQuietly(commandFile);
    };
    const transient = [
      ...Object.keys(options.env ?? {}).filter(
        (name) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && name !== RUN_MARKER,
      ),
      RUN_MARKER,
    ];
    const spec: LaunchSpec = {
      file: this.#bash,
      args: [
        "--noprofile",
        "--norc",
        "-c",
        SHELL_WRAPPER,
        "hermes",
        this.#stateDir,
        runId,
        target,
        inline,
        options.save ? "1" : "0",
        transient.join(" "),
        snapshot ?? "",
      ],
      cwd: isDirectory(target) ? target : sessionCwd,
      env: { ...this.#baseEnv, ...options.env, [RUN_MARKER]: `${this.#token}:${runId}` },
    };
    let proc: RawProcess;
    try {
      proc = options.pty
        ? await launchPty(spec, this.#ptyModule)
        : await launchPiped(spec, { stdin: options.stdin, stderrToStdout: true });
    } catch (error) {
      finished();
      if (TerminalError.isInstance(error)) throw error;
      throw new TerminalError(
        TerminalErrorCode.SpawnFailed,
        `Could not start bash (${this.#bash}): ${String(error)}`,
        {
          cause: error,
        },
      );
    }
    this.#live.add(proc);
    this.#groups.set(proc.pid, processStartTime(proc.pid));
    void proc.exited.then(() => {
      this.#live.delete(proc);
      finished();
    });
    return { proc, runId };
  }

  async execute(command: string, options: ExecuteOptions = {}): Promise<ExecuteResult> {
    this.#assertOpen();
    if (options.pty === true) assertCapability(this, "pty");
    const timeoutSeconds = options.timeout ?? this.#timeoutSeconds;
    if (options.signal?.aborted) {
      return {
        output: "[Command interrupted]",
        exitCode: 130,
        timedOut: false,
        interrupted: true,
        omittedChars: 0,
      };
    }
    const { proc, runId } = await this.#launch(command, {
      cwd: options.cwd,
      env: options.env,
      pty: options.pty === true,
      stdin: options.stdin !== undefined,
      save: true,
    });
    const collector = new HeadTailCollector(options.maxOutputChars ?? this.#maxOutputChars);
    proc.onData((chunk) => collector.push(chunk));
    // Nobody can type into a foreground command: a PTY gets EOF at once (pipes get /dev/null),
    // so a command that reads its input ends instead of waiting for the timeout.
    if (options.stdin !== undefined) proc.write(options.stdin);
    if (proc.stdinOpen) proc.closeStdin();
    let reason: "timeout" | "interrupt" | undefined;
    const stop = (why: "timeout" | "interrupt"): void => {
      if (reason !== undefined) return;
      reason = why;
      void terminateProcessGroup(proc.pid, { done: proc.exited, graceMs: this.#graceMs });
    };
    const timer = setTimeout(
      () => stop("timeout"),
      Math.min(MAX_TIMER_MS, Math.max(1, timeoutSeconds * 1000)),
    );
    const onAbort = (): void => stop("interrupt");
    options.signal?.addEventListener("abort", onAbort, { once: true });
    if (options.signal?.aborted === true) onAbort();
    let exitCode: number;
    try {
      exitCode = await proc.exited;
      if (!(await waitOrTimeout(proc.outputClosed, OUTPUT_DRAIN_MS))) {
        // Descendants still hold the output open after the shell exited: a foreground
        // command must not leave processes behind.
        proc.detachOutput();
        signalProcessGroup(proc.pid, "SIGKILL");
        this.#killEscaped(runId);
      } else if (reason !== undefined) {
        // A timeout or abort takes the whole tree, also what left the process group.
        this.#killEscaped(runId);
      }
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
    }
    const snapshot = path.join(this.#stateDir, `${runId}.snap`);
    const cwdFile = path.join(this.#stateDir, `${runId}.cwd`);
    if (reason === undefined && existsSync(snapshot)) {
      this.#snapshots.adopt(snapshot);
      const newCwd = takeFile(cwdFile)?.trim();
      if (options.cwd === undefined && newCwd) this.#cwd = newCwd;
    } else {
      removeQuietly(snapshot);
      removeQuietly(cwdFile);
    }
    const collected = collector.text();
    const omittedChars = collected.omittedChars;
    let text = collected.text;
    if (reason === "timeout") {
      text += `${text.length > 0 && !text.endsWith("\n") ? "\n" : ""}[Command timed out after ${timeoutSeconds}s]`;
      exitCode = 124;
    } else if (reason === "interrupt") {
      text += `${text.length > 0 && !text.endsWith("\n") ? "\n" : ""}[Command interrupted]`;
      exitCode = 130;
    }
    return {
      output: text,
      exitCode,
      timedOut: reason === "timeout",
      interrupted: reason === "interrupt",
      omittedChars,
    };
  }

  async spawnBackground(command: string, options: SpawnOptions = {}): Promise<BackgroundProcess> {
    this.#assertOpen();
    assertCapability(this, "background");
    if (options.pty === true) assertCapability(this, "pty");
    const { proc, runId } = await this.#launch(command, {
      cwd: options.cwd,
      env: options.env,
      pty: options.pty === true,
      stdin: true,
      save: false,
    });
    return wrapBackground(proc, this.#graceMs, () => this.#killEscaped(runId));
  }

  #resolvePath(file: string): string {
    return path.resolve(this.#sessionCwd(), file);
  }

  async readFile(file: string): Promise<Uint8Array> {
    this.#assertOpen();
    return readFile(this.#resolvePath(file));
  }

  async writeFile(file: string, data: string | Uint8Array): Promise<void> {
    this.#assertOpen();
    const target = this.#resolvePath(file);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, data);
  }

  async cleanup(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await Promise.all(
      [...this.#live].map((proc) =>
        terminateProcessGroup(proc.pid, { done: proc.exited, graceMs: this.#graceMs }),
      ),
    );
    this.#killLeftovers();
    rmSync(this.#stateDir, { recursive: true, force: true });
  }

  /** Synchronous best effort for process exit: SIGKILL every group, remove the state dir. */
  killAllSync(): void {
    this.#closed = true;
    for (const proc of this.#live) signalProcessGroup(proc.pid, "SIGKILL");
    this.#killLeftovers();
    rmSync(this.#stateDir, { recursive: true, force: true });
  }

  #killLeftovers(): void {
    for (const pgid of liveProcessGroups(this.#groups)) signalProcessGroup(pgid, "SIGKILL");
    this.#groups.clear();
    this.#killEscaped();
  }

  /** SIGKILL descendants of one run (or of every run) that carry its marker, wherever their group. */
  #killEscaped(runId?: string): void {
    const own = `${this.#token}:`;
    const matches = (value: string): boolean =>
      runId === undefined ? value.startsWith(own) : value === own + runId;
    for (let pass = 0; pass < ESCAPE_KILL_PASSES; pass++) {
      const pids = processesWithEnv(RUN_MARKER, matches);
      if (pids.length === 0) return;
      for (const pid of pids) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // already gone
        }
      }
    }
  }
}

/** Make a local environment: commands run with bash on this machine, one process group each. */
export function createLocalEnvironment(
  options: LocalEnvironmentOptions = {},
): Promise<Environment> {
  return Promise.resolve(new LocalEnvironment(options));
}

/** The local backend, registered by default. */
export const localBackend: EnvironmentBackend = defineEnvironmentBackend({
  type: "local",
  capabilities: LOCAL_CAPABILITIES,
  create: (options) => createLocalEnvironment(options),
});
