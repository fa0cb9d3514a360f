import { TerminalError, TerminalErrorCode } from "./terminal-error.js";
import type { LaunchSpec, RawProcess } from "./raw-process.js";

/** The PTY library this package loads lazily (an optional dependency). */
export const PTY_MODULE = "@lydell/node-pty";

/** The part of node-pty's API used here. */
interface PtyProcess {
  readonly pid: number;
  onData(listener: (data: string) => void): { dispose(): void };
  onExit(listener: (event: { exitCode: number; signal?: number }) => void): { dispose(): void };
  write(data: string): void;
}

interface PtyModule {
  spawn(
    file: string,
    args: string[],
    options: { name: string; cols: number; rows: number; cwd: string; env: Record<string, string> },
  ): PtyProcess;
}

/** PTY mode was asked for but the optional PTY library is not installed. */
export class PtyUnavailableError extends TerminalError {
  constructor(cause: unknown) {
    super(
      TerminalErrorCode.PtyUnavailable,
      `PTY mode needs the optional dependency ${PTY_MODULE}, which could not be loaded. ` +
        `Install it (npm install ${PTY_MODULE}) to use pty=true, or run the command without pty.`,
      { cause },
    );
    this.name = "PtyUnavailableError";
  }
}

let cached: Promise<PtyModule> | undefined;

/** Load the PTY library once; rejects with {@link PtyUnavailableError} when it is absent. */
function loadPtyModule(specifier: string = PTY_MODULE): Promise<PtyModule> {
  if (specifier !== PTY_MODULE) {
    return import(specifier).then(
      (mod: unknown) => pickSpawn(mod),
      (error: unknown) => Promise.reject(new PtyUnavailableError(error)),
    );
  }
  cached ??= import(PTY_MODULE).then(
    (mod: unknown) => pickSpawn(mod),
    (error: unknown) => {
      cached = undefined;
      return Promise.reject(new PtyUnavailableError(error));
    },
  );
  return cached;
}

function pickSpawn(mod: unknown): PtyModule {
  const candidate = mod as { spawn?: unknown; default?: { spawn?: unknown } };
  if (typeof candidate.spawn === "function") return candidate as PtyModule;
  if (typeof candidate.default?.spawn === "function") return candidate.default as PtyModule;
  throw new PtyUnavailableError(new Error(`${PTY_MODULE} has no spawn function`));
}

/** Terminal size of PTY sessions. */
const COLS = 120;
const ROWS = 40;
/** End-of-file in canonical mode. */
const CTRL_D = "\x04";
/** Output quiet time after exit before the PTY process counts as finished. */
const PTY_SETTLE_MS = 25;
const PTY_SETTLE_MAX_MS = 500;

/**
 * Start `spec` in a pseudo-terminal. The child is a session leader, so its pid is also
 * its process group id and the group can be killed like a piped command's.
 */
export async function launchPty(spec: LaunchSpec, ptyModule?: string): Promise<RawProcess> {
  const pty = await loadPtyModule(ptyModule);
  const child = pty.spawn(spec.file, [...spec.args], {
    name: "xterm-256color",
    cols: COLS,
    rows: ROWS,
    cwd: spec.cwd,
    env: { ...spec.env, TERM: "xterm-256color" },
  });
  const listeners = new Set<(chunk: string) => void>();
  // Whether the input line is empty: EOF (Ctrl-D) only ends input at the start of a line;
  // after a partial line, a first Ctrl-D just hands the partial line over.
  let atLineStart = true;
  let attached = true;
  let open = true;
  let lastData = Date.now();
  const dataSub = child.onData((chunk) => {
    lastData = Date.now();
    if (!attached) return;
    for (const listener of listeners) listener(chunk);
  });
  const exited = new Promise<number>((resolve) => {
    const exitSub = child.onExit(({ exitCode, signal }) => {
      open = false;
      exitSub.dispose();
      const code = signal !== undefined && signal > 0 ? 128 + signal : exitCode;
      // node-pty may deliver the last output after the exit event: wait for a quiet spell.
      const exitedAt = Date.now();
      const settle = (): void => {
        const now = Date.now();
        if (now - lastData >= PTY_SETTLE_MS || now - exitedAt >= PTY_SETTLE_MAX_MS) {
          dataSub.dispose();
          resolve(code);
        } else {
          setTimeout(settle, PTY_SETTLE_MS);
        }
      };
      setTimeout(settle, PTY_SETTLE_MS);
    });
  });
  return {
    pid: child.pid,
    pty: true,
    onData(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    exited,
    outputClosed: exited.then(() => undefined),
    ended: exited.then(() => undefined),
    get stdinOpen() {
      return open;
    },
    write(data) {
      if (!open) throw new Error("the process has exited");
      child.write(data);
      if (data !== "") atLineStart = /[\r\n]$/.test(data);
    },
    closeStdin() {
      if (open) child.write(atLineStart ? CTRL_D : CTRL_D + CTRL_D);
      atLineStart = true;
    },
    detachOutput() {
      attached = false;
    },
  };
}
