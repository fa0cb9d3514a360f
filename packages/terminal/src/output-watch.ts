/** Rate limits of an {@link OutputWatch}, Hermes' values by default. */
export interface OutputWatchLimits {
  /** Shortest spacing of two notices for one process, milliseconds (15 s). */
  readonly minIntervalMs?: number;
  /** Consecutive windows with dropped matches after which watching stops (3). */
  readonly strikeLimit?: number;
}

/** What one chunk of output means for the watcher. */
export type WatchOutcome =
  | { readonly kind: "none" }
  | {
      readonly kind: "match";
      readonly pattern: string;
      /** The matching lines (at most 20, at most 2 000 characters). */
      readonly lines: string;
      /** Matches dropped by the rate limit since the last notice. */
      readonly suppressed: number;
    }
  | { readonly kind: "disabled"; readonly suppressed: number };

const MAX_LINES = 20;
const MAX_CHARS = 2000;

/**
 * Watches a background process's output for any of `patterns` (plain substrings, as Hermes'
 * `watch_patterns`), line by line across chunk boundaries. At most one notice per
 * `minIntervalMs`; matches inside that window are dropped and make the window a strike, and
 * after `strikeLimit` strike windows in a row the watch turns itself off (the process is then
 * reported once when it exits instead).
 */
export class OutputWatch {
  readonly #patterns: readonly string[];
  readonly #minIntervalMs: number;
  readonly #strikeLimit: number;
  #partial = "";
  #cooldownUntil = 0;
  #windowStruck = false;
  #strikes = 0;
  #suppressed = 0;
  #disabled = false;

  constructor(patterns: readonly string[], limits: OutputWatchLimits = {}) {
    this.#patterns = patterns.filter((pattern) => pattern !== "");
    this.#minIntervalMs = limits.minIntervalMs ?? 15_000;
    this.#strikeLimit = limits.strikeLimit ?? 3;
  }

  /** Whether the watch still reports matches. */
  get active(): boolean {
    return !this.#disabled && this.#patterns.length > 0;
  }

  /** Feed a chunk of output read at time `now` (milliseconds). */
  feed(chunk: string, now: number): WatchOutcome {
    if (!this.active) return { kind: "none" };
    const text = this.#partial + chunk;
    const cut = text.lastIndexOf("\n");
    // A line still being written is kept for the next chunk (bounded, so a process that
    // never prints a newline cannot grow it without limit).
    this.#partial = cut === -1 ? text.slice(-MAX_CHARS) : text.slice(cut + 1).slice(-MAX_CHARS);
    if (cut === -1) return { kind: "none" };
    let pattern: string | undefined;
    const matched: string[] = [];
    for (const line of text.slice(0, cut).split("\n")) {
      const hit = this.#patterns.find((candidate) => line.includes(candidate));
      if (hit === undefined) continue;
      pattern ??= hit;
      matched.push(line.trimEnd());
    }
    if (pattern === undefined) return { kind: "none" };
    if (now < this.#cooldownUntil) {
      this.#suppressed += matched.length;
      if (!this.#windowStruck) {
        this.#windowStruck = true;
        this.#strikes += 1;
        if (this.#strikes >= this.#strikeLimit) {
          this.#disabled = true;
          return { kind: "disabled", suppressed: this.#suppressed };
        }
      }
      return { kind: "none" };
    }
    // A window that ended without dropped matches clears the strike count.
    if (this.#cooldownUntil !== 0 && !this.#windowStruck) this.#strikes = 0;
    this.#windowStruck = false;
    this.#cooldownUntil = now + this.#minIntervalMs;
    const suppressed = this.#suppressed;
    this.#suppressed = 0;
    let lines = matched.slice(0, MAX_LINES).join("\n");
    if (lines.length > MAX_CHARS) lines = `${lines.slice(0, MAX_CHARS)}\n...(truncated)`;
    return { kind: "match", pattern, lines, suppressed };
  }
}

/** The notice the model reads when a watched pattern appears. */
export function watchMatchMessage(
  sessionId: string,
  command: string,
  pattern: string,
  lines: string,
  suppressed: number,
): string {
  const dropped =
    suppressed > 0 ? `\n(${String(suppressed)} earlier matching line(s) were not reported.)` : "";
  return `[Background process ${sessionId} printed output matching "${pattern}".\nCommand: ${command}\nMatching lines:\n${lines}${dropped}]`;
}

/** The notice the model reads when a watch turns itself off. */
export function watchDisabledMessage(sessionId: string, strikeLimit = 3): string {
  return `[Background process ${sessionId}: its watch patterns matched too often (${String(strikeLimit)} rate-limited windows in a row), so watching has stopped. You will be told once when the process exits.]`;
}
