import { leadingWhitespace } from "./text-lines.js";

/** How a text indents one level: a tab, or a number of spaces. */
type IndentUnit = { readonly tab: true } | { readonly tab: false; readonly width: number };

function meaningfulLines(text: string): string[] {
  return text.split("\n").filter((line) => line.trim() !== "");
}

/** The indentation unit of lines below `base`: tabs if they use tabs, else the smallest space step. */
function indentUnit(lines: readonly string[], base: string): IndentUnit | undefined {
  let width = Number.POSITIVE_INFINITY;
  for (const line of lines) {
    const indent = leadingWhitespace(line);
    if (!indent.startsWith(base) || indent.length === base.length) continue;
    const extra = indent.slice(base.length);
    if (extra.startsWith("\t")) return { tab: true };
    width = Math.min(width, extra.length);
  }
  return Number.isFinite(width) ? { tab: false, width } : undefined;
}

function sameUnit(a: IndentUnit | undefined, b: IndentUnit | undefined): boolean {
  if (a === undefined || b === undefined) return true;
  return a.tab ? b.tab : !b.tab && a.width === b.width;
}

/** Re-express indentation written in the model's unit in the file's unit. */
function convertIndent(
  extra: string,
  from: IndentUnit | undefined,
  to: IndentUnit | undefined,
): string {
  if (from === undefined || to === undefined || sameUnit(from, to)) return extra;
  let levels = 0;
  let rest = extra;
  if (from.tab) {
    while (rest.startsWith("\t")) {
      levels++;
      rest = rest.slice(1);
    }
  } else {
    const spaces = /^ */.exec(rest)?.[0].length ?? 0;
    levels = Math.floor(spaces / from.width);
    rest = rest.slice(levels * from.width);
  }
  return (to.tab ? "\t".repeat(levels) : " ".repeat(levels * to.width)) + rest;
}

/**
 * Move new_string onto the file's indentation. The model's base indent (old_string's first
 * non-blank line) is swapped for the matched region's, keeping the model's relative nesting;
 * when the model indents with another unit than the file (spaces where the file has tabs,
 * 2 spaces where it has 4), the nesting is converted to the file's unit. Blank lines are left
 * as they are; lines shallower than the model's base land on the file's base.
 */
export function reindentReplacement(region: string, oldString: string, newString: string): string {
  if (newString === "") return newString;
  const oldLines = meaningfulLines(oldString);
  const regionLines = meaningfulLines(region);
  const oldFirst = oldLines[0];
  const fileFirst = regionLines[0];
  if (oldFirst === undefined || fileFirst === undefined) return newString;
  const modelIndent = leadingWhitespace(oldFirst);
  const fileIndent = leadingWhitespace(fileFirst);
  const fileUnit = indentUnit(regionLines, fileIndent);
  const modelUnit =
    indentUnit(oldLines, modelIndent) ?? indentUnit(meaningfulLines(newString), modelIndent);
  if (modelIndent === fileIndent && sameUnit(modelUnit, fileUnit)) return newString;
  return newString
    .split("\n")
    .map((line) => {
      if (line.trim() === "") return line;
      const indent = leadingWhitespace(line);
      if (indent.startsWith(modelIndent)) {
        const extra = indent.slice(modelIndent.length);
        return fileIndent + convertIndent(extra, modelUnit, fileUnit) + line.slice(indent.length);
      }
      return fileIndent + line.slice(indent.length);
    })
    .join("\n");
}
