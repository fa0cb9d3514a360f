/** Per-page character budget when the caller gives none (Hermes' default). */
export const DEFAULT_CHAR_LIMIT = 15_000;
/** Smallest budget accepted: below it the marker would dominate. */
export const MIN_CHAR_LIMIT = 2_000;
/** Largest budget accepted, so a typo cannot flood the context. */
export const MAX_CHAR_LIMIT = 500_000;

/** Clamp a requested budget to [2 000, 500 000]; nothing or a non-number gives the default. */
export function effectiveCharLimit(value: unknown): number {
  const number = typeof value === "string" ? Number(value) : value;
  if (typeof number !== "number" || !Number.isFinite(number)) return DEFAULT_CHAR_LIMIT;
  return Math.max(MIN_CHAR_LIMIT, Math.min(Math.trunc(number), MAX_CHAR_LIMIT));
}

/**
 * Cap text at `limit` characters. Longer text keeps its head (~75 %) and tail (~25 %), cut on line
 * boundaries, with a marker saying how much was left out.
 */
export function capContent(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const headBudget = Math.floor(limit * 0.75);
  const tailBudget = limit - headBudget;
  let head = text.slice(0, headBudget);
  let tail = text.slice(text.length - tailBudget);
  const headCut = head.lastIndexOf("\n");
  if (headCut > headBudget * 0.5) head = head.slice(0, headCut);
  const tailCut = tail.indexOf("\n");
  if (tailCut >= 0 && tailCut < tailBudget * 0.5) tail = tail.slice(tailCut + 1);
  const omitted = text.length - head.length - tail.length;
  return (
    `${head}\n\n[... ${omitted.toLocaleString("en-US")} characters omitted: showing ` +
    `${head.length.toLocaleString("en-US")} (head) + ${tail.length.toLocaleString("en-US")} (tail) ` +
    `of ${text.length.toLocaleString("en-US")}. Raise char_limit to see more ...]\n\n${tail}`
  );
}
