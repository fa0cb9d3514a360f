// The control channel of a remote command: the remote wrapper (remote-shell-script.ts) writes
// control lines to the transport client's stderr, where anything else is the client's own
// message. Most control lines are one line of text; the session snapshot travels as a length
// prefixed block of raw bytes, since its text holds arbitrary lines.
import type { SnapshotReport } from "./session-transport.js";

/** Control lines the remote wrapper sends, parsed. */
export interface RemoteControl {
  /** Process group id of the command on the far side. */
  pid?: number;
  /** New session directory after the command. */
  cwd?: string;
  /** The explicit directory did not exist; nothing ran. */
  missingCwd?: string;
  /** The snapshot the command saved, as the wrapper sent it (the last report wins). */
  snapshot?: SnapshotReport;
}

const NEWLINE = 0x0a;
/** A snapshot block: `hermes-snap <bytes>`, that many bytes, then {@link SNAPSHOT_END}. */
const SNAPSHOT_BLOCK = "hermes-snap ";
/**
 * What follows a block's bytes. A relay that re-encoded the stream (a multi-byte character
 * cut between two chunks) changes the byte count; the block is then refused, never taken cut.
 */
const SNAPSHOT_END = Buffer.from("\nhermes-snap-end\n");
/** The saved snapshot is byte for byte the one the command restored. */
const SNAPSHOT_UNCHANGED = "hermes-snap-same";
const DECODER = new TextDecoder();

/**
 * Parses the stderr of a transport client as it arrives: control lines fill {@link control}
 * (`onPid` fires when the process group is reported); other lines are collected as the
 * transport's own messages.
 */
export class RemoteControlParser {
  readonly control: RemoteControl = {};
  #errors = "";
  #pending: Buffer = Buffer.alloc(0);
  /** Size of the snapshot block being read (with its end line), when one is. */
  #blockBytes: number | undefined;
  /** What has arrived of that block, kept as chunks (a large block comes in many). */
  #block: Buffer[] = [];
  #blockHave = 0;
  readonly #onPid: (pid: number) => void;

  constructor(onPid: (pid: number) => void) {
    this.#onPid = onPid;
  }

  /** The lines that were not control lines. */
  get errors(): string {
    return this.#errors;
  }

  /** Add a chunk of stderr. */
  push(chunk: Buffer): void {
    this.#pending = this.#pending.length === 0 ? chunk : Buffer.concat([this.#pending, chunk]);
    for (;;) {
      if (this.#blockBytes !== undefined) {
        const wanted = this.#blockBytes - this.#blockHave;
        if (this.#pending.length < wanted) {
          this.#block.push(this.#pending);
          this.#blockHave += this.#pending.length;
          this.#pending = Buffer.alloc(0);
          return;
        }
        this.#block.push(this.#pending.subarray(0, wanted));
        this.#pending = this.#pending.subarray(wanted);
        const block = Buffer.concat(this.#block);
        const size = block.length - SNAPSHOT_END.length;
        if (block.subarray(size).equals(SNAPSHOT_END)) {
          this.control.snapshot = { kind: "text", text: DECODER.decode(block.subarray(0, size)) };
        } else {
          // Unusable: the session reads the snapshot file instead.
          delete this.control.snapshot;
        }
        this.#blockBytes = undefined;
        this.#block = [];
        this.#blockHave = 0;
        continue;
      }
      const newline = this.#pending.indexOf(NEWLINE);
      if (newline < 0) return;
      const line = DECODER.decode(this.#pending.subarray(0, newline));
      this.#pending = this.#pending.subarray(newline + 1);
      this.#line(line);
    }
  }

  /** The client's stderr ended: whatever is left is the client's own message. */
  end(): void {
    if (this.#blockBytes === undefined) this.#errors += DECODER.decode(this.#pending);
    this.#pending = Buffer.alloc(0);
    this.#blockBytes = undefined;
    this.#block = [];
    this.#blockHave = 0;
  }

  #line(line: string): void {
    if (line.startsWith("hermes-pid ")) {
      this.control.pid = Number(line.slice(11));
      this.#onPid(this.control.pid);
    } else if (line.startsWith("hermes-cwd ")) {
      this.control.cwd = line.slice(11);
    } else if (line.startsWith("hermes-nocwd ")) {
      this.control.missingCwd = line.slice(13);
    } else if (line === SNAPSHOT_UNCHANGED) {
      this.control.snapshot = { kind: "unchanged" };
    } else if (line.startsWith(SNAPSHOT_BLOCK) && /^\d+$/.test(line.slice(SNAPSHOT_BLOCK.length))) {
      this.#blockBytes = Number(line.slice(SNAPSHOT_BLOCK.length)) + SNAPSHOT_END.length;
    } else {
      this.#errors += `${line}\n`;
    }
  }
}
