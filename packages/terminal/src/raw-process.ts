import { spawn } from "node:child_process";
import type { Socket } from "node:net";
import { exitCodeOf } from "./process-group.js";

/** How a command is started: a program, its arguments, directory and environment. */
export interface LaunchSpec {
  readonly file: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
}

/**
 * A started process leading its own process group, with stdout and stderr merged into
 * one text stream. Implemented over pipes (here) and over a pseudo-terminal (pty-session).
 */
export interface RawProcess {
  /** Pid, equal to the process group id. */
  readonly pid: number;
  readonly pty: boolean;
  /** Subscribe to decoded output; returns an unsubscribe function. */
  onData(listener: (chunk: string) => void): () => void;
  /**
   * Resolves with the shell-style exit code when the command ended: the leader's exit, or
   * under a launcher the code it reported on its status pipe.
   */
  readonly exited: Promise<number>;
  /** Resolves when the started process itself exited (a launcher outlives its command while descendants remain). */
  readonly ended: Promise<void>;
  /** Resolves when the output stream ended (every holder of it exited), or right after exit for a PTY. */
  readonly outputClosed: Promise<void>;
  /** Whether stdin can still be written. */
  readonly stdinOpen: boolean;
  write(data: string): void;
  closeStdin(): void;
  /** Stop reading output (after the leader exited, when descendants keep the stream open). */
  detachOutput(): void;
}

/** How {@link launchPiped} wires the standard streams. */
export interface PipedOptions {
  /** Pipe stdin (else /dev/null). */
  readonly stdin: boolean;
  /**
   * The program sends its own stderr to stdout (the shell wrapper starts with `exec 2>&1`),
   * so no stderr pipe is made: one pipe less per command, and the order of lines is kept.
   */
  readonly stderrToStdout?: boolean;
  /**
   * The program is the launcher (process-launcher.ts): it reports the command's exit code on
   * file descriptor 3, which becomes the {@link RawProcess.exited} value.
   */
  readonly statusPipe?: boolean;
}

/** A process started by {@link launchPiped}. */
export interface PipedProcess extends RawProcess {
  /** The pid of the command the launcher started, once it reported it (undefined without a launcher). */
  readonly commandPid: Promise<number | undefined>;
  /** Write to the status pipe (a socket pair, so it carries the launcher's request too). */
  request(text: string): void;
  /** Whether the process and its streams keep Node's event loop alive (a waiting launcher does not). */
  hold(held: boolean): void;
}

/** Start `spec` in a new process group with piped stdio. */
export function launchPiped(spec: LaunchSpec, options: PipedOptions): Promise<PipedProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(spec.file, spec.args, {
      cwd: spec.cwd,
      env: spec.env,
      detached: true,
      stdio: [
        options.stdin ? "pipe" : "ignore",
        "pipe",
        options.stderrToStdout === true ? "ignore" : "pipe",
        ...(options.statusPipe === true ? (["pipe"] as const) : []),
      ],
    });
    const status = options.statusPipe === true ? (child.stdio[3] as Socket | null) : null;
    const { stdout, stderr } = child;
    if (stdout === null) {
      reject(new Error("spawn gave no output pipe"));
      return;
    }
    const listeners = new Set<(chunk: string) => void>();
    const emit = (chunk: string): void => {
      for (const listener of listeners) listener(chunk);
    };
    stdout.setEncoding("utf8");
    stdout.on("data", emit);
    stderr?.setEncoding("utf8");
    stderr?.on("data", emit);
    let stdinOpen = options.stdin;
    // A child that exits without reading its stdin makes writes fail with EPIPE; that is not our error.
    child.stdin?.on("error", () => {
      stdinOpen = false;
    });
    const ended = new Promise<number>((res) => {
      child.once("exit", (code, signal) => {
        stdinOpen = false;
        res(exitCodeOf(code, signal));
      });
    });
    const reported = status === null ? undefined : readStatus(status, ended);
    const exited = reported?.code ?? ended;
    const closes: Promise<void>[] = [];
    for (const stream of [stdout, stderr]) {
      if (stream !== null)
        closes.push(new Promise<void>((res) => stream.once("close", () => res())));
    }
    const outputClosed = Promise.all(closes).then(() => undefined);
    child.once("error", (error) => reject(error));
    child.once("spawn", () => {
      const pid = child.pid;
      if (pid === undefined) {
        reject(new Error("spawn returned no pid"));
        return;
      }
      resolve({
        pid,
        pty: false,
        onData(listener) {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
        exited,
        ended: ended.then(() => undefined),
        outputClosed,
        get stdinOpen() {
          return stdinOpen;
        },
        write(data) {
          if (!stdinOpen || !child.stdin) throw new Error("stdin is closed");
          child.stdin.write(data);
        },
        closeStdin() {
          if (stdinOpen && child.stdin) child.stdin.end();
          stdinOpen = false;
        },
        detachOutput() {
          stdout.destroy();
          stderr?.destroy();
        },
        commandPid: reported?.pid ?? Promise.resolve(undefined),
        request(text) {
          status?.write(text);
        },
        hold(held) {
          for (const handle of [child, child.stdin, stdout, stderr, status]) {
            const refable = handle as { ref?: () => void; unref?: () => void } | null;
            if (held) refable?.ref?.();
            else refable?.unref?.();
          }
        },
      });
    });
  });
}

/**
 * Read the launcher's status lines: `p<pid>` once the command started (its pid), then the
 * exit code. Without an exit code line (the launcher died), the launcher's own code counts.
 */
function readStatus(
  status: Socket,
  ended: Promise<number>,
): { pid: Promise<number | undefined>; code: Promise<number> } {
  let resolvePid: (pid: number | undefined) => void = () => undefined;
  const pid = new Promise<number | undefined>((resolve) => {
    resolvePid = resolve;
  });
  const code = new Promise<number>((resolve) => {
    let text = "";
    status.setEncoding("utf8");
    status.on("data", (chunk: string) => {
      text += chunk;
      for (let newline = text.indexOf("\n"); newline >= 0; newline = text.indexOf("\n")) {
        const line = text.slice(0, newline);
        text = text.slice(newline + 1);
        if (line.startsWith("p")) resolvePid(Number(line.slice(1)));
        else {
          resolvePid(undefined);
          resolve(Number(line));
        }
      }
    });
    status.once("close", () => {
      resolvePid(undefined);
      void ended.then(resolve);
    });
    status.on("error", () => undefined);
  });
  return { pid, code };
}
