import type { SandboxPolicy } from "./sandbox.js";
import { MissingCapabilityError } from "./terminal-error.js";
import type { SessionPathCommands } from "./path-commands.js";

/** Version of the {@link Environment} / {@link EnvironmentBackend} contract this package speaks. */
export const ENVIRONMENT_API_VERSION = 1 as const;

/** The backend types Hermes knows, in the order its error message lists them. */
export const ENVIRONMENT_TYPES: readonly [
  "local",
  "docker",
  "singularity",
  "modal",
  "daytona",
  "ssh",
] = ["local", "docker", "singularity", "modal", "daytona", "ssh"] as const;

/** One of {@link ENVIRONMENT_TYPES}. */
export type EnvironmentType = (typeof ENVIRONMENT_TYPES)[number];

/** What a backend can do. Asking for a missing capability fails before anything runs. */
export interface EnvironmentCapabilities {
  /** Commands can run in a pseudo-terminal. */
  readonly pty: boolean;
  /** Commands can run in the background with a handle. */
  readonly background: boolean;
  /** cwd and exported variables persist between `execute` calls. */
  readonly persistent: boolean;
  /** `readFile` / `writeFile` work. */
  readonly fileTransfer: boolean;
}

/** Options of one foreground command. */
export interface ExecuteOptions {
  /** Run in this directory; the session cwd is not changed by it. Must exist. */
  readonly cwd?: string;
  /** Seconds before the process group is killed (exit code 124). Defaults to the environment's. */
  readonly timeout?: number;
  /** Text written to the command's stdin, then closed. Without it stdin is empty. */
  readonly stdin?: string;
  /** Aborting kills the process group (exit code 130). */
  readonly signal?: AbortSignal;
  /** Extra variables for this command only; they are not persisted in the session. */
  readonly env?: Readonly<Record<string, string>>;
  /** Run in a pseudo-terminal (needs `capabilities.pty`). */
  readonly pty?: boolean;
  /** Keep at most this many characters of output (40% head, 60% tail). Defaults to the environment's. */
  readonly maxOutputChars?: number;
}

/** Outcome of a foreground command. stdout and stderr are merged in `output`. */
export interface ExecuteResult {
  readonly output: string;
  /** The command's exit code; 124 when it timed out, 130 when it was interrupted. */
  readonly exitCode: number;
  readonly timedOut: boolean;
  readonly interrupted: boolean;
  /** Characters dropped from the middle of the output to respect the cap. */
  readonly omittedChars: number;
}

/** Options of a background command. */
export interface SpawnOptions {
  readonly cwd?: string;
  readonly env?: Readonly<Record<string, string>>;
  /** Run in a pseudo-terminal (needs `capabilities.pty`). */
  readonly pty?: boolean;
}

/** A command running in the background. Output is stdout and stderr merged. */
export interface BackgroundProcess {
  /** Backend-specific id (the pid as a string on the local backend). */
  readonly id: string;
  /** Process id (and process group id) where the backend has one. */
  readonly pid: number | undefined;
  readonly pty: boolean;
  /** Exit code once it exited, else null. */
  readonly exitCode: number | null;
  /** Resolves with the exit code (128 + signal number when killed by a signal). */
  readonly exited: Promise<number>;
  /** Receive output chunks from now on; returns an unsubscribe function. */
  onOutput(listener: (chunk: string) => void): () => void;
  /** Write raw data to stdin. Throws when stdin is closed or the process exited. */
  write(data: string): void;
  /** Close stdin (EOF). */
  closeStdin(): void;
  /** Kill the whole process group (SIGTERM, then SIGKILL after a grace period). */
  kill(): Promise<void>;
}

/**
 * The shell state the next command of a session starts from: what approval must know to see
 * what bash will run (a relative path, `~`, or a command word that an alias or function
 * redefines). The hash table (`hash -p`) is not part of it: sessions do not keep it between
 * commands, so it only matters within one command line, which detection reads itself.
 */
export interface ShellContext {
  /** The session's current directory. */
  readonly cwd: string;
  /** The home directory `~` expands to, when known. */
  readonly home?: string;
  /** Alias name → replacement text, as the session defined them. */
  readonly aliases: Readonly<Record<string, string>>;
  /** Function name → body (`{ ... }`), as the session defined them. */
  readonly functions: Readonly<Record<string, string>>;
  /**
   * The session's exported variables with a value (PATH among them), once a command saved
   * them; absent while they are not known (before the first command, or on a backend that
   * does not keep them).
   */
  readonly environment?: Readonly<Record<string, string>>;
  /**
   * For the command given to {@link Environment.shellContext}: its bare words that resolve,
   * through the session's PATH, into a directory the session added, and what each file there
   * is. Absent when the session's PATH holds no such directory.
   */
  readonly pathCommands?: SessionPathCommands;
}

/** A place where commands run: the local machine, a container, a remote host. */
export interface Environment {
  readonly apiVersion: typeof ENVIRONMENT_API_VERSION;
  readonly type: string;
  readonly capabilities: EnvironmentCapabilities;
  /** The session's current directory. */
  readonly cwd: string;
  /**
   * The OS sandbox the commands run in (level, network, writable roots), when the backend
   * has one; absent means no OS limit beyond the backend's own isolation. Approval may read
   * it to relax for writes inside a writable root.
   */
  readonly sandbox?: SandboxPolicy | undefined;
  /**
   * Run a command to completion. Never rejects for a failing command; rejects for misuse
   * (a `cwd` that is not a directory, a missing capability, a closed environment).
   */
  execute(command: string, options?: ExecuteOptions): Promise<ExecuteResult>;
  /** Start a command in the background (needs `capabilities.background`). */
  spawnBackground(command: string, options?: SpawnOptions): Promise<BackgroundProcess>;
  /** Read a file; a relative path is resolved against the session cwd. */
  readFile(path: string): Promise<Uint8Array>;
  /** Write a file, creating parent directories; a relative path is resolved against the session cwd. */
  writeFile(path: string, data: string | Uint8Array): Promise<void>;
  /** Kill every process this environment started and release its resources. Safe to call twice. */
  cleanup(): Promise<void>;
  /**
   * The shell state the next command starts from. Optional: backends without a persistent
   * shell leave it out. Rejects when the state cannot be read (approval then refuses to guess).
   * Given the `command` about to run, it also reports the command's words that run files from
   * directories the session added to PATH (`pathCommands`).
   */
  shellContext?(command?: string): Promise<ShellContext>;
  /** Synchronous best-effort kill of everything, for process exit. Optional. */
  killAllSync?(): void;
}

/** Options every backend accepts; backend-specific keys go in `backendOptions`. */
export interface EnvironmentOptions {
  /** The task this environment serves (used for naming and isolation). */
  readonly taskId?: string;
  /** Initial session directory. */
  readonly cwd?: string;
  /** Default foreground timeout in seconds. */
  readonly timeoutSeconds?: number;
  /** Default output cap in characters. */
  readonly maxOutputChars?: number;
  /** Names of host variables passed to commands in addition to the built-in allowlist. */
  readonly envPassthrough?: readonly string[];
  /** Variables set for every command. */
  readonly env?: Readonly<Record<string, string>>;
  /** Grace period between SIGTERM and SIGKILL, in milliseconds. */
  readonly killGraceMs?: number;
  /** Host environment the allowlist draws from (defaults to `process.env`). */
  readonly hostEnv?: Readonly<Record<string, string | undefined>>;
  /** Backend-specific settings named as in config.yaml (`docker_image`, `ssh_host`, ...). */
  readonly backendOptions?: Readonly<Record<string, unknown>>;
}

/**
 * A backend: a versioned factory that makes environments of one type. Later packages add
 * docker, ssh, ... by registering one of these.
 */
export interface EnvironmentBackend {
  readonly apiVersion: typeof ENVIRONMENT_API_VERSION;
  readonly type: string;
  readonly capabilities: EnvironmentCapabilities;
  /** Make an environment. Rejects with a clear error when the backend cannot be reached. */
  create(options: EnvironmentOptions): Promise<Environment>;
  /**
   * Check, without making an environment, that `create` can work with these options: the
   * client program is installed, the daemon answers, the host or credentials are set. Rejects
   * with the error `create` would give (its message says what is missing and how to fix it).
   * Optional: a backend without it counts as usable.
   */
  probe?(options: EnvironmentOptions): Promise<void>;
}

/** What a backend author writes; {@link defineEnvironmentBackend} adds the API version. */
export type EnvironmentBackendSpec = Omit<EnvironmentBackend, "apiVersion">;

/** Make a backend object of the current API version, ready to register. */
export function defineEnvironmentBackend(spec: EnvironmentBackendSpec): EnvironmentBackend {
  return {
    apiVersion: ENVIRONMENT_API_VERSION,
    type: spec.type,
    capabilities: spec.capabilities,
    create: spec.create,
    ...(spec.probe === undefined ? {} : { probe: spec.probe }),
  };
}

/** Which capability an operation needs, by name. */
export type CapabilityName = keyof EnvironmentCapabilities;

const CAPABILITY_LABELS: Readonly<Record<CapabilityName, string>> = {
  pty: "PTY mode (pty=true)",
  background: "background processes (background=true)",
  persistent: "persistent shell state",
  fileTransfer: "file transfer",
};

/** Throw {@link MissingCapabilityError} unless `env` has `capability`. */
export function assertCapability(
  env: { readonly type: string; readonly capabilities: EnvironmentCapabilities },
  capability: CapabilityName,
): void {
  if (!env.capabilities[capability]) {
    throw new MissingCapabilityError(env.type, CAPABILITY_LABELS[capability]);
  }
}
