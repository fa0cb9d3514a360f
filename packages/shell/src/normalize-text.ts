import { HOMOGLYPHS } from "./homoglyphs.js";

// NUL, zero-width and bidi formatting characters, soft hyphen and other invisible joiners. Inside
// a word they are how `r\u200bm` is smuggled past a text filter, so they are dropped there.
/* eslint-disable no-control-regex, no-misleading-character-class -- these patterns exist to find invisible characters */
const INVISIBLE =
  /^[\u0000\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0]$/;
const NEEDS_WORK = /[^\u0001-\u007f]/;
/* eslint-enable no-control-regex, no-misleading-character-class */

// What a look-alike may become: characters that are plain word characters to bash. A character
// that folds to a quote, comment, escape, operator, bracket, space or expansion sign keeps its
// original form, because to bash `＇` or `“` is a letter, not a quote.
const WORD_CHARS = /^[A-Za-z0-9_./,:+@%^-]+$/;
const WORD_NEIGHBOUR = /[A-Za-z0-9_./,:+@%^-]/;

function folded(ch: string): string {
  const nfkc = ch.normalize("NFKC");
  const mapped = HOMOGLYPHS.get(nfkc) ?? HOMOGLYPHS.get(ch) ?? nfkc;
  return WORD_CHARS.test(mapped) ? mapped : ch;
}

/**
 * Fold look-alike characters inside words to ASCII without changing how bash tokenises the
 * text: fullwidth letters and homoglyphs become their ASCII letters (`ｒｍ`, `rм` read as `rm`),
 * invisible characters between word characters are dropped (`r\u200bm`), and every character
 * that bash would treat as a letter but that folds to shell syntax (fullwidth or curly quotes,
 * `＃`, `＼`, `＜`, ideographic space) is left exactly as it is. Control characters are kept:
 * bash reads them as letters too.
 */
export function normalizeCommandText(input: string): string {
  if (!NEEDS_WORK.test(input)) return input;
  const chars = Array.from(input);
  let out = "";
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i] ?? "";
    if (INVISIBLE.test(ch)) {
      const before = out.at(-1) ?? "";
      let j = i + 1;
      while (j < chars.length && INVISIBLE.test(chars[j] ?? "")) j++;
      const after = folded(chars[j] ?? "");
      if (WORD_NEIGHBOUR.test(before) && WORD_NEIGHBOUR.test(after.charAt(0))) continue;
      out += ch;
      continue;
    }
    out += ch.charCodeAt(0) < 0x80 ? ch : folded(ch);
  }
  return out;
}
