/** A text split on "\n", with the offset where each line starts. */
export interface LineIndex {
  readonly lines: readonly string[];
  readonly starts: readonly number[];
  readonly length: number;
}

/** Split `text` on "\n" (a "\r" stays on its line) and note where each line starts. */
export function indexLines(text: string): LineIndex {
  const lines = text.split("\n");
  const starts = new Array<number>(lines.length);
  let offset = 0;
  for (let i = 0; i < lines.length; i++) {
    starts[i] = offset;
    offset += (lines[i] ?? "").length + 1;
  }
  return { lines, starts, length: text.length };
}

/** The span of lines [first, first + count): from the first line's start to the end of the last (its "\n" excluded). */
export function lineSpan(index: LineIndex, first: number, count: number): Span {
  const last = first + count - 1;
  const start = index.starts[first] ?? 0;
  const end = (index.starts[last] ?? 0) + (index.lines[last] ?? "").length;
  return { start, end: Math.min(end, index.length) };
}

/** A half-open range [start, end) of character offsets. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** Python's str.strip(): leading and trailing whitespace, Unicode spaces included. */
export function strip(line: string): string {
  return line.trim();
}

/** Leading spaces and tabs of a line. */
export function leadingWhitespace(line: string): string {
  let i = 0;
  while (i < line.length && (line[i] === " " || line[i] === "\t")) i++;
  return line.slice(0, i);
}

/** Offsets of every non-overlapping occurrence of `pattern`, scanning left to right. */
export function exactSpans(content: string, pattern: string): Span[] {
  const spans: Span[] = [];
  if (pattern.length === 0) return spans;
  let from = 0;
  for (;;) {
    const at = content.indexOf(pattern, from);
    if (at === -1) return spans;
    spans.push({ start: at, end: at + pattern.length });
    from = at + pattern.length;
  }
}

/**
 * Windows of whole lines whose normalised form equals the pattern's normalised lines.
 * `contentNormal[i]` is the normalised line i of the content.
 */
export function lineWindowSpans(
  index: LineIndex,
  contentNormal: readonly string[],
  patternNormal: readonly string[],
): Span[] {
  const spans: Span[] = [];
  const count = patternNormal.length;
  const head = patternNormal[0] ?? "";
  for (let i = 0; i + count <= contentNormal.length; i++) {
    if (contentNormal[i] !== head) continue;
    let same = true;
    for (let k = 1; k < count; k++) {
      if (contentNormal[i + k] !== patternNormal[k]) {
        same = false;
        break;
      }
    }
    if (same) {
      spans.push(lineSpan(index, i, count));
      // Windows never overlap, so replace_all cannot rewrite a line twice.
      i += count - 1;
    }
  }
  return spans;
}
