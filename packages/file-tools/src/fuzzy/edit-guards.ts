import { pythonRepr } from "../python-repr.js";
import { leadingWhitespace, type Span } from "./text-lines.js";

function regions(content: string, spans: readonly Span[]): string {
  return spans.map(({ start, end }) => content.slice(start, end)).join("");
}

/**
 * A `\'` or `\"` that old_string and new_string both carry but the matched file text does
 * not is transport escaping, not code: writing it would put backslashes into the file.
 */
export function escapeDriftError(
  content: string,
  spans: readonly Span[],
  oldString: string,
  newString: string,
): string | undefined {
  if (!newString.includes("\\'") && !newString.includes('\\"')) return undefined;
  const matched = regions(content, spans);
  for (const suspect of ["\\'", '\\"']) {
    if (newString.includes(suspect) && oldString.includes(suspect) && !matched.includes(suspect)) {
      const plain = suspect.charAt(1);
      const shown = suspect === "\\'" ? `"\\\\'"` : `'\\\\"'`;
      const plainShown = plain === "'" ? `"'"` : `'"'`;
      return (
        `Escape-drift detected: old_string and new_string contain the literal sequence ${shown} ` +
        "but the matched region of the file does not. This is almost always a tool-call " +
        "serialization artifact where an apostrophe or quote got prefixed with a spurious " +
        "backslash. Re-read the file with read_file and pass old_string/new_string without " +
        `backslash-escaping ${plainShown} characters.`
      );
    }
  }
  return undefined;
}

const OPENERS = [":", "{", "("];

function opensBlock(line: string): boolean {
  const trimmed = line.trimEnd();
  return OPENERS.some((opener) => trimmed.endsWith(opener));
}

/**
 * After a non-exact match, lines of new_string indented deeper than anything in old_string,
 * with no block opener on either side, are a model's indentation typo: refuse them.
 */
export function rogueIndentError(oldString: string, newString: string): string | undefined {
  const oldLines = oldString.split("\n").filter((line) => line.trim() !== "");
  const newLines = newString.split("\n").filter((line) => line.trim() !== "");
  if (oldLines.length === 0 || newLines.length === 0) return undefined;
  const maxOld = Math.max(...oldLines.map((line) => leadingWhitespace(line).length));
  if (oldLines.some(opensBlock) || newLines.some(opensBlock)) return undefined;
  const deeper = newLines.filter((line) => leadingWhitespace(line).length > maxOld);
  const first = deeper[0];
  if (first === undefined) return undefined;
  const sample = first.trim().slice(0, 60);
  return (
    `Suspicious indentation in new_string: ${deeper.length} line(s) indented deeper than ` +
    `old_string's max indent (${maxOld} spaces), but neither old_string nor new_string opens a ` +
    `nesting block (':', '{', '('). Likely a model indent typo — check the indentation of: ${pythonRepr(sample)}`
  );
}

/**
 * Models send tabs and carriage returns as the two characters `\t` / `\r`. Turn them into
 * the real characters only where the matched file text has them (a file that spells
 * backslash-t in its source keeps it). `\n` is left alone: newlines survive JSON intact.
 */
export function unescapeControlCharacters(
  newString: string,
  content: string,
  spans: readonly Span[],
): string {
  if (!newString.includes("\\t") && !newString.includes("\\r")) return newString;
  const matched = regions(content, spans);
  let out = newString;
  if (out.includes("\\t") && matched.includes("\t")) out = out.replaceAll("\\t", "\t");
  if (out.includes("\\r") && matched.includes("\r")) out = out.replaceAll("\\r", "\r");
  return out;
}

/**
 * new_string of an escape_normalized match: the model doubly escaped its line breaks and
 * tabs (the two characters `\n`), and old_string matched only once they were made real.
 */
export function unescapeLineBreaks(text: string): string {
  return text.replaceAll("\\n", "\n").replaceAll("\\t", "\t").replaceAll("\\r", "\r");
}
