import { randomBytes } from "node:crypto";
import path from "node:path";
import { BashSession, RUN_MARKER, type SessionExecuteResult } from "./bash-session.js";
import type { Environment, EnvironmentCapabilities, EnvironmentOptions } from "./environment.js";
import { TERMINAL_DEFAULTS } from "./options.js";
import { DEFAULT_KILL_GRACE_MS } from "./process-group.js";
import {
  startRemote,
  runTransport,
  type RemoteProcess,
  type TransportCommand,
} from "./remote-process.js";
import { REMOTE_INIT, REMOTE_KILL, REMOTE_WRAPPER } from "./remote-shell-script.js";
import { restoreBlock } from "./shell-wrapper.js";
import { unresolvedCommands, type PathLookup, type SessionPathCommands } from "./path-commands.js";
import { parsePathLookup, pathLookupArgs, REMOTE_PATH_LOOKUP } from "./remote-path-lookup.js";
import type {
  RunOutcome,
  RunningCommand,
  SessionRun,
  SessionTransport,
} from "./session-transport.js";
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
  /**
   * The local program that runs `bash -c <script> hermes <args...>` on the far side. With
   * `stdin: false` nothing will be written to the program's stdin, so a client that must be
   * asked to forward stdin (`docker exec -i`) can leave it out; omitted means true.
   */
  command(
    script: string,
    args: readonly string[],
    options?: { readonly stdin?: boolean },
  ): TransportCommand;
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
export type RemoteExecuteResult = SessionExecuteResult;

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/**
 * Files of the state dir that no command needs are removed by the wrapper of a later command,
 * this many at a time: removing them costs a process on the far side, too much for each command.
 */
const STALE_BATCH = 16;
/** How long the far side may take to look command words up before they count as unresolved. */
const PATH_LOOKUP_TIMEOUT_MS = 10_000;

function missingCwdError(dir: string): TerminalError {
  return new TerminalError(
    TerminalErrorCode.WorkdirNotFound,
    `Working directory not found: ${dir} does not exist or is not a directory. The command did not run.`,
  );
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/**
 * The remote half of a bash session: each command is one transport client (`docker exec`,
 * `ssh`) running the remote wrapper, which reports the command's process group and the new
 * cwd on the client's stderr; kills run a script on the far side.
 */
class RemoteSessionTransport implements SessionTransport {
  readonly type: string;
  readonly capabilities = REMOTE_CAPABILITIES;
  readonly stateDir: string;
  readonly #remote: RemoteTransport;
  readonly #graceMs: number;
  readonly #env: readonly (readonly [string, string])[];
  readonly #token: string;
  readonly #groups = new Map<RunningCommand, RemoteProcess>();
  #stale: string[] = [];

  constructor(settings: RemoteEnvironmentSettings, stateDir: string, token: string) {
    this.type = settings.type;
    this.stateDir = stateDir;
    this.#remote = settings.transport;
    this.#graceMs = settings.killGraceMs ?? DEFAULT_KILL_GRACE_MS;
    this.#env = Object.entries(settings.env ?? {}).filter(([name]) => NAME.test(name));
    this.#token = token;
  }

  resolvePath(sessionCwd: string, file: string): string {
    return file === "~" || file.startsWith("~/") ? file : path.posix.resolve(sessionCwd, file);
  }

  launch(run: SessionRun): Promise<RunningCommand> {
    const block = restoreBlock(run.restore, run.command);
    const stale = this.#stale.length >= STALE_BATCH ? this.#stale : [];
    if (stale.length > 0) this.#stale = [];
    const proc = startRemote(
      this.#remote.command(
        REMOTE_WRAPPER,
        [
          this.stateDir,
          run.runId,
          run.dir === undefined ? run.sessionCwd : this.resolvePath(run.sessionCwd, run.dir),
          run.dir === undefined ? "0" : "1",
          run.save ? "1" : "0",
          run.transient.join(" "),
          run.snapshot ?? "",
          stale.join(" "),
          ...[...this.#env, ...Object.entries(run.env)].map(([name, value]) => `${name}=${value}`),
        ],
        { stdin: true },
      ),
    );
    // The checked state and the command go ahead of the command's input, on stdin.
    proc.write(block);
    if (!run.stdin) proc.closeStdin();
    const marker = run.env[RUN_MARKER] ?? "";
    let stopping: Promise<void> | undefined;
    const started = proc.started.then(async (pid) => {
      if (pid !== undefined) return;
      await proc.exited;
      if (proc.control.missingCwd !== undefined) throw missingCwdError(proc.control.missingCwd);
      if (run.save) return;
      const message = this.#remote.describeFailure(await proc.exited, proc.transportErrors());
      throw new TerminalError(
        TerminalErrorCode.SpawnFailed,
        message ?? `Could not start the command: ${proc.transportErrors().trim()}`,
      );
    });
    const command: RunningCommand = {
      id: run.runId,
      get pid() {
        return proc.control.pid;
      },
      pty: false,
      started,
      io: proc,
      done: proc.exited,
      finish: async (stopped): Promise<RunOutcome> => {
        const exitCode = await proc.exited;
        // The wrapper leaves the run's cwd file (it reported the directory) for a later removal.
        if (run.save) this.#stale.push(`${run.runId}.cwd`);
        if (stopped) return { saved: false };
        if (proc.control.pid === undefined) {
          const detail = proc.transportErrors();
          const message = this.#remote.describeFailure(exitCode, detail);
          if (message !== undefined) return { saved: false, failure: { message, detail } };
        }
        return proc.control.cwd === undefined
          ? { saved: false }
          : { saved: true, cwd: proc.control.cwd, snapshot: proc.control.snapshot };
      },
      stop: () => {
        stopping ??= (async () => {
          const pid = await proc.started;
          await this.#kill(marker, "exact", pid === undefined ? [] : [pid]);
          // The far side is gone; a client that still hangs (a dead connection) is killed here.
          const ended = await Promise.race([
            proc.exited.then(() => true),
            delay(5000).then(() => false),
          ]);
          if (!ended) proc.killClient();
        })();
        return stopping;
      },
    };
    this.#groups.set(command, proc);
    void proc.exited.then(() => this.#groups.delete(command));
    return Promise.resolve(command);
  }

  /** Kill process groups and every process carrying the marker (exactly, or as a prefix). */
  async #kill(marker: string, how: "exact" | "prefix", groups: readonly number[]): Promise<void> {
    await runTransport(
      this.#remote.command(REMOTE_KILL, [
        RUN_MARKER,
        marker,
        how,
        String(Math.max(50, this.#graceMs)),
        ...groups.map(String),
      ]),
      { timeoutMs: this.#graceMs + 15_000 },
    );
  }

  async lookupPathCommands(lookup: PathLookup): Promise<SessionPathCommands> {
    const result = await runTransport(
      this.#remote.command(REMOTE_PATH_LOOKUP, pathLookupArgs(lookup)),
      { stdin: `${lookup.names.join("\n")}\n`, timeoutMs: PATH_LOOKUP_TIMEOUT_MS },
    );
    if (result.exitCode !== 0 || result.timedOut) return unresolvedCommands(lookup);
    return parsePathLookup(result.stdout);
  }

  discard(files: readonly string[]): void {
    for (const file of files) this.#stale.push(path.posix.basename(file));
  }

  async readFile(target: string): Promise<Uint8Array> {
    const result = await runTransport(
      this.#remote.command('case $1 in "~/"*) set -- "$HOME/${1#"~/"}" ;; esac; exec cat -- "$1"', [
        target,
      ]),
    );
    if (result.exitCode !== 0) throw this.#fileError("read", target, result);
    return new Uint8Array(result.stdout);
  }

  async writeFile(target: string, data: string | Uint8Array): Promise<void> {
    const result = await runTransport(
      this.#remote.command(
        'case $1 in "~/"*) set -- "$HOME/${1#"~/"}" ;; esac; mkdir -p -- "$(dirname -- "$1")" && cat >"$1"',
        [target],
      ),
      { stdin: data },
    );
    if (result.exitCode !== 0) throw this.#fileError("write", target, result);
  }

  #fileError(
    verb: string,
    target: string,
    result: { exitCode: number; stderr: string },
  ): TerminalError {
    const message = this.#remote.describeFailure(result.exitCode, result.stderr);
    return new TerminalError(
      TerminalErrorCode.SpawnFailed,
      message ??
        `Could not ${verb} ${target}: ${result.stderr.trim() || `exit code ${result.exitCode}`}`,
    );
  }

  recover(detail: string): Promise<boolean> {
    return this.#remote.recover?.(detail) ?? Promise.resolve(false);
  }

  async close(running: readonly RunningCommand[]): Promise<void> {
    const procs = running.flatMap((run) => {
      const proc = this.#groups.get(run);
      return proc === undefined ? [] : [proc];
    });
    const groups = procs.flatMap((proc) =>
      proc.control.pid === undefined ? [] : [proc.control.pid],
    );
    await this.#kill(`${this.#token}:`, "prefix", groups).catch(() => undefined);
    for (const proc of procs) proc.killClient();
    await runTransport(this.#remote.command('rm -rf -- "$1"', [this.stateDir]), {
      timeoutMs: 15_000,
    });
    await this.#remote.close();
  }
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
  const token = randomBytes(6).toString("hex");
  return new BashSession({
    transport: new RemoteSessionTransport(settings, lines[0] ?? "", token),
    cwd: lines[1] ?? "",
    timeoutSeconds: settings.timeoutSeconds,
    maxOutputChars: settings.maxOutputChars,
    token,
    home: lines[2] || undefined,
    basePath: settings.env?.PATH ?? (lines[3] || undefined),
  });
}

/**
 * Open the session of a remote backend over `transport` with what every backend takes from its
 * {@link EnvironmentOptions}: the command timeout, output cap, kill grace and variables, with the
 * terminal defaults for what is unset. `cwd` is the backend's starting directory on the far side.
 */
export function openBackendSession(
  type: string,
  transport: RemoteTransport,
  options: EnvironmentOptions,
  cwd: string,
): Promise<Environment> {
  return openRemoteEnvironment({
    type,
    transport,
    cwd,
    timeoutSeconds: options.timeoutSeconds ?? TERMINAL_DEFAULTS.timeoutSeconds,
    maxOutputChars: options.maxOutputChars ?? TERMINAL_DEFAULTS.maxOutputChars,
    killGraceMs: options.killGraceMs,
    env: options.env,
  });
}

/** A starting directory given as an absolute path, else the remote home (`~`). */
export function absoluteOrHome(cwd: string | undefined): string {
  return cwd !== undefined && cwd.startsWith("/") ? cwd : "~";
}
