import { createWriteStream, mkdirSync, type WriteStream } from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";

/**
 * The file stdio servers' standard error goes to (`HERMES_HOME/logs/mcp-stderr.log`), opened
 * lazily in append mode. Each line is prefixed with the server's name, so servers stay
 * distinguishable; nothing reaches the terminal.
 */
export class StderrLog {
  readonly path: string;
  #stream: WriteStream | undefined;

  constructor(hermesHome: string) {
    this.path = path.join(hermesHome, "logs", "mcp-stderr.log");
  }

  /** Copy a server's stderr into the log, line by line with a `[server]` prefix. */
  attach(server: string, stderr: Readable): void {
    const stream = this.#open();
    stream.write(`--- ${new Date().toISOString()} ${server} started ---\n`);
    let pending = "";
    stderr.setEncoding("utf8");
    stderr.on("data", (chunk: string) => {
      const lines = (pending + chunk).split("\n");
      pending = lines.pop() ?? "";
      if (lines.length > 0) stream.write(lines.map((line) => `[${server}] ${line}\n`).join(""));
    });
    stderr.on("end", () => {
      if (pending !== "") stream.write(`[${server}] ${pending}\n`);
      pending = "";
    });
    // A stderr error must not crash the agent; the server's own close is handled elsewhere.
    stderr.on("error", () => undefined);
  }

  /** Flush and close the file. */
  async close(): Promise<void> {
    const stream = this.#stream;
    this.#stream = undefined;
    if (stream === undefined) return;
    await new Promise<void>((resolve) => stream.end(resolve));
  }

  #open(): WriteStream {
    if (this.#stream === undefined) {
      mkdirSync(path.dirname(this.path), { recursive: true, mode: 0o700 });
      this.#stream = createWriteStream(this.path, { flags: "a", mode: 0o600 });
      this.#stream.on("error", () => undefined);
    }
    return this.#stream;
  }
}
