import { diffChars } from "diff";
import { lineKey } from "./context-merge.js";
import { lineSpan, type LineIndex, type Span } from "./text-lines.js";

/**
 * Windows of the file whose non-blank lines equal old_string's non-blank lines (compared
 * after whitespace and typography normalisation), whatever blank lines either side has
 * between them: a model often drops or adds a blank line when copying a block.
 */
export function blankLineFlexibleSpans(index: LineIndex, patternLines: readonly string[]): Span[] {
  const pattern = patternLines.map(lineKey).filter((line) => line !== "");
  if (pattern.length < 2) return [];
  const { lines } = index;
  const meaningful: number[] = [];
  lines.forEach((line, i) => {
    if (line.trim() !== "") meaningful.push(i);
  });
  const keys = new Map<number, string>();
  const keyAt = (rank: number): string => {
    let key = keys.get(rank);
    if (key === undefined) {
      key = lineKey(lines[meaningful[rank] ?? 0] ?? "");
      keys.set(rank, key);
    }
    return key;
  };
  const anchor = plainAnchor(pattern[0] ?? "");
  const spans: Span[] = [];
  for (let i = 0; i + pattern.length <= meaningful.length; i++) {
    if (!(lines[meaningful[i] ?? 0] ?? "").includes(anchor)) continue;
    if (!pattern.every((line, k) => keyAt(i + k) === line)) continue;
    const first = meaningful[i] ?? 0;
    const last = meaningful[i + pattern.length - 1] ?? 0;
    spans.push(lineSpan(index, first, last - first + 1));
    i += pattern.length - 1;
  }
  return spans;
}

/**
 * The longest run of a normalised line that normalisation cannot have produced (no spaces,
 * quotes, dashes or dots): any file line whose key equals the line contains it verbatim.
 */
function plainAnchor(key: string): string {
  let best = "";
  for (const run of key.split(/[\s"'.-]+/)) if (run.length > best.length) best = run;
  return best;
}

/** Characters a file may hold backslash-escaped inside a string literal, as the file spells them. */
const LITERAL_FORMS: Readonly<Record<string, readonly string[]>> = {
  "\n": ["\\n"],
  "\t": ["\\t"],
  '"': ['\\"'],
  "'": ["\\'"],
};

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function literalPattern(pattern: string): RegExp | undefined {
  let source = "";
  let flexible = false;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern.charAt(i);
    const forms = LITERAL_FORMS[ch];
    if (forms === undefined) {
      source += escapeRegExp(ch);
      continue;
    }
    flexible = true;
    source += `(?:${[ch, ...forms].map(escapeRegExp).join("|")})`;
  }
  return flexible ? new RegExp(source, "g") : undefined;
}

/**
 * Places where old_string matches once its real newlines, tabs and quotes may stand for the
 * file's escape sequences (`\n`, `\t`, `\"`, `\'`) inside string literals. At least one
 * escape must be involved: a plain match is the exact strategy's.
 */
export function literalEscapeSpans(content: string, pattern: string): Span[] {
  const regex = literalPattern(pattern);
  if (regex === undefined) return [];
  const spans: Span[] = [];
  for (const found of content.matchAll(regex)) {
    const start = found.index;
    const end = start + found[0].length;
    if (found[0].length !== pattern.length) spans.push({ start, end });
  }
  return spans;
}

/** The file's spelling of each character of old_string within a literal-escape match. */
function spellings(region: string, oldString: string): string[] | undefined {
  const out: string[] = [];
  let at = 0;
  for (let i = 0; i < oldString.length; i++) {
    const ch = oldString.charAt(i);
    if (region.startsWith(ch, at)) {
      out.push(ch);
      at += 1;
      continue;
    }
    const form = LITERAL_FORMS[ch]?.find((candidate) => region.startsWith(candidate, at));
    if (form === undefined) return undefined;
    out.push(form);
    at += form.length;
  }
  return at === region.length ? out : undefined;
}

/**
 * Apply the model's edit (old_string → new_string) to a region matched through literal
 * escapes: text the edit keeps takes the file's spelling; inserted newlines, tabs and
 * quotes take the escaped spelling when the region used it for that character.
 */
export function mergeIntoLiteral(region: string, oldString: string, newString: string): string {
  const spelled = spellings(region, oldString);
  if (spelled === undefined) return newString;
  const escapedUse = new Map<string, string>();
  for (let i = 0; i < oldString.length; i++) {
    const ch = oldString.charAt(i);
    const form = spelled[i] ?? ch;
    if (form !== ch) escapedUse.set(ch, form);
  }
  let out = "";
  let position = 0;
  for (const part of diffChars(oldString, newString)) {
    if (part.added) {
      for (let i = 0; i < part.value.length; i++) {
        const ch = part.value.charAt(i);
        out += escapedUse.get(ch) ?? ch;
      }
      continue;
    }
    if (!part.removed) out += spelled.slice(position, position + part.value.length).join("");
    position += part.value.length;
  }
  return out;
}
