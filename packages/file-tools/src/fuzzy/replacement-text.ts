import { mergeContextLines } from "./context-merge.js";
import { mergeIntoLiteral } from "./flexible-strategies.js";
import type { MatchStrategy } from "./match-strategies.js";
import { reindentReplacement } from "./reindent.js";
import { preserveTypography } from "./unicode-preserve.js";
import { leadingWhitespace } from "./text-lines.js";

const LINE_BREAK = /\r?\n/;

function firstMeaningful(text: string): string | undefined {
  return text.split(LINE_BREAK).find((line) => line.trim() !== "");
}

/** old_string is indented but new_string starts at column 0: the model dropped the nesting. */
function writtenAtColumnZero(oldString: string, newString: string): boolean {
  const oldFirst = firstMeaningful(oldString);
  const newFirst = firstMeaningful(newString);
  if (oldFirst === undefined || newFirst === undefined) return false;
  const base = leadingWhitespace(oldFirst);
  if (base === "" || leadingWhitespace(newFirst) !== "") return false;
  return oldString.split(LINE_BREAK).every((line) => line.trim() === "" || line.startsWith(base));
}

/**
 * new_string moved onto the region's indentation. A new_string written at column 0 for an
 * indented old_string is re-indented from its own base, keeping its relative nesting.
 */
function reindentTo(region: string, oldString: string, newString: string): string {
  if (writtenAtColumnZero(oldString, newString)) {
    return reindentReplacement(region, newString, newString);
  }
  return reindentReplacement(region, oldString, newString);
}

/**
 * The text that replaces one matched region, before line breaks are set to the file's.
 * Exact matches take new_string as sent (re-indented when written at column 0); literal
 * escape matches keep the file's escapes; typography matches keep the file's characters;
 * every other match keeps the file's own bytes for the lines the model did not change and
 * re-indents the lines it did.
 */
export function replacementText(
  strategy: MatchStrategy,
  region: string,
  oldString: string,
  newString: string,
  lineStart: boolean,
): string {
  switch (strategy) {
    case "exact":
      return lineStart && writtenAtColumnZero(oldString, newString)
        ? reindentReplacement(region, newString, newString)
        : newString;
    case "escape_normalized":
      return newString;
    case "escape_literal":
      return mergeIntoLiteral(region, oldString, newString);
    default:
      break;
  }
  const edited =
    strategy === "unicode_normalized"
      ? preserveTypography(region, oldString, newString)
      : newString;
  const reindented = reindentTo(region, oldString, edited);
  const merged = mergeContextLines(
    region.split(LINE_BREAK),
    oldString.split(LINE_BREAK),
    reindented.split(LINE_BREAK),
    newString.split(LINE_BREAK),
  );
  return merged === undefined ? reindented : merged.join("\n");
}
