/**
 * Split a command-line string into words the way a POSIX shell would quote them (single quotes,
 * double quotes with backslash escapes, backslash outside quotes); no expansion of any kind.
 * Returns undefined when a quote is left open.
 */
export function splitCommandLine(text: string): string[] | undefined {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] ?? "";
    if (quote === "'") {
      if (char === "'") quote = undefined;
      else word += char;
    } else if (quote === '"') {
      if (char === '"') quote = undefined;
      else if (char === "\\" && i + 1 < text.length && '"\\$`\n'.includes(text[i + 1] ?? "")) {
        word += text[++i] ?? "";
      } else word += char;
    } else if (char === "'" || char === '"') {
      quote = char;
      inWord = true;
    } else if (char === "\\" && i + 1 < text.length) {
      word += text[++i] ?? "";
      inWord = true;
    } else if (/\s/.test(char)) {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
    } else {
      word += char;
      inWord = true;
    }
  }
  if (quote !== undefined) return undefined;
  if (inWord) words.push(word);
  return words;
}

/** Decode a Python list literal of plain strings (`['-y', "pkg"]`), or undefined. */
function decodePythonList(text: string): string[] | undefined {
  const body = text.trim();
  if (!body.startsWith("[") || !body.endsWith("]")) return undefined;
  const items: string[] = [];
  const item = /\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")\s*(,|$)/y;
  const inner = body.slice(1, -1);
  if (inner.trim() === "") return [];
  item.lastIndex = 0;
  while (item.lastIndex < inner.length) {
    const match = item.exec(inner);
    if (match === null) return undefined;
    items.push((match[1] ?? match[2] ?? "").replace(/\\(.)/g, "$1"));
    if (match[3] === "") break;
  }
  return item.lastIndex >= inner.length ? items : undefined;
}

/** Outcome of reading `args`: the list, or why it could not be read. */
export type ArgsReading = { readonly args: string[] } | { readonly problem: string };

/**
 * Read a stdio server's `args`: a list is used as is (scalars become strings); a string that
 * looks like a list (`[...]`) must decode as a JSON or Python list; any other string is split
 * like a shell would.
 */
export function readArgs(value: unknown): ArgsReading {
  if (value === undefined || value === null) return { args: [] };
  if (Array.isArray(value)) {
    const bad = value.findIndex((item) => typeof item === "object" && item !== null);
    if (bad !== -1) return { problem: `item ${bad} must be a string, got an object or list` };
    return { args: value.map((item) => String(item)) };
  }
  if (typeof value === "number" || typeof value === "boolean") return { args: [String(value)] };
  if (typeof value !== "string") return { problem: "must be a list of strings or a string" };
  const text = value.trim();
  if (text.startsWith("[")) {
    try {
      const decoded: unknown = JSON.parse(text);
      if (Array.isArray(decoded) && decoded.every((item) => typeof item === "string")) {
        return { args: decoded };
      }
    } catch {
      // not JSON: maybe a Python list literal
    }
    const python = decodePythonList(text);
    if (python !== undefined) return { args: python };
    return {
      problem:
        "looks like a list but is not a valid JSON or Python list of strings; write it as a YAML list",
    };
  }
  const words = splitCommandLine(text);
  if (words === undefined) return { problem: "has an unclosed quote" };
  return { args: words };
}
