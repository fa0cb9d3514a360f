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
/** A snapshot block: `hermes-snap <bytes>` then that many bytes and a newline. */
const SNAPSHOT_BLOCK = "hermes-snap ";
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
  /** Size of the snapshot block being read (with its closing newline), when one is. */
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
        // The block ends with the newline the wrapper writes after the snapshot.
        const block = Buffer.concat(this.#block);
        this.control.snapshot = {
          kind: "text",
          text: DECODER.decode(block.subarray(0, block.length - 1)),
        };
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
      this.#blockBytes = Number(line.slice(SNAPSHOT_BLOCK.length)) + 1;
    } else {
      this.#errors += `${line}\n`;
    }
  }
}
