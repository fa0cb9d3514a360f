// The quoted values of a shell-state snapshot, read strictly: only the exact forms bash's
// `export -p` and `alias -p` print are accepted, and each is read to the literal value it
// stands for. Anything else (an unescaped `$` or backquote in double quotes, text after the
// closing quote) is refused, since sourcing it could run code.
import { decodeBackslashEscapes } from "@hermes-agent/shell";

/** A snapshot line that is not exactly what the dumper writes. */
export class SnapshotFormError extends Error {
  override readonly name = "SnapshotFormError";
}

/** A value and the index just past it in the text it was read from. */
export interface ReadValue {
  readonly value: string;
  readonly end: number;
}

const DOUBLE_QUOTE_ESCAPES = new Set(["$", "`", '"', "\\"]);

/**
 * `"…"` as `export -p` prints it: `$`, backquote, `"` and `\` escaped with a backslash, every
 * other character literal. A backslash before anything else stays a backslash (bash keeps it).
 */
function readDoubleQuoted(text: string, start: number): ReadValue {
  let value = "";
  let i = start + 1;
  while (i < text.length) {
    const c = text[i] ?? "";
    if (c === '"') return { value, end: i + 1 };
    if (c === "$" || c === "`") {
      throw new SnapshotFormError(`an unescaped '${c}' in a double-quoted value`);
    }
    if (c === "\\") {
      const next = text[i + 1] ?? "";
      if (DOUBLE_QUOTE_ESCAPES.has(next)) {
        value += next;
        i += 2;
        continue;
      }
    }
    value += c;
    i++;
  }
  throw new SnapshotFormError("a double-quoted value without its closing quote");
}

/** `'…'` runs joined by `\'` as `alias -p` prints them (`'it'\''s'`). */
function readSingleQuoted(text: string, start: number): ReadValue {
  let value = "";
  let i = start;
  for (;;) {
    if (text[i] !== "'") throw new SnapshotFormError("a value that is not single-quoted");
    const close = text.indexOf("'", i + 1);
    if (close < 0) throw new SnapshotFormError("a single-quoted value without its closing quote");
    value += text.slice(i + 1, close);
    i = close + 1;
    if (text.startsWith("\\''", i)) {
      value += "'";
      i += 2;
      continue;
    }
    return { value, end: i };
  }
}

/** `$'…'` (ANSI-C quoting), which bash prints for values holding control characters. */
function readAnsiQuoted(text: string, start: number): ReadValue {
  let i = start + 2;
  while (i < text.length) {
    const c = text[i];
    if (c === "'") return { value: decodeBackslashEscapes(text.slice(start + 2, i)), end: i + 1 };
    i += c === "\\" ? 2 : 1;
  }
  throw new SnapshotFormError("an ANSI-C quoted value without its closing quote");
}

/** The value of `export -p`'s `NAME=<value>` at `start`: `"…"` or `$'…'`. */
export function readDeclareValue(text: string, start: number): ReadValue {
  if (text[start] === '"') return readDoubleQuoted(text, start);
  if (text.startsWith("$'", start)) return readAnsiQuoted(text, start);
  throw new SnapshotFormError("a variable value that is neither \"…\" nor $'…'");
}

/** The value of `alias -p`'s `alias NAME=<value>` at `start`. */
export function readAliasValue(text: string, start: number): ReadValue {
  return readSingleQuoted(text, start);
}

/** `value` as one single-quoted bash word: nothing in it is expanded when read back. */
export function singleQuoted(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}
