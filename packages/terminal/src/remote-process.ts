import { spawn } from "node:child_process";
import { exitCodeOf } from "./process-group.js";
import { RemoteControlParser, type RemoteControl } from "./remote-control.js";

/** A local program that runs something on the far side (`docker exec ...`, `ssh ...`). */
export interface TransportCommand {
  readonly file: string;
  readonly args: readonly string[];
  /** Environment of the client program (default this process's). */
  readonly env?: Readonly<Record<string, string | undefined>> | undefined;
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
  let stdinOpen = true;
  let resolveStarted: (pid: number | undefined) => void = () => undefined;
  const started = new Promise<number | undefined>((resolve) => {
    resolveStarted = resolve;
  });
  const parser = new RemoteControlParser((pid) => resolveStarted(pid));
  let spawnError = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk: string) => {
    for (const listener of listeners) listener(chunk);
  });
  child.stderr.on("data", (chunk: Buffer) => parser.push(chunk));
  child.stdin.on("error", () => {
    stdinOpen = false;
  });
  const closed = new Promise<number>((resolve) => {
    child.once("error", (error) => {
      spawnError += `${String(error)}\n`;
      resolve(127);
    });
    child.once("close", (code, signal) => resolve(exitCodeOf(code, signal)));
  });
  const exited = closed.then((code) => {
    stdinOpen = false;
    parser.end();
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
    control: parser.control,
    transportErrors: () => spawnError + parser.errors,
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
