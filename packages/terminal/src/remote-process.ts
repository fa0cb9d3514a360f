import { spawn } from "node:child_process";
import { exitCodeOf } from "./process-group.js";

/** A local program that runs something on the far side (`docker exec ...`, `ssh ...`). */
export interface TransportCommand {
  readonly file: string;
  readonly args: readonly string[];
  /** Environment of the client program (default this process's). */
  readonly env?: Readonly<Record<string, string | undefined>> | undefined;
}

/** Control lines the remote wrapper sends, parsed. */
export interface RemoteControl {
  /** Process group id of the command on the far side. */
  pid?: number;
  /** New session directory after the command. */
  cwd?: string;
  /** The explicit directory did not exist; nothing ran. */
  missingCwd?: string;
}

/** One transport client process running a remote command. */
export interface RemoteProcess {
  onData(listener: (chunk: string) => void): () => void;
  /** Resolves once the far side reported the command's process group id (or the client ended). */
  readonly started: Promise<number | undefined>;
  /** Resolves with the client's exit code once it exited and its output ended. */
  readonly exited: Promise<number>;
  readonly control: RemoteControl;
  /** Lines on stderr that were not control lines: the transport's own messages. */
  readonly transportErrors: () => string;
  readonly stdinOpen: boolean;
  write(data: string | Uint8Array): void;
  closeStdin(): void;
  /** Kill the local client (the far side is killed separately). */
  killClient(): void;
}

/** Start a transport client; stdout is the command's merged output, stderr carries control lines. */
export function startRemote(command: TransportCommand): RemoteProcess {
  const child = spawn(command.file, [...command.args], {
    stdio: ["pipe", "pipe", "pipe"],
    env: command.env ?? process.env,
  });
  const listeners = new Set<(chunk: string) => void>();
  const control: RemoteControl = {};
  let errors = "";
  let pending = "";
  let stdinOpen = true;
  let resolveStarted: (pid: number | undefined) => void = () => undefined;
  const started = new Promise<number | undefined>((resolve) => {
    resolveStarted = resolve;
  });
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk: string) => {
    for (const listener of listeners) listener(chunk);
  });
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk: string) => {
    pending += chunk;
    let newline = pending.indexOf("\n");
    while (newline >= 0) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      if (line.startsWith("hermes-pid ")) {
        control.pid = Number(line.slice(11));
        resolveStarted(control.pid);
      } else if (line.startsWith("hermes-cwd ")) control.cwd = line.slice(11);
      else if (line.startsWith("hermes-nocwd ")) control.missingCwd = line.slice(13);
      else errors += `${line}\n`;
      newline = pending.indexOf("\n");
    }
  });
  child.stdin.on("error", () => {
    stdinOpen = false;
  });
  const closed = new Promise<number>((resolve) => {
    child.once("error", (error) => {
      errors += `${String(error)}\n`;
      resolve(127);
    });
    child.once("close", (code, signal) => resolve(exitCodeOf(code, signal)));
  });
  const exited = closed.then((code) => {
    stdinOpen = false;
    errors += pending;
    pending = "";
    resolveStarted(undefined);
    return code;
  });
  return {
    onData(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    started,
    exited,
    control,
    transportErrors: () => errors,
    get stdinOpen() {
      return stdinOpen;
    },
    write(data) {
      if (!stdinOpen) throw new Error("stdin is closed");
      child.stdin.write(data);
    },
    closeStdin() {
      if (stdinOpen) child.stdin.end();
      stdinOpen = false;
    },
    killClient() {
      child.kill("SIGKILL");
    },
  };
}

/** Run a transport command to completion, collecting stdout as bytes and stderr as text. */
export function runTransport(
  command: TransportCommand,
  options: {
    stdin?: string | Uint8Array;
    timeoutMs?: number;
    /** Resolve when the program exits, even if a child it forked keeps stderr open (`ssh -f`). */
    untilExit?: boolean;
  } = {},
): Promise<{ exitCode: number; stdout: Buffer; stderr: string; timedOut: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(command.file, [...command.args], {
      env: command.env ?? process.env,
      stdio: [options.stdin === undefined ? "ignore" : "pipe", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    let stderr = "";
    let timedOut = false;
    child.stdout?.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr?.setEncoding("utf8");
    child.stderr?.on("data", (chunk: string) => {
      stderr += chunk;
    });
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            child.kill("SIGKILL");
          }, options.timeoutMs);
    if (options.stdin !== undefined && child.stdin !== null) {
      child.stdin.on("error", () => undefined);
      child.stdin.end(options.stdin);
    }
    child.once("error", (error) => {
      clearTimeout(timer);
      resolve({ exitCode: 127, stdout: Buffer.alloc(0), stderr: String(error), timedOut });
    });
    const finish = (code: number | null, signal: NodeJS.Signals | null): void => {
      clearTimeout(timer);
      resolve({
        exitCode: exitCodeOf(code, signal),
        stdout: Buffer.concat(out),
        stderr,
        timedOut,
      });
    };
    child.once("close", finish);
    if (options.untilExit === true) {
      child.once("exit", (code, signal) => {
        if (code !== 0) return;
        child.stdout?.destroy();
        child.stderr?.destroy();
        finish(code, signal);
      });
    }
  });
}
