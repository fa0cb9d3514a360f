import type { EnvironmentCapabilities } from "./environment.js";
import type { PathLookup, SessionPathCommands } from "./path-commands.js";
import type { SandboxPolicy } from "./sandbox.js";

/**
 * One command of a bash session, as the session hands it to its transport. The transport
 * runs the shell wrapper (see shell-wrapper.ts) with these values wherever it runs commands.
 */
export interface SessionRun {
  /** Unique within the session; names the run's snapshot and cwd files in the state dir. */
  readonly runId: string;
  /** The text bash evaluates: the command, or an expression reading it from a file. */
  readonly command: string;
  /** Directory the caller asked for (`workdir`), unresolved; undefined means the session cwd. */
  readonly dir: string | undefined;
  /** The session's current directory. */
  readonly sessionCwd: string;
  /** Write a snapshot and cwd file when the command ends (foreground commands). */
  readonly save: boolean;
  /** Variable names that must not reach the snapshot (per-call variables, the run marker). */
  readonly transient: readonly string[];
  /** The snapshot the command restores first, if any. */
  readonly snapshot: string | undefined;
  /**
   * The checked state of {@link snapshot}, written again as bash text that only defines
   * (see shell-snapshot.ts); empty when there is none. A transport that can hand it to the
   * shell directly restores it instead of the file, which a command may have rewritten.
   */
  readonly restore: string;
  /** Per-call variables, with the run marker. */
  readonly env: Readonly<Record<string, string>>;
  readonly pty: boolean;
  /** Pipe stdin (else it is empty). */
  readonly stdin: boolean;
}

/**
 * The snapshot a run saved, as a transport that runs commands far away sends it back with the
 * command's own output, so the session need not fetch the file in another round trip: its
 * text, or word that it is byte for byte the snapshot the run restored.
 */
export type SnapshotReport =
  { readonly kind: "text"; readonly text: string } | { readonly kind: "unchanged" };

/** What a finished run left for the session. */
export interface RunOutcome {
  /** The run wrote a new snapshot (in the state dir, named `<runId>.snap`). */
  readonly saved: boolean;
  /** The shell's directory when it ended, when `saved`. */
  readonly cwd?: string | undefined;
  /** The saved snapshot's content, when `saved` and the transport has it at hand. */
  readonly snapshot?: SnapshotReport | undefined;
  /**
   * The transport itself failed (the command never ran): the message to show, and whether
   * the transport may recover from it (see {@link SessionTransport.recover}).
   */
  readonly failure?: { readonly message: string; readonly detail: string } | undefined;
}

/** Output (stdout and stderr merged) and stdin of a running command. */
export interface CommandStreams {
  /** Subscribe to decoded output; returns an unsubscribe function. */
  onData(listener: (chunk: string) => void): () => void;
  /** Whether stdin can still be written. */
  readonly stdinOpen: boolean;
  write(data: string): void;
  closeStdin(): void;
}

/** A run in progress, as a transport reports it. */
export interface RunningCommand {
  /** Backend-specific id of a background process. */
  readonly id: string;
  /** Process id where the backend has one; known once {@link started} resolved. */
  readonly pid: number | undefined;
  readonly pty: boolean;
  /**
   * Resolves once the command is running; rejects (WorkdirNotFound, SpawnFailed) when it
   * could not start on the far side.
   */
  readonly started: Promise<void>;
  /** The command's output and stdin. */
  readonly io: CommandStreams;
  /** Resolves with the command's exit code when its shell ended. */
  readonly done: Promise<number>;
  /**
   * After {@link done}: let the output drain, make sure a foreground command left nothing
   * holding its output, and report what the run left. Called once, for foreground runs.
   */
  finish(stopped: boolean): Promise<RunOutcome>;
  /** Kill the whole process tree (TERM, a grace period, then KILL); resolves when done. */
  stop(): Promise<void>;
}

/**
 * How a bash session reaches the place its commands run: the local machine (process
 * groups, a launcher, optionally a sandbox) or a far side (docker exec, ssh). The session
 * (bash-session.ts) owns everything else: snapshots, cwd, markers, timeouts, output.
 */
export interface SessionTransport {
  readonly type: string;
  readonly capabilities: EnvironmentCapabilities;
  /** The OS sandbox commands run in, when there is one. */
  readonly sandbox?: SandboxPolicy | undefined;
  /** Directory holding the session's snapshot, cwd and command files. */
  readonly stateDir: string;
  /** Start a run. Rejects for misuse (a missing explicit directory) or a failed spawn. */
  launch(run: SessionRun): Promise<RunningCommand>;
  /**
   * Store a long command in the state dir; returns the file's path. A transport without it
   * takes a command of any length as it is.
   */
  storeCommand?(runId: string, command: string): Promise<string>;
  /** Files of the state dir (by path) that no command needs any more. */
  discard(files: readonly string[]): void;
  /** The directory a relative path or `~` names, from the session cwd. */
  resolvePath(sessionCwd: string, file: string): string;
  readFile(file: string): Promise<Uint8Array>;
  writeFile(file: string, data: string | Uint8Array): Promise<void>;
  /**
   * What each candidate word runs from the directories the session added to PATH, looked up
   * where the commands run (see path-commands.ts). Never blocks the event loop.
   */
  lookupPathCommands?(lookup: PathLookup): Promise<SessionPathCommands>;
  /** A line explaining a failed command's output (the sandbox refused a write), or undefined. */
  explainFailure?(output: string, exitCode: number): string | undefined;
  /** After a failure the transport reported: bring the far side back; true to run again. */
  recover?(detail: string): Promise<boolean>;
  /** Kill everything the session started (`running` are its live runs) and release it. */
  close(running: readonly RunningCommand[]): Promise<void>;
  /** Synchronous best effort for process exit. */
  closeSync?(running: readonly RunningCommand[]): void;
}
