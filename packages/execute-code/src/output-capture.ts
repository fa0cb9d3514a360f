/** Hermes' stdout cap: 50 000 bytes, 40% from the head and 60% from the tail. */
export const MAX_STDOUT_BYTES = 50_000;
/** Hermes' stderr cap: 10 000 bytes from the head. */
export const MAX_STDERR_BYTES = 10_000;
/** Most stdout kept for the spill file, so a print loop cannot exhaust memory or disk. */
export const MAX_SPILLED_STDOUT_BYTES = 5_000_000;
const HEAD_SHARE = 0.4;

/** The line that replaces the dropped middle of a capped stdout. */
export function byteTruncationNotice(omitted: number, total: number): string {
  return `\n\n... [OUTPUT TRUNCATED - ${omitted} bytes omitted out of ${total} total] ...\n\n`;
}

/** What a capped stdout came to. */
export interface CapturedStdout {
  /** Head, notice and tail when truncated; else everything. */
  readonly text: string;
  readonly truncated: boolean;
  readonly totalBytes: number;
  readonly capturedBytes: number;
  readonly omittedBytes: number;
  /** Everything up to {@link MAX_SPILLED_STDOUT_BYTES}, kept only when truncated and asked for. */
  readonly full: string | undefined;
}

/**
 * Collects stdout in bounded memory: the first 40% of the cap, a rolling last 60%, and, when
 * `keepFull` is set, everything up to the spill limit.
 */
export class StdoutCapture {
  readonly #headMax: number;
  readonly #tailMax: number;
  readonly #keepFull: boolean;
  readonly #head: Buffer[] = [];
  #headBytes = 0;
  #tail: Buffer[] = [];
  #tailBytes = 0;
  #full: Buffer[] = [];
  #fullBytes = 0;
  #total = 0;

  constructor(maxBytes: number = MAX_STDOUT_BYTES, keepFull = false) {
    this.#headMax = Math.floor(maxBytes * HEAD_SHARE);
    this.#tailMax = maxBytes - this.#headMax;
    this.#keepFull = keepFull;
  }

  push(chunk: Buffer): void {
    this.#total += chunk.length;
    if (this.#keepFull && this.#fullBytes < MAX_SPILLED_STDOUT_BYTES) {
      const room = MAX_SPILLED_STDOUT_BYTES - this.#fullBytes;
      const kept = chunk.length <= room ? chunk : chunk.subarray(0, room);
      this.#full.push(kept);
      this.#fullBytes += kept.length;
    }
    let rest = chunk;
    if (this.#headBytes < this.#headMax) {
      const take = Math.min(this.#headMax - this.#headBytes, rest.length);
      this.#head.push(rest.subarray(0, take));
      this.#headBytes += take;
      rest = rest.subarray(take);
    }
    if (rest.length === 0) return;
    this.#tail.push(rest);
    this.#tailBytes += rest.length;
    if (this.#tailBytes > this.#tailMax * 2) this.#trim();
  }

  #trim(): void {
    if (this.#tailBytes <= this.#tailMax) return;
    const joined = Buffer.concat(this.#tail);
    this.#tail = [joined.subarray(joined.length - this.#tailMax)];
    this.#tailBytes = this.#tailMax;
  }

  /** The collected stdout. */
  result(): CapturedStdout {
    this.#trim();
    const head = Buffer.concat(this.#head);
    const tail = Buffer.concat(this.#tail);
    const captured = head.length + tail.length;
    const omitted = this.#total - captured;
    if (omitted <= 0) {
      return {
        text: Buffer.concat([head, tail]).toString("utf8"),
        truncated: false,
        totalBytes: this.#total,
        capturedBytes: this.#total,
        omittedBytes: 0,
        full: undefined,
      };
    }
    return {
      text:
        head.toString("utf8") + byteTruncationNotice(omitted, this.#total) + tail.toString("utf8"),
      truncated: true,
      totalBytes: this.#total,
      capturedBytes: captured,
      omittedBytes: omitted,
      full: this.#keepFull ? Buffer.concat(this.#full).toString("utf8") : undefined,
    };
  }
}

/** Collects the first `maxBytes` of a stream (stderr) and drops the rest. */
export class HeadCapture {
  readonly #max: number;
  readonly #chunks: Buffer[] = [];
  #bytes = 0;

  constructor(maxBytes: number = MAX_STDERR_BYTES) {
    this.#max = maxBytes;
  }

  push(chunk: Buffer): void {
    if (this.#bytes >= this.#max) return;
    const kept = chunk.subarray(0, this.#max - this.#bytes);
    this.#chunks.push(kept);
    this.#bytes += kept.length;
  }

  text(): string {
    return Buffer.concat(this.#chunks).toString("utf8");
  }
}
