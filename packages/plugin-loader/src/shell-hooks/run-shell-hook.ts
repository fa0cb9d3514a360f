import { spawn } from "node:child_process";

/** Most output kept from a hook's stdout or stderr; the rest is dropped. */
export const SHELL_HOOK_OUTPUT_CAP: number = 1024 * 1024;
// After a kill, how long to wait for the pipes to close before giving up on them.
const CLOSE_GRACE_MS = 1000;

/** How to run one shell hook. */
export interface ShellHookRun {
  readonly command: string;
  readonly stdin: string;
  readonly cwd: string;
  /** The child's whole environment (built from the allowlist, never a copy of process.env). */
  readonly env: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
}

/** What happened. Exactly one of: `error`, `timedOut`, or an exit (`exitCode` / `signalName`). */
export interface ShellHookOutcome {
  readonly exitCode: number | null;
  readonly signalName: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly timedOut: boolean;
  readonly aborted: boolean;
  readonly error: string | undefined;
  readonly elapsedMs: number;
  /** Process id of the hook (leader of its own process group). */
  readonly pid: number | undefined;
}

/**
 * Run `command` with bash in its own process group, `stdin` on its standard input. On timeout
 * or abort the whole group is killed (SIGKILL), so helpers it started go with it. Never rejects.
 */
export function runShellHook(run: ShellHookRun): Promise<ShellHookOutcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const stdout = new OutputBuffer();
    const stderr = new OutputBuffer();
    let timedOut = false;
    let aborted = false;
    let settled = false;
    let graceTimer: NodeJS.Timeout | undefined;
    // Node's stdio pipes are sockets, which makes bash think sshd started it and read ~/.bashrc:
    // --norc keeps the hook's environment what the allowlist built.
    const child = spawn("bash", ["--norc", "--noprofile", "-c", run.command], {
      cwd: run.cwd,
      env: run.env,
      detached: true,
      stdio: ["pipe", "pipe", "pipe"],
    });
    const finish = (fields: Partial<ShellHookOutcome>): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(graceTimer);
      run.signal?.removeEventListener("abort", onAbort);
      resolve({
        exitCode: null,
        signalName: null,
        stdout: stdout.text(),
        stderr: stderr.text(),
        timedOut,
        aborted,
        error: undefined,
        elapsedMs: performance.now() - started,
        pid: child.pid,
        ...fields,
      });
    };
    const killGroup = (): void => {
      if (child.pid !== undefined) {
        try {
          process.kill(-child.pid, "SIGKILL");
        } catch {
          // The group is already gone.
        }
      }
      graceTimer = setTimeout(() => {
        child.stdout.destroy();
        child.stderr.destroy();
        finish({});
      }, CLOSE_GRACE_MS);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, run.timeoutMs);
    const onAbort = (): void => {
      aborted = true;
      killGroup();
    };
    if (run.signal?.aborted === true) onAbort();
    else run.signal?.addEventListener("abort", onAbort, { once: true });
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.on("error", (error) => finish({ error: error.message }));
    child.on("close", (exitCode, signalName) => finish({ exitCode, signalName }));
    // A hook that exits without reading its input closes the pipe under us: not an error.
    child.stdin.on("error", () => undefined);
    child.stdin.end(run.stdin);
  });
}

class OutputBuffer {
  readonly #chunks: Buffer[] = [];
  #size = 0;

  push(chunk: Buffer): void {
    if (this.#size >= SHELL_HOOK_OUTPUT_CAP) return;
    const room = SHELL_HOOK_OUTPUT_CAP - this.#size;
    const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
    this.#chunks.push(kept);
    this.#size += kept.length;
  }

  text(): string {
    return Buffer.concat(this.#chunks).toString("utf8");
  }
}
