/**
 * Typographic characters a model types as ASCII: smart quotes, dashes, ellipsis, the
 * Unicode minus, and the space separators (NBSP, en/em/thin spaces, ideographic space).
 */
const UNICODE_TO_ASCII: ReadonlyMap<string, string> = new Map([
  ["\u201c", '"'],
  ["\u201d", '"'],
  ["\u2018", "'"],
  ["\u2019", "'"],
  ["\u2014", "--"],
  ["\u2013", "-"],
  ["\u2026", "..."],
  ["\u2212", "-"],
  ["\u00a0", " "],
  ["\u2000", " "],
  ["\u2001", " "],
  ["\u2002", " "],
  ["\u2003", " "],
  ["\u2004", " "],
  ["\u2005", " "],
  ["\u2006", " "],
  ["\u2007", " "],
  ["\u2008", " "],
  ["\u2009", " "],
  ["\u200a", " "],
  ["\u202f", " "],
  ["\u205f", " "],
  ["\u3000", " "],
]);

const TYPOGRAPHIC = new RegExp(`[${[...UNICODE_TO_ASCII.keys()].join("")}]`, "gu");

/** The text with every typographic character replaced by its ASCII spelling. */
export function unicodeToAscii(text: string): string {
  return text.replace(TYPOGRAPHIC, (ch) => UNICODE_TO_ASCII.get(ch) ?? ch);
}

/**
 * For each index of `text` (and one past the end), its index in `unicodeToAscii(text)`;
 * replacements may be longer than one character (em dash → "--").
 */
export function asciiOffsets(text: string): number[] {
  const offsets = new Array<number>(text.length + 1);
  let position = 0;
  for (let i = 0; i < text.length; i++) {
    offsets[i] = position;
    position += UNICODE_TO_ASCII.get(text.charAt(i))?.length ?? 1;
  }
  offsets[text.length] = position;
  return offsets;
}
