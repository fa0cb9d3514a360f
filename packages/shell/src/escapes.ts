const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  a: "\u0007",
  b: "\b",
  e: "\u001b",
  E: "\u001b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
  "\\": "\\",
  "'": "'",
  '"': '"',
  "?": "?",
};

/**
 * Decode backslash escapes the way bash does inside `$'...'` (and `echo -e` / `printf %b`
 * with `forEcho`, where `\0NNN` is octal and `\c` ends the output).
 */
export function decodeBackslashEscapes(text: string, forEcho = false): string {
  if (!text.includes("\\")) return text;
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const ch = text.charAt(i);
    if (ch !== "\\" || i + 1 >= text.length) {
      out += ch;
      continue;
    }
    const next = text.charAt(i + 1);
    const simple = SIMPLE_ESCAPES[next];
    if (simple !== undefined && !(forEcho && (next === "'" || next === '"' || next === "?"))) {
      out += simple;
      i++;
    } else if (next === "x") {
      const hex = /^[0-9a-fA-F]{1,2}/.exec(text.slice(i + 2, i + 4))?.[0];
      if (hex === undefined) out += "\\x";
      else out += String.fromCharCode(parseInt(hex, 16));
      i += 1 + (hex?.length ?? 0);
    } else if (next === "u" || next === "U") {
      const max = next === "u" ? 4 : 8;
      const hex = new RegExp(`^[0-9a-fA-F]{1,${max}}`).exec(text.slice(i + 2, i + 2 + max))?.[0];
      if (hex === undefined) out += "\\" + next;
      else {
        const code = parseInt(hex, 16);
        out += code <= 0x10ffff ? String.fromCodePoint(code) : "";
      }
      i += 1 + (hex?.length ?? 0);
    } else if (next >= "0" && next <= "7") {
      const start = forEcho && next === "0" ? i + 2 : i + 1;
      const oct = /^[0-7]{1,3}/.exec(text.slice(start, start + 3))?.[0] ?? "";
      out += String.fromCharCode(parseInt(oct || "0", 8) & 0xff);
      i = start + oct.length - 1;
    } else if (next === "c") {
      if (forEcho) return out;
      const ctl = text.charAt(i + 2);
      out += String.fromCharCode(ctl.toUpperCase().charCodeAt(0) & 0x1f);
      i += 2;
    } else {
      out += "\\" + next;
      i++;
    }
  }
  return out;
}
