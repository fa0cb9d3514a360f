import { DYNAMIC } from "@hermes-agent/shell";

/** A string or list-of-strings literal read from interpreter code. */
export interface CodeLiteral {
  /** The literal's value; a list is joined with spaces into a command line. */
  readonly value: string;
  /** True when the argument was a list (argv form) rather than one command string. */
  readonly list: boolean;
}

const SIMPLE: Readonly<Record<string, string>> = {
  n: "\n",
  t: "\t",
  r: "\r",
  a: "\u0007",
  b: "\b",
  f: "\f",
  v: "\v",
  e: "\u001b",
  "0": "\u0000",
};

/** Decode the escape after a backslash at `start` (hex, unicode, octal, simple) as most languages do. */
function readEscape(code: string, start: number): { text: string; end: number } {
  const next = code.charAt(start);
  const rest = code.slice(start + 1, start + 11);
  const braced = next === "u" ? /^\{([0-9a-fA-F]{1,6})\}/.exec(rest) : null;
  const hex =
    braced ??
    (next === "x"
      ? /^([0-9a-fA-F]{2})/.exec(rest)
      : next === "u"
        ? /^([0-9a-fA-F]{4})/.exec(rest)
        : next === "U"
          ? /^([0-9a-fA-F]{8})/.exec(rest)
          : null);
  if (hex) {
    const point = parseInt(hex[1] ?? "0", 16);
    if (point <= 0x10ffff)
      return { text: String.fromCodePoint(point), end: start + 1 + hex[0].length };
  }
  const octal = /^[0-7]{1,3}/.exec(code.slice(start, start + 3));
  if (octal && (octal[0].length > 1 || next !== "0"))
    return {
      text: String.fromCharCode(parseInt(octal[0], 8) & 0xff),
      end: start + octal[0].length,
    };
  return { text: SIMPLE[next] ?? next, end: start + 1 };
}

/** The value of the quoted literal that `text` starts with, escapes decoded; null if unclosed. */
export function readQuoted(text: string, raw = false): string | null {
  return readString(text, 0, raw)?.value ?? null;
}

function readString(
  code: string,
  start: number,
  raw = false,
): { value: string; end: number } | null {
  const quote = code.charAt(start);
  if (quote !== "'" && quote !== '"' && quote !== "`") return null;
  let value = "";
  for (let i = start + 1; i < code.length; i++) {
    const ch = code.charAt(i);
    if (ch === "\\" && i + 1 < code.length) {
      if (raw) {
        value += ch;
        continue;
      }
      const escape = readEscape(code, i + 1);
      value += escape.text;
      i = escape.end - 1;
    } else if (ch === quote) return { value, end: i + 1 };
    else if (quote === "`" && ch === "$" && code.charAt(i + 1) === "{") return null;
    else value += ch;
  }
  return null;
}

/** Index of the `,` or `close` that ends the expression starting at `start` (depth 0). */
function expressionEnd(code: string, start: number, close: string): number {
  let depth = 0;
  for (let i = start; i < code.length && i < start + 400; i++) {
    const ch = code.charAt(i);
    if (ch === "'" || ch === '"' || ch === "`") {
      const literal = readString(code, i);
      if (literal === null) return start;
      i = literal.end - 1;
    } else if ("([{".includes(ch)) depth++;
    else if (depth > 0 && ")]}".includes(ch)) depth--;
    else if (depth === 0 && (ch === "," || ch === close)) return i;
  }
  return start;
}

function skipSpace(code: string, index: number): number {
  let i = index;
  while (i < code.length && /\s/.test(code.charAt(i))) i++;
  return i;
}

/** Every string literal in interpreter code (escapes decoded), for capability checks. */
export function stringLiterals(code: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < code.length && out.length < 256; i++) {
    const ch = code.charAt(i);
    if (ch !== "'" && ch !== '"' && ch !== "`") continue;
    const raw = /[rR]$/.test(code.slice(Math.max(0, i - 1), i)) && /\W|^$/.test(code.charAt(i - 2));
    const literal = readString(code, i, raw);
    if (literal === null) continue;
    out.push(literal.value);
    i = literal.end - 1;
  }
  return out;
}

/**
 * Read the literal argument that starts at `index` (just after an opening parenthesis or a
 * keyword): a string, a concatenation-free list of strings, or null when it is an expression.
 */
export function readLiteralArgument(code: string, index: number): CodeLiteral | null {
  let i = skipSpace(code, index);
  const prefix = /^(?:[rRbBuUfF]{1,2})(?=['"])/.exec(code.slice(i, i + 3))?.[0] ?? "";
  i += prefix.length;
  if (prefix.toLowerCase().includes("f")) return null;
  // R's `c(...)` and PHP's `array(...)` are lists too.
  const vector = /^(?:c|list|array)\s*(?=\()/.exec(code.slice(i, i + 8));
  if (vector !== null) i += vector[0].length;
  const open = code.charAt(i);
  if (open === "[" || (open === "(" && code.charAt(i + 1) !== ")")) {
    const close = open === "[" ? "]" : ")";
    const items: string[] = [];
    i++;
    for (;;) {
      i = skipSpace(code, i);
      if (code.charAt(i) === close) return { value: items.join(" "), list: true };
      const item = readString(code, i);
      if (item === null) {
        // An argument only known at run time (`["rm", "-rf", target]`) reads as an unknown
        // shell value, so the command is judged with that operand unknown.
        const end = expressionEnd(code, i, close);
        if (end === i) return null;
        items.push("$CODE_VALUE");
        i = skipSpace(code, end);
        if (code.charAt(i) === ",") i++;
        continue;
      }
      items.push(
        /[\s'"\\$`;&|<>()]/.test(item.value) || item.value === ""
          ? `'${item.value.replace(/'/g, "'\\''")}'`
          : item.value,
      );
      i = skipSpace(code, item.end);
      if (code.charAt(i) === ",") i++;
      else if (code.charAt(i) !== close) return null;
    }
  }
  const literal = readString(code, i, prefix.toLowerCase().includes("r"));
  if (literal === null) return null;
  const after = skipSpace(code, literal.end);
  // `'rm -rf ' + path` or `"%s" % x` is an expression, not a literal.
  if (
    /^[+%.]/.test(code.charAt(after)) &&
    !/^\.\s*(?:split|strip)\b/.test(code.slice(after, after + 8))
  )
    return null;
  if (code.charAt(after) === ",") {
    // `exec("git", "push", ...)`, `execFileSync("rm", ["-rf", dir])`: program and arguments;
    // `new Deno.Command("rm", { args: [...] })`: the arguments in an options object.
    const next = skipSpace(code, after + 1);
    const options =
      code.charAt(next) === "{" ? /\bargs\s*:\s*(?=\[)/.exec(code.slice(next, next + 200)) : null;
    const rest = readLiteralArgument(
      code,
      options === null ? after + 1 : next + options.index + options[0].length,
    );
    if (rest !== null) return { value: `${literal.value} ${rest.value}`, list: true };
  }
  return { value: literal.value, list: false };
}

/**
 * The first argument starting at `index` as a path: a literal, or a literal joined to an
 * expression (`'/etc/' + name`, `base + '/.bashrc'`) with the unknown part read as
 * {@link DYNAMIC}; null when nothing of it is a literal.
 */
export function readFirstArgument(code: string, index: number): string | null {
  let i = skipSpace(code, index);
  const prefix = /^(?:[rRbBuU]{1,2})(?=['"])/.exec(code.slice(i, i + 3))?.[0] ?? "";
  i += prefix.length;
  const literal = readString(code, i, prefix.toLowerCase().includes("r"));
  if (literal !== null) {
    const after = skipSpace(code, literal.end);
    return /^(?:\+|\.(?![\w.])|\.\.|\/)/.test(code.slice(after, after + 2))
      ? `${literal.value}${DYNAMIC}`
      : literal.value;
  }
  // An expression, then `+ "literal"` before the argument ends.
  const rest = /^[\w$.[\]()'"]{1,80}?\s*(?:\+|\.|\.\.|\/)\s*(?=['"])/.exec(code.slice(i, i + 120));
  if (rest === null) return null;
  const tail = readString(code, i + rest[0].length);
  return tail === null ? null : `${DYNAMIC}${tail.value}`;
}
