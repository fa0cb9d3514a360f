import { diffChars } from "diff";
import { asciiOffsets, unicodeToAscii } from "./unicode-normalize.js";

/** Regions longer than this are replaced as sent: the character diff would cost too much. */
const MAX_PRESERVED_REGION = 20_000;

/**
 * After a unicode_normalized match, apply only the model's actual edits (old_string →
 * new_string, compared in ASCII spelling) to the file's own text, so the em dashes, smart
 * quotes and special spaces the model did not touch stay as they were.
 */
export function preserveTypography(region: string, oldString: string, newString: string): string {
  const asciiOld = unicodeToAscii(oldString);
  if (asciiOld !== unicodeToAscii(region) || region.length > MAX_PRESERVED_REGION) {
    return newString;
  }
  const offsets = asciiOffsets(region);
  const firstOriginal = new Map<number, number>();
  for (let i = region.length - 1; i >= 0; i--) firstOriginal.set(offsets[i] ?? 0, i);
  let out = "";
  let position = 0;
  for (const part of diffChars(asciiOld, newString)) {
    if (part.added) {
      out += part.value;
      continue;
    }
    const from = position;
    position += part.value.length;
    if (part.removed) continue;
    // A lone shared space between rewritten words is a coincidence, not the file's spacing.
    if (part.value.trim() === "") {
      out += part.value;
      continue;
    }
    let start = firstOriginal.get(from) ?? region.length;
    // A common run may begin inside an expanded character ("--" of an em dash): keep it whole.
    while (start > 0 && (offsets[start] ?? 0) > from) start--;
    let end = start;
    while (end < region.length && (offsets[end] ?? 0) < position) end++;
    out += region.slice(start, end);
  }
  return out;
}
