/**
 * The shell commands a sed script runs or the files it writes (GNU sed): `e COMMAND`, a bare `e`
 * (runs the pattern space), `s/.../.../e` (runs the result), and `w FILE` / `s///w FILE`
 * (returned as a shell write to FILE so the write rules judge the target).
 */

const MAX_COMMANDS = 64;
// Unknown text the pattern space holds when a command runs it.
const PATTERN_SPACE = '"$SED_PATTERN_SPACE"';

function skipDelimited(script: string, start: number, delimiter: string): number {
  let i = start;
  while (i < script.length && script.charAt(i) !== delimiter)
    i += script.charAt(i) === "\\" ? 2 : 1;
  return i + 1;
}

function skipAddress(script: string, start: number): number {
  let i = start;
  for (let part = 0; part < 2; part++) {
    const ch = script.charAt(i);
    if (ch === "/") i = skipDelimited(script, i + 1, "/");
    else if (ch === "\\") i = skipDelimited(script, i + 2, script.charAt(i + 1));
    else {
      const number = /^(?:\d+(?:~\d+)?|\$|[+~]\d+)/.exec(script.slice(i));
      if (number) i += number[0].length;
    }
    while (/[IM]/.test(script.charAt(i))) i++;
    if (part === 0 && script.charAt(i) === ",") i++;
    else break;
  }
  while (/[\s!]/.test(script.charAt(i))) i++;
  return i;
}

function restOfLine(script: string, start: number): { text: string; end: number } {
  const newline = script.indexOf("\n", start);
  const end = newline < 0 ? script.length : newline;
  return { text: script.slice(start, end).trim(), end };
}

function writeOf(file: string): string {
  return `: >> '${file.replace(/'/g, "'\\''")}'`;
}

/** Shell command lines a sed script runs, and writes it makes (as `: >> FILE`). */
export function sedScriptCommands(script: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < script.length && out.length < MAX_COMMANDS) {
    while (/[\s;{}]/.test(script.charAt(i))) i++;
    if (i >= script.length) break;
    if (script.charAt(i) === "#") {
      i = restOfLine(script, i).end;
      continue;
    }
    i = skipAddress(script, i);
    const command = script.charAt(i);
    i++;
    if (command === "e" || command === "w" || command === "W") {
      const { text, end } = restOfLine(script, i);
      if (command === "e") out.push(text === "" ? PATTERN_SPACE : text);
      else if (text !== "") out.push(writeOf(text));
      i = end;
    } else if (command === "s" || command === "y") {
      const delimiter = script.charAt(i);
      const start = i;
      if (delimiter === "" || delimiter === "\n" || delimiter === "\\") break;
      const patternEnd = skipDelimited(script, i + 1, delimiter);
      const replacementEnd = skipDelimited(script, patternEnd, delimiter);
      const replacement = script.slice(patternEnd, replacementEnd - 1);
      i = replacementEnd;
      if (command === "y") continue;
      const flags = /^[gpiImMe0-9]*/.exec(script.slice(i))?.[0] ?? "";
      i += flags.length;
      if (flags.includes("e")) {
        // The pattern space after the substitution runs: the replacement when it is the
        // whole line, otherwise unknown text around it.
        const whole = /^\^?\.\*\$?$/.test(script.slice(start + 1, patternEnd - 1));
        const literal = replacement.replace(/\\n/g, "\n").replace(/\\(.)/g, "$1");
        if (!/&|\\\d/.test(replacement)) out.push(literal);
        if (!whole || /&|\\\d/.test(replacement)) out.push(PATTERN_SPACE);
      }
      if (script.charAt(i) === "w") {
        const { text, end } = restOfLine(script, i + 1);
        if (text !== "") out.push(writeOf(text));
        i = end;
      }
    } else if (/[aicrRbtT:vqQlLz=dDgGhHnNpPx]/.test(command)) {
      if (/[aicrRbtT:v]/.test(command)) i = restOfLine(script, i).end;
    } else break;
  }
  return out;
}
