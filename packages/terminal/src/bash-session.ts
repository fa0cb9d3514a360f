import { randomBytes } from "node:crypto";
import {
  assertCapability,
  ENVIRONMENT_API_VERSION,
  type BackgroundProcess,
  type Environment,
  type EnvironmentCapabilities,
  type ExecuteOptions,
  type ExecuteResult,
  type ShellContext,
  type SpawnOptions,
} from "./environment.js";
import { HeadTailCollector } from "./output-cap.js";
import type { SandboxPolicy } from "./sandbox.js";
import type { RunningCommand, SessionTransport } from "./session-transport.js";
import { evalFromFile, MAX_INLINE_COMMAND } from "./shell-wrapper.js";
import { SnapshotFiles } from "./snapshot-files.js";
import { snapshotStateReader, type ShellSnapshotState } from "./shell-snapshot.js";
import {
  candidateNames,
  pathDirectories,
  unresolvedCommands,
  type SessionPathCommands,
} from "./path-commands.js";
import { TerminalError, TerminalErrorCode } from "./terminal-error.js";

/**
 * Variable every command (and so each of its descendants) carries: `<environment>:<run>`.
 * It finds descendants that left the process group where nothing better tracks them. It is
 * never saved in the task's snapshot.
 */
export const RUN_MARKER = "HERMES_TERMINAL_RUN";
/** Longest delay a Node timer accepts; longer ones would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Settings of a {@link BashSession}. */
export interface BashSessionSettings {
  readonly transport: SessionTransport;
  /** The session's starting directory (already resolved by the transport). */
  readonly cwd: string;
  readonly timeoutSeconds: number;
  readonly maxOutputChars: number;
  /** Token of the run marker; a random one by default. */
  readonly token?: string;
  /** The home directory `~` expands to in the session, when known. */
  readonly home?: string | undefined;
  /**
   * The PATH the session's commands start with: directories in the session's PATH beyond it
   * (and beyond the system's own) are where a command word may run a planted file.
   */
  readonly basePath?: string | undefined;
}

/** Result of a command, with whether the far side had to be recreated for it. */
export interface SessionExecuteResult extends ExecuteResult {
  readonly environmentRecreated?: boolean;
}

function withNote(text: string, note: string): string {
  return `${text}${text.length > 0 && !text.endsWith("\n") ? "\n" : ""}${note}`;
}

const INTERRUPTED_BEFORE_START: ExecuteResult = {
  output: "[Command interrupted]",
  exitCode: 130,
  timedOut: false,
  interrupted: true,
  omittedChars: 0,
};

/**
 * The backend-neutral half of every bash backend: each command is a fresh `bash -c` that
 * restores the session snapshot (exported variables, functions, aliases), runs in the
 * session cwd, and saves a new snapshot and cwd when it ends. This class keeps the session
 * (snapshot files, cwd, run ids and markers), applies timeouts and aborts, caps output, and
 * presents background runs; the {@link SessionTransport} starts and kills the processes.
 */
export class BashSession implements Environment {
  readonly apiVersion: typeof ENVIRONMENT_API_VERSION = ENVIRONMENT_API_VERSION;
  readonly type: string;
  readonly capabilities: EnvironmentCapabilities;
  readonly #transport: SessionTransport;
  readonly #timeoutSeconds: number;
  readonly #maxOutputChars: number;
  readonly #token: string;
  readonly #snapshots: SnapshotFiles;
  /** Text of snapshot files the transport sent back with their command (remote transports). */
  readonly #snapshotTexts = new Map<string, string>();
  readonly #live = new Set<RunningCommand>();
  #cwd: string;
  readonly #home: string | undefined;
  readonly #basePath: string | undefined;
  readonly #snapshotState: ReturnType<typeof snapshotStateReader>;
  #runs = 0;
  #closed = false;
  /** Why the session's last snapshot was discarded, told with the next command's result. */
  #discarded: string | undefined;

  constructor(settings: BashSessionSettings) {
    this.#transport = settings.transport;
    this.type = settings.transport.type;
    this.capabilities = settings.transport.capabilities;
    this.#timeoutSeconds = settings.timeoutSeconds;
    this.#maxOutputChars = settings.maxOutputChars;
    this.#token = settings.token ?? randomBytes(6).toString("hex");
    this.#snapshots = new SnapshotFiles((file) => {
      this.#snapshotTexts.delete(file);
      this.#transport.discard([file]);
    });
    this.#cwd = settings.cwd;
    this.#home = settings.home;
    this.#basePath = settings.basePath;
    this.#snapshotState = snapshotStateReader(
      () => this.#snapshots.current,
      async (file) =>
        this.#snapshotTexts.get(file) ??
        new TextDecoder().decode(await this.#transport.readFile(file)),
    );
  }

  get cwd(): string {
    return this.#cwd;
  }

  async shellContext(command?: string): Promise<ShellContext> {
    this.#assertOpen();
    const state = await this.#verifiedState();
    const home = state.home ?? this.#home;
    const pathCommands =
      command === undefined ? undefined : await this.#pathCommands(command, state);
    return {
      cwd: this.#cwd,
      ...(home === undefined ? {} : { home }),
      aliases: state.aliases,
      functions: state.functions,
      ...(state.variables === undefined ? {} : { environment: state.variables }),
      ...(pathCommands === undefined ? {} : { pathCommands }),
    };
  }

  /**
   * The words of `command` (and of the session's aliases and functions) that run a file from
   * a directory the session added to its PATH, looked up by the transport where commands run;
   * every such word is `unresolved` when the lookup fails. Undefined when no directory was added.
   */
  async #pathCommands(
    command: string,
    state: ShellSnapshotState,
  ): Promise<SessionPathCommands | undefined> {
    const sessionPath = state.variables?.PATH;
    if (sessionPath === undefined || this.#basePath === undefined || sessionPath === this.#basePath)
      return undefined;
    const { dirs, added } = pathDirectories(sessionPath, this.#basePath, this.#cwd);
    if (added.length === 0) return undefined;
    const names = candidateNames([
      command,
      ...Object.values(state.aliases),
      ...Object.values(state.functions),
    ]);
    if (names.length === 0) return undefined;
    const lookup = { dirs, added, names };
    if (this.#transport.lookupPathCommands === undefined) return unresolvedCommands(lookup);
    try {
      return await this.#transport.lookupPathCommands(lookup);
    } catch {
      return unresolvedCommands(lookup);
    }
  }

  /**
   * The state the next command restores. A snapshot that is not exactly what the wrapper
   * writes (a command rewrote the dumper or the file) or that cannot be read is discarded:
   * the next command starts from a fresh shell, and its result says so.
   */
  async #verifiedState(): Promise<ShellSnapshotState> {
    const file = this.#snapshots.current;
    try {
      return await this.#snapshotState();
    } catch (error) {
      if (this.#snapshots.current === file) {
        this.#snapshots.reset();
        this.#discarded =
          `[The shell state saved by the previous command was discarded (${error instanceof Error ? error.message : String(error)}): ` +
          "aliases, functions and exported variables start fresh]";
      }
      return this.#verifiedState();
    }
  }

  /** The OS sandbox the commands run in, when the transport has one. */
  get sandbox(): SandboxPolicy | undefined {
    return this.#transport.sandbox;
  }

  #assertOpen(): void {
    if (this.#closed) {
      throw new TerminalError(
        TerminalErrorCode.EnvironmentClosed,
        "This terminal environment was cleaned up.",
      );
    }
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
  ): Promise<{
    run: RunningCommand;
    runId: string;
    restored: string | undefined;
    finished: () => void;
    discarded: string | undefined;
  }> {
    const runId = `run-${++this.#runs}-${randomBytes(3).toString("hex")}`;
    const commandFile =
      command.length > MAX_INLINE_COMMAND && this.#transport.storeCommand !== undefined
        ? await this.#transport.storeCommand(runId, command)
        : undefined;
    const extra = Object.entries(options.env ?? {}).filter(
      ([name]) => NAME.test(name) && name !== RUN_MARKER,
    );
    const state = await this.#verifiedState();
    const snapshot = this.#snapshots.acquire();
    let released = false;
    const finished = (): void => {
      if (released) return;
      released = true;
      this.#snapshots.release(snapshot);
      if (commandFile !== undefined) this.#transport.discard([commandFile]);
    };
    let run: RunningCommand;
    try {
      run = await this.#transport.launch({
        runId,
        command: commandFile === undefined ? command : evalFromFile(commandFile),
        dir: options.cwd,
        sessionCwd: this.#cwd,
        save: options.save,
        transient: [...extra.map(([name]) => name), RUN_MARKER],
        snapshot,
        restore: snapshot === undefined ? "" : (state.restoreText ?? ""),
        env: { ...Object.fromEntries(extra), [RUN_MARKER]: `${this.#token}:${runId}` },
        pty: options.pty,
        stdin: options.stdin,
      });
    } catch (error) {
      finished();
      throw error;
    }
    this.#live.add(run);
    void run.done.then(
      () => this.#live.delete(run),
      () => this.#live.delete(run),
    );
    const discarded = this.#discarded;
    this.#discarded = undefined;
    return { run, runId, restored: snapshot, finished, discarded };
  }

  async execute(command: string, options: ExecuteOptions = {}): Promise<SessionExecuteResult> {
    this.#assertOpen();
    if (options.pty === true) assertCapability(this, "pty");
    const first = await this.#executeOnce(command, options);
    if (first.failure === undefined || this.#transport.recover === undefined) return first.result;
    if (!(await this.#transport.recover(first.failure))) return first.result;
    const second = await this.#executeOnce(command, options);
    return { ...second.result, environmentRecreated: true };
  }

  async #executeOnce(
    command: string,
    options: ExecuteOptions,
  ): Promise<{ result: ExecuteResult; failure?: string }> {
    const timeoutSeconds = options.timeout ?? this.#timeoutSeconds;
    if (options.signal?.aborted) return { result: INTERRUPTED_BEFORE_START };
    const { run, runId, restored, finished, discarded } = await this.#launch(command, {
      cwd: options.cwd,
      env: options.env,
      pty: options.pty === true,
      stdin: options.stdin !== undefined,
      save: true,
    });
    const collector = new HeadTailCollector(options.maxOutputChars ?? this.#maxOutputChars);
    run.io.onData((chunk) => collector.push(chunk));
    // Nobody can type into a foreground command: a PTY gets EOF at once (pipes get /dev/null),
    // so a command that reads its input ends instead of waiting for the timeout.
    if (options.stdin !== undefined) run.io.write(options.stdin);
    if (run.io.stdinOpen) run.io.closeStdin();
    let reason: "timeout" | "interrupt" | undefined;
    const stop = (why: "timeout" | "interrupt"): void => {
      if (reason !== undefined) return;
      reason = why;
      void run.stop();
    };
    const timer = setTimeout(
      () => stop("timeout"),
      Math.min(MAX_TIMER_MS, Math.max(1, timeoutSeconds * 1000)),
    );
    const onAbort = (): void => stop("interrupt");
    options.signal?.addEventListener("abort", onAbort, { once: true });
    if (options.signal?.aborted === true) onAbort();
    let exitCode: number;
    let outcome;
    try {
      await run.started;
      exitCode = await run.done;
      outcome = await run.finish(reason !== undefined);
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      finished();
    }
    if (reason === undefined && outcome.failure !== undefined) {
      return {
        result: {
          output: outcome.failure.message,
          exitCode: 255,
          timedOut: false,
          interrupted: false,
          omittedChars: 0,
        },
        failure: outcome.failure.detail,
      };
    }
    const snapshot = `${this.#transport.stateDir}/${runId}.snap`;
    if (reason === undefined && outcome.saved) {
      const text =
        outcome.snapshot?.kind === "text"
          ? outcome.snapshot.text
          : outcome.snapshot?.kind === "unchanged" && restored !== undefined
            ? this.#snapshotTexts.get(restored)
            : undefined;
      if (text !== undefined) this.#snapshotTexts.set(snapshot, text);
      this.#snapshots.adopt(snapshot);
      if (options.cwd === undefined && outcome.cwd) this.#cwd = outcome.cwd;
    } else if (outcome.saved) {
      this.#transport.discard([snapshot]);
    }
    const collected = collector.text();
    let text = collected.text;
    if (discarded !== undefined) text = withNote(text, discarded);
    if (reason === "timeout") {
      text = withNote(text, `[Command timed out after ${timeoutSeconds}s]`);
      exitCode = 124;
    } else if (reason === "interrupt") {
      text = withNote(text, "[Command interrupted]");
      exitCode = 130;
    } else {
      const hint = this.#transport.explainFailure?.(text, exitCode);
      if (hint !== undefined) text = withNote(text, hint);
    }
    return {
      result: {
        output: text,
        exitCode,
        timedOut: reason === "timeout",
        interrupted: reason === "interrupt",
        omittedChars: collected.omittedChars,
      },
    };
  }

  async spawnBackground(command: string, options: SpawnOptions = {}): Promise<BackgroundProcess> {
    this.#assertOpen();
    assertCapability(this, "background");
    if (options.pty === true) assertCapability(this, "pty");
    const { run, finished } = await this.#launch(command, {
      cwd: options.cwd,
      env: options.env,
      pty: options.pty === true,
      stdin: true,
      save: false,
    });
    let exitCode: number | null = null;
    // Output that arrives before the caller subscribes is kept for its first listener.
    let early: string[] | undefined = [];
    const stopEarly = run.io.onData((chunk) => early?.push(chunk));
    const exited = run.done.then((code) => {
      exitCode = code;
      finished();
      return code;
    });
    try {
      await run.started;
    } catch (error) {
      await exited;
      throw error;
    }
    return {
      id: run.id,
      pid: run.pid,
      pty: run.pty,
      get exitCode() {
        return exitCode;
      },
      exited,
      onOutput: (listener) => {
        const unsubscribe = run.io.onData(listener);
        if (early !== undefined) {
          const kept = early.join("");
          early = undefined;
          stopEarly();
          if (kept !== "") listener(kept);
        }
        return unsubscribe;
      },
      write(data) {
        if (exitCode !== null) throw new Error("the process has already exited");
        run.io.write(data);
      },
      closeStdin: () => run.io.closeStdin(),
      async kill() {
        if (exitCode !== null) return;
        await run.stop();
        await exited;
      },
    };
  }

  async readFile(file: string): Promise<Uint8Array> {
    this.#assertOpen();
    return this.#transport.readFile(this.#transport.resolvePath(this.#cwd, file));
  }

  async writeFile(file: string, data: string | Uint8Array): Promise<void> {
    this.#assertOpen();
    await this.#transport.writeFile(this.#transport.resolvePath(this.#cwd, file), data);
  }

  async cleanup(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#transport.close([...this.#live]);
  }

  /** Synchronous best effort for process exit. */
  killAllSync(): void {
    this.#closed = true;
    this.#transport.closeSync?.([...this.#live]);
  }
}
