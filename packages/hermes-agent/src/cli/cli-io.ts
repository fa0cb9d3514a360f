/** Where a CLI command writes, and what the terminal supports. Injectable for tests. */
export interface CliIo {
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  /**
   * The environment commands read. Before a command runs, `HERMES_HOME/.env` fills in the
   * variables it does not set (see {@link loadHermesEnv} in `hermes-env.ts`).
   */
  readonly env: Record<string, string | undefined>;
  /** Colour and spinners only on a TTY without `NO_COLOR` or `CI`. */
  readonly fancy: boolean;
}

/**
 * A reader that went away (`hermes-agent tools | head -1`) is not a failure of the command:
 * what it would still print is dropped, and the command ends normally (closing what it opened).
 */
const guarded = new WeakSet<NodeJS.WriteStream>();
function dropWritesAfterClosedPipe(stream: NodeJS.WriteStream): void {
  if (guarded.has(stream)) return;
  guarded.add(stream);
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE" || error.code === "ERR_STREAM_DESTROYED") return;
    throw error;
  });
}

/** The process's own streams and environment. */
export function processIo(): CliIo {
  const env = process.env;
  dropWritesAfterClosedPipe(process.stdout);
  dropWritesAfterClosedPipe(process.stderr);
  const fancy =
    process.stdout.isTTY &&
    (env.NO_COLOR === undefined || env.NO_COLOR === "") &&
    (env.CI === undefined || env.CI === "");
  return { stdout: process.stdout, stderr: process.stderr, env, fancy };
}

/** Write one line to standard output. */
export function out(io: CliIo, line = ""): void {
  io.stdout.write(`${line}\n`);
}

/** Write one line to standard error. */
export function err(io: CliIo, line: string): void {
  io.stderr.write(`${line}\n`);
}

/** A CLI failure with its exit code (1: failed, 2: usage). */
export class CliExit extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode = 1) {
    super(message);
    this.name = "CliExit";
    this.exitCode = exitCode;
  }
}

/** A short one-line preview of a value. */
export function preview(value: unknown, max = 80): string {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  const line = text.replace(/\s+/g, " ").trim();
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
}
