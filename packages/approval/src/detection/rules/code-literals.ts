/** A string or list-of-strings literal read from interpreter code. */
export interface CodeLiteral {
  /** The literal's value; a list is joined with spaces into a command line. */
  readonly value: string;
  /** True when the argument was a list (argv form) rather than one command string. */
  readonly list: boolean;
}

function readString(code: string, start: number): { value: string; end: number } | null {
  const quote = code.charAt(start);
  if (quote !== "'" && quote !== '"' && quote !== "`") return null;
  let value = "";
  for (let i = start + 1; i < code.length; i++) {
    const ch = code.charAt(i);
    if (ch === "\\" && i + 1 < code.length) {
      const next = code.charAt(i + 1);
      value += next === "n" ? "\n" : next === "t" ? "\t" : next;
      i++;
    } else if (ch === quote) return { value, end: i + 1 };
    else if (quote === "`" && ch === "$" && code.charAt(i + 1) === "{") return null;
    else value += ch;
  }
  return null;
}

function skipSpace(code: string, index: number): number {
  let i = index;
  while (i < code.length && /\s/.test(code.charAt(i))) i++;
  return i;
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
  const open = code.charAt(i);
  if (open === "[" || (open === "(" && code.charAt(i + 1) !== ")")) {
    const close = open === "[" ? "]" : ")";
    const items: string[] = [];
    i++;
    for (;;) {
      i = skipSpace(code, i);
      if (code.charAt(i) === close) return { value: items.join(" "), list: true };
      const item = readString(code, i);
      if (item === null) return null;
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
  const literal = readString(code, i);
  if (literal === null) return null;
  const after = skipSpace(code, literal.end);
  // `'rm -rf ' + path` or `"%s" % x` is an expression, not a literal.
  if (
    /^[+%.]/.test(code.charAt(after)) &&
    !/^\.\s*(?:split|strip)\b/.test(code.slice(after, after + 8))
  )
    return null;
  if (code.charAt(after) === ",") {
    const rest = readLiteralArgument(code, after + 1);
    if (rest?.list) return { value: `${literal.value} ${rest.value}`, list: true };
  }
  return { value: literal.value, list: false };
}
