import { Buffer } from "node:buffer";
import { decodeBackslashEscapes } from "./escapes.js";

const MAX_OUTPUT = 65_536;
const CONVERSION = /^%([-+ #0]*)(\d*)(?:\.(\d*))?([diouxXcsb%])/;
const FORMAT_ESCAPES: Readonly<Record<string, number>> = {
  a: 7,
  b: 8,
  e: 27,
  E: 27,
  f: 12,
  n: 10,
  r: 13,
  t: 9,
  v: 11,
  "\\": 92,
  '"': 34,
  "'": 39,
  "?": 63,
};

class Bytes {
  readonly bytes: number[] = [];
  text(text: string): void {
    for (const byte of Buffer.from(text, "utf8")) this.bytes.push(byte);
  }
}

/** Decode one escape of a printf format at `i` (the backslash); returns the next index, or -1. */
function formatEscape(format: string, i: number, out: Bytes): number {
  const next = format.charAt(i + 1);
  const simple = FORMAT_ESCAPES[next];
  if (simple !== undefined) {
    out.bytes.push(simple);
    return i + 2;
  }
  if (next >= "0" && next <= "7") {
    const oct = /^[0-7]{1,3}/.exec(format.slice(i + 1))?.[0] ?? "0";
    out.bytes.push(parseInt(oct, 8) & 0xff);
    return i + 1 + oct.length;
  }
  if (next === "x") {
    const hex = /^[0-9a-fA-F]{1,2}/.exec(format.slice(i + 2))?.[0];
    if (hex === undefined) return -1;
    out.bytes.push(parseInt(hex, 16));
    return i + 2 + hex.length;
  }
  if (next === "u" || next === "U") {
    const hex = new RegExp(`^[0-9a-fA-F]{1,${next === "u" ? 4 : 8}}`).exec(
      format.slice(i + 2),
    )?.[0];
    if (hex === undefined) return -1;
    const code = parseInt(hex, 16);
    if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return -1;
    out.text(String.fromCodePoint(code));
    return i + 2 + hex.length;
  }
  if (next === "" || next === "c") return -1;
  out.text("\\" + next);
  return i + 2;
}

function integerArg(arg: string | undefined): bigint | null {
  if (arg === undefined || arg === "") return 0n;
  if (/^['"]/.test(arg)) return BigInt(arg.codePointAt(1) ?? 0);
  const match = /^\s*([+-]?)(0[xX][0-9a-fA-F]+|0[0-7]*|[1-9]\d*)$/.exec(arg);
  if (match === null) return null;
  const digits = match[2] ?? "0";
  const value = /^0[xX]/.test(digits)
    ? BigInt(digits)
    : digits.startsWith("0") && digits.length > 1
      ? BigInt("0o" + digits.slice(1))
      : BigInt(digits);
  return match[1] === "-" ? -value : value;
}

function pad(text: string, flags: string, width: string): string {
  const size = width === "" ? 0 : Number(width);
  if (text.length >= size) return text;
  if (flags.includes("-")) return text.padEnd(size);
  if (flags.includes("0") && /^[+-]?\d/.test(text)) {
    const sign = /^[+-]/.test(text) ? text.charAt(0) : "";
    return sign + text.slice(sign.length).padStart(size - sign.length, "0");
  }
  return text.padStart(size);
}

/**
 * Bash's `printf FORMAT ARGS...` on static arguments, byte for byte (octal, hex and unicode
 * escapes, `%s %b %c %d %i %o %u %x %X`, widths, precision, format reuse). Returns null for
 * anything it does not reproduce exactly (`%q`, `%f`, `\c`, `*` widths, bad numbers), so
 * that the output is treated as unknown rather than guessed.
 */
export function staticPrintf(args: readonly string[]): string | null {
  const [format = "", ...rest] = args;
  const out = new Bytes();
  let index = 0;
  let stop = false;
  do {
    let consumed = false;
    for (let i = 0; i < format.length && !stop;) {
      const ch = format.charAt(i);
      if (ch === "\\") {
        i = formatEscape(format, i, out);
        if (i < 0) return null;
        continue;
      }
      if (ch !== "%") {
        const literal = /^[^\\%]+/.exec(format.slice(i))?.[0] ?? ch;
        out.text(literal);
        i += literal.length;
        continue;
      }
      const spec = CONVERSION.exec(format.slice(i));
      if (spec === null) return null;
      i += spec[0].length;
      const [, flags = "", width = "", precision, conversion = ""] = spec;
      if (conversion === "%") {
        out.text("%");
        continue;
      }
      consumed = true;
      const arg = rest[index++];
      let text: string;
      if (conversion === "s") text = arg ?? "";
      else if (conversion === "c") text = [...(arg ?? "")][0] ?? "";
      else if (conversion === "b") {
        const raw = arg ?? "";
        if (/\\[1-7]/.test(raw)) return null;
        const cut = raw.indexOf("\\c");
        if (cut >= 0) stop = true;
        text = decodeBackslashEscapes(cut >= 0 ? raw.slice(0, cut) : raw, true);
      } else {
        const value = integerArg(arg);
        if (value === null) return null;
        const unsigned = value < 0n ? value + (1n << 64n) : value;
        text =
          conversion === "o"
            ? unsigned.toString(8)
            : conversion === "x"
              ? unsigned.toString(16)
              : conversion === "X"
                ? unsigned.toString(16).toUpperCase()
                : conversion === "u"
                  ? unsigned.toString()
                  : (flags.includes("+") && value >= 0n ? "+" : "") + value.toString();
      }
      if (precision !== undefined && /[sb]/.test(conversion))
        text = text.slice(0, Number(precision || "0"));
      out.text(pad(text, flags, width));
    }
    if (!consumed || out.bytes.length > MAX_OUTPUT) break;
  } while (!stop && index < rest.length);
  return new TextDecoder().decode(Uint8Array.from(out.bytes));
}
