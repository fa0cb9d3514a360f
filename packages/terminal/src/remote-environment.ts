import { randomBytes } from "node:crypto";
import path from "node:path";
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
import { DEFAULT_KILL_GRACE_MS } from "./process-group.js";
import {
  startRemote,
  runTransport,
  type RemoteProcess,
  type TransportCommand,
} from "./remote-process.js";
import { REMOTE_INIT, REMOTE_KILL, REMOTE_WRAPPER } from "./remote-shell-script.js";
import { snapshotStateReader } from "./shell-snapshot.js";
import { TerminalError, TerminalErrorCode } from "./terminal-error.js";

/** What remote backends (docker, ssh) can do: everything but a pseudo-terminal. */
export const REMOTE_CAPABILITIES: EnvironmentCapabilities = {
  pty: false,
  background: true,
  persistent: true,
  fileTransfer: true,
};

/** How commands reach the far side. A backend supplies one of these. */
export interface RemoteTransport {
  /** The local program that runs `bash -c <script> hermes <args...>` on the far side. */
  command(script: string, args: readonly string[]): TransportCommand;
  /**
   * A transport client failed (`exitCode`, its own stderr): the clear error message naming
   * the fix, or undefined when the failure is the command's own.
   */
  describeFailure(exitCode: number, stderr: string): string | undefined;
  /**
   * The far side vanished (a removed container): bring up a new one and return true so the
   * command is run once more, or return false.
   */
  recover?(stderr: string): Promise<boolean>;
  /** Release the transport (close a connection, remove a container). */
  close(): Promise<void>;
}

/** Settings of a remote environment. */
export interface RemoteEnvironmentSettings {
  readonly type: string;
  readonly transport: RemoteTransport;
  /** Starting directory on the far side (`~` expanded there; default the remote home). */
  readonly cwd?: string | undefined;
  readonly timeoutSeconds: number;
  readonly maxOutputChars: number;
  readonly killGraceMs?: number | undefined;
  /** Variables set for every command on the far side. */
  readonly env?: Readonly<Record<string, string>> | undefined;
}

/** Result of a command, with whether the far side had to be recreated for it. */
export interface RemoteExecuteResult extends ExecuteResult {
  readonly environmentRecreated?: boolean;
}

/** Variable every remote command and its descendants carry: `<environment>:<run>`. */
const RUN_MARKER = "HERMES_TERMINAL_RUN";
const MAX_TIMER_MS = 2 ** 31 - 1;
/** Longest command passed as an argument; longer ones are written to a file first. */
const MAX_INLINE_COMMAND = 100_000;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function withNote(text: string, note: string): string {
  return `${text}${text.length > 0 && !text.endsWith("\n") ? "\n" : ""}${note}`;
}

/**
 * An {@link Environment} whose commands run on the far side of a {@link RemoteTransport}: one
 * transport client per command, the session state (snapshot, cwd) kept in a directory there.
 */
class RemoteEnvironment implements Environment {
  readonly apiVersion = ENVIRONMENT_API_VERSION;
  readonly type: string;
  readonly capabilities = REMOTE_CAPABILITIES;
  readonly #transport: RemoteTransport;
  readonly #timeoutSeconds: number;
  readonly #maxOutputChars: number;
  readonly #graceMs: number;
  readonly #env: Readonly<Record<string, string>>;
  readonly #token = randomBytes(6).toString("hex");
  readonly #live = new Set<{ proc: RemoteProcess; runId: string }>();
  #stateDir: string;
  #cwd: string;
  readonly #home: string | undefined;
  readonly #snapshotState = snapshotStateReader(
    () => this.#snapshot,
    async (file) => new TextDecoder().decode(await this.readFile(file)),
  );
  #snapshot: string | undefined;
  readonly #snapshotUsers = new Map<string, number>();
  #stale: string[] = [];
  #runs = 0;
  #closed = false;

  constructor(
    settings: RemoteEnvironmentSettings,
    stateDir: string,
    cwd: string,
    home: string | undefined,
  ) {
    this.type = settings.type;
    this.#transport = settings.transport;
    this.#timeoutSeconds = settings.timeoutSeconds;
    this.#maxOutputChars = settings.maxOutputChars;
    this.#graceMs = settings.killGraceMs ?? DEFAULT_KILL_GRACE_MS;
    this.#env = settings.env ?? {};
    this.#stateDir = stateDir;
    this.#cwd = cwd;
    this.#home = home;
  }

  get cwd(): string {
    return this.#cwd;
  }

  async shellContext(): Promise<ShellContext> {
    this.#assertOpen();
    const state = await this.#snapshotState();
    const home = state.home ?? this.#home;
    return {
      cwd: this.#cwd,
      ...(home === undefined ? {} : { home }),
      aliases: state.aliases,
      functions: state.functions,
    };
  }

  #assertOpen(): void {
    if (this.#closed) {
      throw new TerminalError(
        TerminalErrorCode.EnvironmentClosed,
        "This terminal environment was cleaned up.",
      );
    }
  }

  #resolveDir(dir: string): string {
    return dir === "~" || dir.startsWith("~/") ? dir : path.posix.resolve(this.#cwd, dir);
  }

  #releaseSnapshot(file: string | undefined): void {
    if (file === undefined) return;
    const users = (this.#snapshotUsers.get(file) ?? 1) - 1;
    if (users > 0) {
      this.#snapshotUsers.set(file, users);
      return;
    }
    this.#snapshotUsers.delete(file);
    if (file !== this.#snapshot) this.#stale.push(path.posix.basename(file));
  }

  async #commandText(command: string, runId: string): Promise<string> {
    if (command.length <= MAX_INLINE_COMMAND) return command;
    const file = `${this.#stateDir}/${runId}.cmd`;
    await this.#writeRemote(file, command);
    this.#stale.push(`${runId}.cmd`);
    return `builtin eval "$(<'${file}')"`;
  }

  async #launch(
    command: string,
    options: {
      cwd?: string | undefined;
      env?: Readonly<Record<string, string>> | undefined;
      save: boolean;
    },
  ): Promise<{ proc: RemoteProcess; runId: string; finished: () => void }> {
    const runId = `run-${++this.#runs}-${randomBytes(3).toString("hex")}`;
    const text = await this.#commandText(command, runId);
    const snapshot = this.#snapshot;
    if (snapshot !== undefined)
      this.#snapshotUsers.set(snapshot, (this.#snapshotUsers.get(snapshot) ?? 0) + 1);
    const extra = Object.entries(options.env ?? {}).filter(
      ([name]) => NAME.test(name) && name !== RUN_MARKER,
    );
    const assignments = [
      ...Object.entries(this.#env).filter(([name]) => NAME.test(name)),
      ...extra,
      [RUN_MARKER, `${this.#token}:${runId}`],
    ].map(([name, value]) => `${name}=${value}`);
    const stale = this.#stale;
    this.#stale = [];
    const args = [
      this.#stateDir,
      runId,
      options.cwd === undefined ? this.#cwd : this.#resolveDir(options.cwd),
      options.cwd === undefined ? "0" : "1",
      text,
      options.save ? "1" : "0",
      [...extra.map(([name]) => name), RUN_MARKER].join(" "),
      snapshot ?? "",
      stale.join(" "),
      ...assignments,
    ];
    const proc = startRemote(this.#transport.command(REMOTE_WRAPPER, args));
    const entry = { proc, runId };
    this.#live.add(entry);
    const finished = (): void => {
      this.#live.delete(entry);
      this.#releaseSnapshot(snapshot);
    };
    return { proc, runId, finished };
  }

  /** Kill a run's process group and every process carrying its marker (or all of this environment's). */
  async #killRemote(runId: string | undefined, groups: readonly number[]): Promise<void> {
    const marker = runId === undefined ? `${this.#token}:` : `${this.#token}:${runId}`;
    await runTransport(
      this.#transport.command(REMOTE_KILL, [
        RUN_MARKER,
        marker,
        runId === undefined ? "prefix" : "exact",
        String(Math.max(50, this.#graceMs)),
        ...groups.map(String),
      ]),
      { timeoutMs: this.#graceMs + 15_000 },
    );
  }

  async execute(command: string, options: ExecuteOptions = {}): Promise<RemoteExecuteResult> {
    this.#assertOpen();
    if (options.pty === true) assertCapability(this, "pty");
    const first = await this.#executeOnce(command, options);
    if (first.recoverable === undefined || this.#transport.recover === undefined)
      return first.result;
    if (!(await this.#transport.recover(first.recoverable))) return first.result;
    const second = await this.#executeOnce(command, options);
    return { ...second.result, environmentRecreated: true };
  }

  async #executeOnce(
    command: string,
    options: ExecuteOptions,
  ): Promise<{ result: RemoteExecuteResult; recoverable?: string }> {
    const timeoutSeconds = options.timeout ?? this.#timeoutSeconds;
    if (options.signal?.aborted) {
      return {
        result: {
          output: "[Command interrupted]",
          exitCode: 130,
          timedOut: false,
          interrupted: true,
          omittedChars: 0,
        },
      };
    }
    const { proc, runId, finished } = await this.#launch(command, {
      cwd: options.cwd,
      env: options.env,
      save: true,
    });
    const collector = new HeadTailCollector(options.maxOutputChars ?? this.#maxOutputChars);
    proc.onData((chunk) => collector.push(chunk));
    if (options.stdin !== undefined) proc.write(options.stdin);
    proc.closeStdin();
    let reason: "timeout" | "interrupt" | undefined;
    const stop = (why: "timeout" | "interrupt"): void => {
      if (reason !== undefined) return;
      reason = why;
      void (async () => {
        const pid = await proc.started;
        await this.#killRemote(runId, pid === undefined ? [] : [pid]);
        // The far side is gone; a client that still hangs (a dead connection) is killed here.
        const ended = await Promise.race([
          proc.exited.then(() => true),
          delay(5000).then(() => false),
        ]);
        if (!ended) proc.killClient();
      })();
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
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      finished();
    }
    if (proc.control.missingCwd !== undefined) {
      throw new TerminalError(
        TerminalErrorCode.WorkdirNotFound,
        `Working directory not found: ${proc.control.missingCwd} does not exist or is not a directory. The command did not run.`,
      );
    }
    if (reason === undefined && proc.control.pid === undefined) {
      const stderr = proc.transportErrors();
      const message = this.#transport.describeFailure(exitCode, stderr);
      if (message !== undefined) return { result: this.#failure(message), recoverable: stderr };
    }
    if (reason === undefined && proc.control.cwd !== undefined) {
      const snapshot = `${this.#stateDir}/${runId}.snap`;
      const previous = this.#snapshot;
      this.#snapshot = snapshot;
      if (previous !== undefined && !this.#snapshotUsers.has(previous))
        this.#stale.push(path.posix.basename(previous));
      if (options.cwd === undefined) this.#cwd = proc.control.cwd;
    }
    const collected = collector.text();
    let text = collected.text;
    if (reason === "timeout") {
      text = withNote(text, `[Command timed out after ${timeoutSeconds}s]`);
      exitCode = 124;
    } else if (reason === "interrupt") {
      text = withNote(text, "[Command interrupted]");
      exitCode = 130;
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

  #failure(message: string): RemoteExecuteResult {
    return { output: message, exitCode: 255, timedOut: false, interrupted: false, omittedChars: 0 };
  }

  async spawnBackground(command: string, options: SpawnOptions = {}): Promise<BackgroundProcess> {
    this.#assertOpen();
    assertCapability(this, "background");
    if (options.pty === true) assertCapability(this, "pty");
    const { proc, runId, finished } = await this.#launch(command, {
      cwd: options.cwd,
      env: options.env,
      save: false,
    });
    let exitCode: number | null = null;
    // Output that arrives before the caller subscribes is kept for its first listener.
    let early: string[] | undefined = [];
    const stopEarly = proc.onData((chunk) => early?.push(chunk));
    const exited = proc.exited.then((code) => {
      exitCode = code;
      finished();
      return code;
    });
    const pid = await proc.started;
    if (proc.control.missingCwd !== undefined) {
      await exited;
      throw new TerminalError(
        TerminalErrorCode.WorkdirNotFound,
        `Working directory not found: ${proc.control.missingCwd} does not exist or is not a directory. The command did not run.`,
      );
    }
    if (pid === undefined) {
      const code = await exited;
      const message = this.#transport.describeFailure(code, proc.transportErrors());
      throw new TerminalError(
        TerminalErrorCode.SpawnFailed,
        message ?? `Could not start the command: ${proc.transportErrors().trim()}`,
      );
    }
    return {
      id: runId,
      pid,
      pty: false,
      get exitCode() {
        return exitCode;
      },
      exited,
      onOutput: (listener) => {
        const unsubscribe = proc.onData(listener);
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
        proc.write(data);
      },
      closeStdin: () => proc.closeStdin(),
      kill: async () => {
        if (exitCode !== null) return;
        await this.#killRemote(runId, [pid]);
        await exited;
      },
    };
  }

  #filePath(file: string): string {
    return this.#resolveDir(file);
  }

  async readFile(file: string): Promise<Uint8Array> {
    this.#assertOpen();
    const target = this.#filePath(file);
    const result = await runTransport(
      this.#transport.command(
        'case $1 in "~/"*) set -- "$HOME/${1#"~/"}" ;; esac; exec cat -- "$1"',
        [target],
      ),
    );
    if (result.exitCode !== 0) {
      const message = this.#transport.describeFailure(result.exitCode, result.stderr);
      throw new TerminalError(
        TerminalErrorCode.SpawnFailed,
        message ??
          `Could not read ${target}: ${result.stderr.trim() || `exit code ${result.exitCode}`}`,
      );
    }
    return new Uint8Array(result.stdout);
  }

  async writeFile(file: string, data: string | Uint8Array): Promise<void> {
    this.#assertOpen();
    await this.#writeRemote(this.#filePath(file), data);
  }

  async #writeRemote(target: string, data: string | Uint8Array): Promise<void> {
    const result = await runTransport(
      this.#transport.command(
        'case $1 in "~/"*) set -- "$HOME/${1#"~/"}" ;; esac; mkdir -p -- "$(dirname -- "$1")" && cat >"$1"',
        [target],
      ),
      { stdin: data },
    );
    if (result.exitCode !== 0) {
      const message = this.#transport.describeFailure(result.exitCode, result.stderr);
      throw new TerminalError(
        TerminalErrorCode.SpawnFailed,
        message ??
          `Could not write ${target}: ${result.stderr.trim() || `exit code ${result.exitCode}`}`,
      );
    }
  }

  async cleanup(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    const groups = [...this.#live].flatMap(({ proc }) =>
      proc.control.pid === undefined ? [] : [proc.control.pid],
    );
    await this.#killRemote(undefined, groups).catch(() => undefined);
    for (const { proc } of this.#live) proc.killClient();
    await runTransport(this.#transport.command('rm -rf -- "$1"', [this.#stateDir]), {
      timeoutMs: 15_000,
    });
    await this.#transport.close();
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/**
 * Open a remote environment over `transport`: make its state directory on the far side and
 * resolve the starting directory there. Rejects with the transport's clear message when the
 * far side cannot be reached.
 */
export async function openRemoteEnvironment(
  settings: RemoteEnvironmentSettings,
): Promise<Environment> {
  const result = await runTransport(
    settings.transport.command(REMOTE_INIT, [settings.cwd ?? "~"]),
    {
      timeoutMs: 30_000,
    },
  );
  const lines = result.stdout.toString("utf8").split("\n");
  if (result.exitCode !== 0 || lines.length < 2 || lines[0] === "" || lines[1] === "") {
    const message =
      settings.transport.describeFailure(result.exitCode, result.stderr) ??
      `Could not prepare the ${settings.type} environment: ${result.stderr.trim() || `exit code ${result.exitCode}`}`;
    await settings.transport.close().catch(() => undefined);
    throw new TerminalError(TerminalErrorCode.BackendUnavailable, message);
  }
  return new RemoteEnvironment(settings, lines[0] ?? "", lines[1] ?? "", lines[2] || undefined);
}
