/** Share of the cap kept from the start of the output; the rest is kept from the end. */
const HEAD_SHARE = 0.4;

/** The line that replaces the dropped middle of a long output (Hermes' wording). */
export function truncationMarker(omitted: number, total: number): string {
  return `\n\n... [OUTPUT TRUNCATED - ${omitted} chars omitted out of ${total} total] ...\n\n`;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** Index at most `index` that does not split a surrogate pair. */
function safeEnd(text: string, index: number): number {
  return index > 0 && isHighSurrogate(text.charCodeAt(index - 1)) ? index - 1 : index;
}

/** Split a cap into the head and tail budgets. */
function budgets(maxChars: number): { head: number; tail: number } {
  const head = Math.floor(maxChars * HEAD_SHARE);
  return { head, tail: maxChars - head };
}

/**
 * Cap `text` at `maxChars` characters, keeping 40% from the head and 60% from the tail
 * with a marker in between saying how much was dropped.
 */
export function capOutput(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const { head, tail } = budgets(maxChars);
  const headEnd = safeEnd(text, head);
  const tailStart = safeEnd(text, text.length - tail);
  const omitted = tailStart - headEnd;
  return text.slice(0, headEnd) + truncationMarker(omitted, text.length) + text.slice(tailStart);
}

/**
 * Collects a stream of text in bounded memory: the first 40% of the cap and a rolling
 * last 60%, so a command printing gigabytes cannot exhaust memory.
 */
export class HeadTailCollector {
  readonly #headMax: number;
  readonly #tailMax: number;
  #head = "";
  #tail = "";
  #total = 0;
  #headClosed = false;

  constructor(maxChars: number) {
    const { head, tail } = budgets(maxChars);
    this.#headMax = head;
    this.#tailMax = tail;
  }

  /** Characters received so far. */
  get totalChars(): number {
    return this.#total;
  }

  push(chunk: string): void {
    this.#total += chunk.length;
    let rest = chunk;
    if (!this.#headClosed) {
      const room = this.#headMax - this.#head.length;
      const cut = safeEnd(rest, Math.min(room, rest.length));
      this.#head += rest.slice(0, cut);
      rest = rest.slice(cut);
    }
    if (rest.length === 0) return;
    this.#headClosed = true;
    this.#tail += rest;
    // Trim lazily so a stream of small chunks costs amortised O(1) per character.
    if (this.#tail.length > this.#tailMax * 2) this.#trimTail();
  }

  #trimTail(): void {
    if (this.#tail.length > this.#tailMax) {
      let start = this.#tail.length - this.#tailMax;
      if (start > 0 && isHighSurrogate(this.#tail.charCodeAt(start - 1))) start += 1;
      this.#tail = this.#tail.slice(start);
    }
  }

  /** The collected text, with the truncation marker when something was dropped. */
  text(): { text: string; omittedChars: number } {
    this.#trimTail();
    const kept = this.#head.length + this.#tail.length;
    const omitted = this.#total - kept;
    if (omitted <= 0) return { text: this.#head + this.#tail, omittedChars: 0 };
    return {
      text: this.#head + truncationMarker(omitted, this.#total) + this.#tail,
      omittedChars: omitted,
    };
  }
}
