import { HOMOGLYPHS } from "./homoglyphs.js";

// CSI (ESC [ ... final), OSC (ESC ] ... BEL | ESC \), other two-byte ESC sequences, and the
// 8-bit C1 forms of CSI/OSC. Every quantifier is over a disjoint class, so matching is linear.
/* eslint-disable no-control-regex, no-misleading-character-class -- these patterns exist to find control and invisible characters */
const ANSI_PATTERN =
  /\u001b\[[0-?]*[ -/]*[@-~]?|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[@-Z\\-_]?|\u009b[0-?]*[ -/]*[@-~]?|\u009d[^\u0007\u001b]*(?:\u0007|\u001b\\)?/g;

// NUL, C0 controls other than tab/newline, DEL, C1 controls, zero-width and bidi formatting
// characters, soft hyphen and other invisible joiners. A shell would keep most of these in a
// word, which is exactly how they are used to smuggle `r\u200bm` past a text filter.
const INVISIBLE_PATTERN =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0]/g;

const NON_ASCII = /[^\u0000-\u007f]/;
/* eslint-enable no-control-regex, no-misleading-character-class */

/**
 * The command as a person would read it on a terminal: escape sequences and invisible
 * characters removed, CRLF folded, fullwidth forms and homoglyphs mapped to ASCII. This is NOT
 * what bash parses (bash reads `＇` as a letter); detection analyses it only in addition to
 * {@link normalizeCommandText}, so a command that merely looks dangerous is held too.
 */
export function displayFormOfCommand(input: string): string {
  let text = input;
  if (text.includes("\r")) text = text.replace(/\r\n?/g, "\n");
  // eslint-disable-next-line no-control-regex -- cheap check for escape sequences
  if (/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/.test(text)) {
    text = text.replace(ANSI_PATTERN, "");
  }
  // eslint-disable-next-line no-control-regex -- control characters are what is being looked for
  if (!NON_ASCII.test(text) && !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) {
    return text;
  }
  text = text.replace(INVISIBLE_PATTERN, "");
  if (!NON_ASCII.test(text)) return text;
  text = text.normalize("NFKC");
  let out = "";
  for (const ch of text) {
    out += HOMOGLYPHS.get(ch) ?? ch;
  }
  return out;
}
