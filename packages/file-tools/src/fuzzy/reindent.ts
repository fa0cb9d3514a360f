import { leadingWhitespace } from "./text-lines.js";

function firstMeaningfulLine(text: string): string | undefined {
  return text.split("\n").find((line) => line.trim() !== "");
}

/**
 * Move new_string onto the file's indentation: the model's base indent (old_string's first
 * non-blank line) is swapped for the matched region's, keeping the model's relative nesting.
 * Blank lines are left as they are; lines shallower than the model's base land on the file's base.
 */
export function reindentReplacement(region: string, oldString: string, newString: string): string {
  if (newString === "") return newString;
  const oldFirst = firstMeaningfulLine(oldString);
  const fileFirst = firstMeaningfulLine(region);
  if (oldFirst === undefined || fileFirst === undefined) return newString;
  const modelIndent = leadingWhitespace(oldFirst);
  const fileIndent = leadingWhitespace(fileFirst);
  if (modelIndent === fileIndent) return newString;
  return newString
    .split("\n")
    .map((line) => {
      if (line.trim() === "") return line;
      if (leadingWhitespace(line).startsWith(modelIndent)) {
        return fileIndent + line.slice(modelIndent.length);
      }
      return fileIndent + line.replace(/^[ \t]+/, "");
    })
    .join("\n");
}
