import { structuredPatch } from "diff";

const CONTEXT = 3;

/** Offset of the start of the line `back` lines above the one containing `index`. */
function lineStartAbove(text: string, index: number, back: number): number {
  let start = text.lastIndexOf("\n", index - 1) + 1;
  for (let i = 0; i < back && start > 0; i++) start = text.lastIndexOf("\n", start - 2) + 1;
  return start;
}

/** Offset just past the line `forward` lines below the one containing `index` (its "\n" included). */
function lineEndBelow(text: string, index: number, forward: number): number {
  let end = index;
  for (let i = 0; i <= forward; i++) {
    const newline = text.indexOf("\n", end);
    if (newline === -1) return text.length;
    end = newline + 1;
  }
  return end;
}

function countLines(text: string, end: number): number {
  let count = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < end; i = text.indexOf("\n", i + 1)) count++;
  return count;
}

/** difflib's range: "start" for one line, "start,count" otherwise (start - 1 for none). */
function range(start: number, count: number): string {
  if (count === 1) return String(start);
  return `${count === 0 ? start - 1 : start},${count}`;
}

/**
 * A unified diff `a/<name>` → `b/<name>` (or `/dev/null` for a deletion) with three lines of
 * context; "" when the texts are equal. Only the region between the common head and tail of
 * the two texts is diffed, so a one-line edit of a large file stays cheap.
 */
export function unifiedDiff(name: string, before: string, after: string | undefined): string {
  const next = after ?? "";
  if (before === next && after !== undefined) return "";
  // Diff only the changed region and its context: the common head and tail are skipped.
  const shorter = Math.min(before.length, next.length);
  let head = 0;
  while (head < shorter && before.charCodeAt(head) === next.charCodeAt(head)) head++;
  let tail = 0;
  while (
    tail < shorter - head &&
    before.charCodeAt(before.length - 1 - tail) === next.charCodeAt(next.length - 1 - tail)
  ) {
    tail++;
  }
  const from = lineStartAbove(before, head, CONTEXT);
  const beforeEnd = lineEndBelow(before, before.length - tail, CONTEXT);
  const nextEnd = next.length - (before.length - beforeEnd);
  const offset = countLines(before, from);
  const patch = structuredPatch(
    "a",
    "b",
    before.slice(from, beforeEnd),
    next.slice(from, nextEnd),
    undefined,
    undefined,
    { context: CONTEXT },
  );
  const rows = [`--- a/${name}`, `+++ ${after === undefined ? "/dev/null" : `b/${name}`}`];
  for (const hunk of patch.hunks) {
    rows.push(
      `@@ -${range(hunk.oldStart + offset, hunk.oldLines)} +${range(hunk.newStart + offset, hunk.newLines)} @@`,
      ...hunk.lines,
    );
  }
  return `${rows.join("\n")}\n`;
}
