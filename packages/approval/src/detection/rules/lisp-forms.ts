// The command line a Lisp or Scheme form hands to a process call: `(system "rm -rf ~")` gives
// its string, `(system* "rm" "-rf" "~")` and `(run-program "rm" '("-rf" "~"))` give the program
// and its arguments joined as a shell line (quoted where needed), and any argument that is not
// a string literal reads as an unknown shell value.

/** A string literal at `index` (double-quoted, with backslash escapes), or null. */
function readLispString(code: string, index: number): { value: string; end: number } | null {
  if (code.charAt(index) !== '"') return null;
  let value = "";
  for (let i = index + 1; i < code.length; i++) {
    const ch = code.charAt(i);
    if (ch === "\\" && i + 1 < code.length) {
      value += code.charAt(++i);
      continue;
    }
    if (ch === '"') return { value, end: i + 1 };
    value += ch;
  }
  return null;
}

function shellQuoted(value: string): string {
  return /^[\w./~:=@%+,-]+$/.test(value) ? value : `'${value.replace(/'/g, "'\\''")}'`;
}

/**
 * The shell line of the form whose arguments start at `index` (just after the call's name), or
 * null when its first argument is not a string literal.
 */
export function lispCommandLine(code: string, index: number): string | null {
  const items: string[] = [];
  let depth = 0;
  let i = index;
  while (i < code.length) {
    const ch = code.charAt(i);
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    if (ch === '"') {
      const literal = readLispString(code, i);
      if (literal === null) return null;
      items.push(items.length === 0 ? literal.value : shellQuoted(literal.value));
      i = literal.end;
      continue;
    }
    if (items.length === 0) return null;
    if (ch === ")") {
      if (depth === 0) break;
      depth--;
      i++;
      continue;
    }
    // A quoted or built list of arguments: `'("-rf" "~")`, `(list "-rf" dir)`, `#("a")`.
    const list = /^(?:'|`|#)?\((?:list\s+|vector\s+)?|^\[/.exec(code.slice(i, i + 12));
    if (list !== null) {
      depth++;
      i += list[0].length;
      continue;
    }
    if (ch === "]") {
      depth = Math.max(0, depth - 1);
      i++;
      continue;
    }
    // A keyword argument ends the command (`:output t`, `#:input`).
    if (ch === ":" || code.startsWith("#:", i)) break;
    const atom = /^[^\s()"\]]+/.exec(code.slice(i))?.[0] ?? ch;
    items.push('"$CODE_VALUE"');
    i += atom.length;
  }
  return items.length === 0 ? null : items.join(" ");
}
