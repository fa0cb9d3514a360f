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
// for an inner shell (`bash -c '...'`), and cutting more never shows less.
const BOUNDARY = /\$[({]|[<>]\(|[`;|&\n()]/g;

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

/**
 * Mask literal secret values in a command for review and logging, never substitutions, code or
 * command separators: every piece between two places where code starts is redacted on its own.
 */
export function redactForReview(command: string): string {
  if (typeof command !== "string") return String(command);
  const keysMasked = command.replace(
    PEM_BLOCK,
    (_match, begin: string, _body, end: string) => `${begin}***\n${end}`,
  );
  return splitAtCode(keysMasked)
    .map((piece) => (piece.boundary ? piece.text : redactSecrets(piece.text)))
    .join("");
}
