import { diffArrays } from "diff";
import { leadingWhitespace } from "./text-lines.js";
import { unicodeToAscii } from "./unicode-normalize.js";

/** Lines longer than this product are merged as sent: the line diff would cost too much. */
const MAX_DIFF_CELLS = 4_000_000;

/** How a line is compared when deciding whether the model changed it. */
export function lineKey(line: string): string {
  return unicodeToAscii(line).replace(/\s+/g, " ").trim();
}

/**
 * Keys for the line diff: the normalised text plus the indentation relative to the text's
 * first non-blank line, so a line moved into a new block counts as changed.
 */
function nestingKeys(lines: readonly string[]): string[] {
  const base = leadingWhitespace(lines.find((line) => !isBlank(line)) ?? "");
  return lines.map((line) => {
    const key = lineKey(line);
    if (key === "") return "";
    const indent = leadingWhitespace(line);
    const depth = indent.startsWith(base) ? indent.slice(base.length) : "<";
    return `${depth}\u0000${key}`;
  });
}

function isBlank(line: string): boolean {
  return line.trim() === "";
}

/** Indexes of the non-blank lines. */
function meaningfulIndexes(lines: readonly string[]): number[] {
  const out: number[] = [];
  lines.forEach((line, i) => {
    if (!isBlank(line)) out.push(i);
  });
  return out;
}

/** Builds the merged lines; gaps are the runs of blank lines between non-blank lines. */
class MergeWriter {
  readonly out: string[] = [];
  #pendingGap: readonly string[] | undefined;

  /** Hold the file's blank run to be written before the next line. */
  holdGap(gap: readonly string[]): void {
    this.#pendingGap = gap;
  }

  /** Write the file's blank run now (once). */
  gap(lines: readonly string[]): void {
    this.out.push(...lines);
  }

  line(text: string, fromNewString: boolean): void {
    const pending = this.#pendingGap;
    if (pending !== undefined) {
      this.#pendingGap = undefined;
      this.out.push(...pending);
      // A blank line the model wrote where the file already has its blank run is that run.
      if (fromNewString && isBlank(text)) return;
    }
    this.out.push(text);
  }

  finish(): string[] {
    if (this.#pendingGap !== undefined) this.out.push(...this.#pendingGap);
    this.#pendingGap = undefined;
    return this.out;
  }
}

/**
 * Merge new_string into the matched region line by line. Lines that old_string and new_string
 * share (compared after whitespace and typography normalisation) are context: the file's own
 * line is kept, byte for byte. Only lines the model changed take new_string's text
 * (`newLines`, already re-indented to the file). old_string's non-blank lines must pair one
 * to one with the region's; blank runs are kept as the file has them where they are context,
 * including runs old_string left out. Returns undefined when the region and old_string do not
 * pair up line by line.
 */
export function mergeContextLines(
  regionLines: readonly string[],
  oldLines: readonly string[],
  newLines: readonly string[],
  modelNewLines: readonly string[],
): string[] | undefined {
  const oldMeaningful = meaningfulIndexes(oldLines);
  const fileMeaningful = meaningfulIndexes(regionLines);
  if (oldMeaningful.length !== fileMeaningful.length || oldMeaningful.length === 0)
    return undefined;
  if (oldLines.length * modelNewLines.length > MAX_DIFF_CELLS) return undefined;
  const rankOf = new Map<number, number>();
  oldMeaningful.forEach((k, rank) => rankOf.set(k, rank));
  /** The file's blank run before non-blank line `rank` (rank = count: after the last). */
  const fileGap = (rank: number): string[] => {
    const from = rank === 0 ? 0 : (fileMeaningful[rank - 1] ?? 0) + 1;
    const to = rank < fileMeaningful.length ? (fileMeaningful[rank] ?? 0) : regionLines.length;
    return regionLines.slice(from, to);
  };
  /** Whether old_string wrote any blank line before non-blank line `rank`. */
  const modelGap = (rank: number): boolean => {
    const from = rank === 0 ? 0 : (oldMeaningful[rank - 1] ?? 0) + 1;
    const to = rank < oldMeaningful.length ? (oldMeaningful[rank] ?? 0) : oldLines.length;
    return to > from;
  };
  const kept: boolean[] = [];
  const gapWritten = new Set<number>();
  const writer = new MergeWriter();
  let k = 0;
  let m = 0;
  const enterLine = (rank: number, common: boolean): void => {
    if (modelGap(rank)) return;
    const gap = fileGap(rank);
    if (gap.length > 0 && (common || kept[rank - 1] === true)) writer.holdGap(gap);
  };
  const gapRankOf = (index: number): number => {
    let rank = 0;
    while (rank < oldMeaningful.length && (oldMeaningful[rank] ?? 0) < index) rank++;
    return rank;
  };
  const chunks = diffArrays(nestingKeys(oldLines), nestingKeys(modelNewLines));
  for (const chunk of chunks) {
    for (let c = 0; c < chunk.count; c++) {
      if (chunk.added) {
        writer.line(newLines[m] ?? "", true);
        m++;
        continue;
      }
      const rank = rankOf.get(k);
      if (chunk.removed) {
        if (rank !== undefined) {
          enterLine(rank, false);
          kept[rank] = false;
        }
        k++;
        continue;
      }
      if (rank !== undefined) {
        enterLine(rank, true);
        kept[rank] = true;
        writer.line(regionLines[fileMeaningful[rank] ?? 0] ?? "", false);
      } else {
        const gapRank = gapRankOf(k);
        if (!gapWritten.has(gapRank)) {
          gapWritten.add(gapRank);
          writer.gap(fileGap(gapRank));
        }
      }
      k++;
      m++;
    }
  }
  const last = oldMeaningful.length;
  if (!modelGap(last) && kept[last - 1] === true && fileGap(last).length > 0) {
    writer.holdGap(fileGap(last));
  }
  return writer.finish();
}
