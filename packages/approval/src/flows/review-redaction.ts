// What the person (or the smart reviewer) deciding about a command sees, and what the audit log
// keeps: literal secret values masked, never code. `API_TOKEN=sk-live-abc123 npm run build`
// shows `API_TOKEN=*** npm run build`, but `API_TOKEN="$(curl ... | sh)" npm run build` shows
// the substitution, and so do `TOKEN=x$(...)`, `--password "a`cmd`"` and a fake PEM header in
// front of a pipeline: the text is cut at every place where code starts or a command ends
// (substitutions, backquotes, `${`, process substitutions, `;`, `|`, `&`, newlines, parens),
// and each piece is redacted on its own, so a mask can never swallow any of them. Literal
// secrets inside the code (a bearer token in a substituted `curl`) are still masked.
import { redactSecrets } from "@hermes-agent/core";

// Where code starts or a command ends, at any quoting depth: a quoted string may still be code
// for an inner shell (`bash -c '...'`), and cutting more never shows less. A backslash-newline
// is one (kept as typed, so the display never reads as two commands what bash reads as one).
const BOUNDARY = /\$[({]|[<>]\(|\\\n|[`;|&\n()]/g;

// Boundaries that continue the word before them: a value running into one is partly code.
const CONTINUES_WORD = new Set(["$(", "${", "<(", ">(", "`", "\\\n"]);

// Marks a private-key marker core's redaction would mask along with everything up to the next
// marker (code included); restored after. U+0001 never appears in a command worth reviewing.
const KEY_MARKER = "PRIVATE KEY-----";
const KEY_MARKER_HIDDEN = "PRIVATE\u0001KEY-----";

/** The pieces of a command: literal text, and the boundaries that are kept verbatim. */
function splitAtCode(command: string): { text: string; boundary: boolean }[] {
  const pieces: { text: string; boundary: boolean }[] = [];
  let start = 0;
  for (const found of command.matchAll(BOUNDARY)) {
    if (found.index > start)
      pieces.push({ text: command.slice(start, found.index), boundary: false });
    pieces.push({ text: found[0], boundary: true });
    start = found.index + found[0].length;
  }
  if (start < command.length) pieces.push({ text: command.slice(start), boundary: false });
  return pieces;
}

// A literal PEM private key: every line between the markers is base64 (or a PEM header), so no
// line of it can be a command. Lines starting with `/` or `.` could be a path that runs, so a
// block with one is left visible.
const PEM_BLOCK =
  /(-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY-----\n)((?:(?:[A-Za-z0-9+=][A-Za-z0-9+/=]{15,}|(?:Proc-Type|DEK-Info): [A-Za-z0-9,-]{1,200}|)\n){1,2000})(-----END [A-Z0-9 ]{0,40}PRIVATE KEY-----)/g;

// The same block written with `\n` escapes (for printf or echo -e), masked keeping them as typed.
const ESCAPED_PEM_BLOCK =
  /(-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY-----\\n)((?:(?:[A-Za-z0-9+=][A-Za-z0-9+/=]{15,}|)\\n){1,2000})(-----END [A-Z0-9 ]{0,40}PRIVATE KEY-----)/g;

/**
 * Mask literal secret values in a command for review and logging, never substitutions, code or
 * command separators: every piece between two places where code starts is redacted on its own,
 * a value that runs into code (`TOKEN=x$(...)`, `x\<newline>...`) is left as it is, and a
 * private key is masked only when every line of it is key material.
 */
export function redactForReview(command: string): string {
  if (typeof command !== "string") return String(command);
  const keysMasked = command
    .replace(PEM_BLOCK, (_match, begin: string, _body, end: string) => `${begin}***\n${end}`)
    .replace(
      ESCAPED_PEM_BLOCK,
      (_match, begin: string, _body, end: string) => `${begin}***\\n${end}`,
    )
    .replaceAll(KEY_MARKER, KEY_MARKER_HIDDEN);
  const pieces = splitAtCode(keysMasked);
  return pieces
    .map((piece, index) => {
      if (piece.boundary) return piece.text;
      const next = pieces[index + 1];
      const intoCode =
        next !== undefined && CONTINUES_WORD.has(next.text) && !/\s$/.test(piece.text);
      return intoCode ? piece.text : redactSecrets(piece.text);
    })
    .join("")
    .replaceAll(KEY_MARKER_HIDDEN, KEY_MARKER);
}
