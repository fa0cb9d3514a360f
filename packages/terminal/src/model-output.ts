import { redactSecrets } from "@hermes-agent/core";
import { stripAnsi } from "./ansi.js";

/**
 * Characters that do not belong in text: C0 controls other than tab, newline and carriage
 * return, DEL, C1 controls, and U+FFFD (what invalid UTF-8 decodes to).
 */
// eslint-disable-next-line no-control-regex
const NON_TEXT = /[\u0000-\u0008\u000b-\u000c\u000e-\u001f\u007f-\u009f\ufffd]/;
// eslint-disable-next-line no-control-regex
const NON_TEXT_ALL = /[\u0000-\u0008\u000b-\u000c\u000e-\u001f\u007f-\u009f\ufffd]/g;
/** A line with at least this share of non-text characters (or any NUL) is binary. */
const BINARY_SHARE = 0.1;

function isBinaryLine(line: string): boolean {
  if (line.includes("\u0000")) return true;
  const nonText = line.match(NON_TEXT_ALL)?.length ?? 0;
  return nonText > 0 && nonText >= line.length * BINARY_SHARE;
}

/** The line that stands for a run of binary output. */
export function binaryMarker(chars: number): string {
  return `[binary output not shown: ${chars} chars]`;
}

/**
 * Replace each run of binary lines with one short marker. Binary data decodes to
 * replacement characters and control characters, which cost the model many tokens (and
 * six JSON characters each for controls) while telling it nothing.
 */
function collapseBinary(text: string): string {
  if (!NON_TEXT.test(text)) return text;
  const out: string[] = [];
  let binaryChars = 0;
  const lines = text.split("\n");
  lines.forEach((line, index) => {
    const last = index === lines.length - 1;
    if (isBinaryLine(line)) {
      binaryChars += line.length + (last ? 0 : 1);
      return;
    }
    if (binaryChars > 0) {
      out.push(binaryMarker(binaryChars));
      binaryChars = 0;
    }
    out.push(line);
  });
  if (binaryChars > 0) out.push(binaryMarker(binaryChars));
  return out.join("\n");
}

/**
 * What the model sees of command output: no escape sequences, binary runs replaced by a
 * marker, no secrets, LF line ends from a PTY.
 */
export function cleanOutput(text: string, pty = false): string {
  const plain = stripAnsi(text);
  return redactSecrets(collapseBinary(pty ? plain.replaceAll("\r\n", "\n") : plain));
}

/** How far before a tail window cleaning starts, so a secret crossing its start is still seen whole. */
const TAIL_CONTEXT_CHARS = 1024;

/**
 * The last `maxChars` characters of `text` as the model sees them. Cleaning only the
 * window would leave the end of a secret that starts before it unredacted.
 */
export function cleanTail(text: string, maxChars: number, pty = false): string {
  return cleanOutput(text.slice(-(maxChars + TAIL_CONTEXT_CHARS)), pty).slice(-maxChars);
}
