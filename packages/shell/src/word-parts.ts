import { DYNAMIC, type Script, type Word } from "./shell-ir.js";
import { MAX_STATIC_VALUE } from "./variables.js";

/** A piece of a word as the front end saw it, before splitting and brace expansion. */
export interface WordPart {
  readonly text: string;
  readonly quoted: boolean;
  readonly dynamic?: boolean;
  /** Unquoted `$IFS`: a field separator. */
  readonly separator?: boolean;
  /** Unquoted substitution output: split on whitespace. */
  readonly splittable?: boolean;
  /** For an unknown variable's value: the variable's name. */
  readonly variable?: string;
  /** No text: the word used the default of this variable, which may be set to anything. */
  readonly overridable?: string;
}

const MAX_BRACE_RESULTS = 64;
// Private-use stand-ins for quoted brace characters so they survive brace expansion literally.
const QUOTED_BRACE: Readonly<Record<string, string>> = {
  "{": "\ue000",
  "}": "\ue001",
  ",": "\ue002",
};
const RESTORE_BRACE: Readonly<Record<string, string>> = {
  "\ue000": "{",
  "\ue001": "}",
  "\ue002": ",",
};

function findBrace(text: string): { open: number; close: number; commas: number[] } | null {
  for (let open = text.indexOf("{"); open >= 0; open = text.indexOf("{", open + 1)) {
    let depth = 0;
    const commas: number[] = [];
    for (let i = open; i < text.length; i++) {
      const ch = text.charAt(i);
      if (ch === "{") depth++;
      else if (ch === "}") {
        depth--;
        if (depth === 0) {
          if (commas.length > 0 || /^\{-?\w+\.\.-?\w+\}$/.test(text.slice(open, i + 1))) {
            return { open, close: i, commas };
          }
          break;
        }
      } else if (ch === "," && depth === 1) commas.push(i);
    }
  }
  return null;
}

/** Expand `{a,b}` and `{1..3}` lists (bash brace expansion), capped to stay linear. */
export function expandBraces(text: string): string[] {
  const found = findBrace(text);
  if (found === null) return [text];
  const { open, close, commas } = found;
  const head = text.slice(0, open);
  const tail = text.slice(close + 1);
  let options: string[];
  if (commas.length === 0) {
    const [from = "", to = ""] = text.slice(open + 1, close).split("..");
    const a = Number(from);
    const b = Number(to);
    options = [];
    if (Number.isInteger(a) && Number.isInteger(b)) {
      const step = a <= b ? 1 : -1;
      for (let n = a; options.length < MAX_BRACE_RESULTS; n += step) {
        options.push(String(n));
        if (n === b) break;
      }
    } else if (from.length === 1 && to.length === 1) {
      const step = from <= to ? 1 : -1;
      for (let c = from.charCodeAt(0); options.length < MAX_BRACE_RESULTS; c += step) {
        options.push(String.fromCharCode(c));
        if (c === to.charCodeAt(0)) break;
      }
    } else options = [text.slice(open, close + 1)];
  } else {
    options = [];
    let start = open + 1;
    for (const comma of [...commas, close]) {
      options.push(text.slice(start, comma));
      start = comma + 1;
    }
  }
  const results: string[] = [];
  for (const option of options) {
    for (const expanded of expandBraces(head + option + tail)) {
      results.push(expanded);
      if (results.length >= MAX_BRACE_RESULTS) return results;
    }
  }
  return results;
}

/** Most characters of words one parse may build by static expansion (four input budgets). */
export const MAX_EXPANDED_CHARS: number = 4 * MAX_STATIC_VALUE;

// The budget of the parse running now (parsing is synchronous; nested parses share it).
const expansion = { left: Number.POSITIVE_INFINITY, exhausted: false, depth: 0 };
// Read through a call: the parse changes it behind the compiler's back.
const ranOut = (): boolean => expansion.exhausted;

/**
 * Run one parse under the expansion budget ({@link MAX_EXPANDED_CHARS}); a parse nested in it
 * shares it. Returns the script, marked `overBudget` when the budget ran out.
 */
export function withExpansionBudget(parse: () => Script): Script {
  if (expansion.depth > 0) return parse();
  expansion.left = MAX_EXPANDED_CHARS;
  expansion.exhausted = false;
  expansion.depth++;
  try {
    const script = parse();
    return ranOut() ? { ...script, overBudget: true } : script;
  } finally {
    expansion.depth--;
    expansion.left = Number.POSITIVE_INFINITY;
  }
}

/** Turn the parts of one shell word into the words bash would pass (field splitting, braces). */
export function finishWord(
  parts: readonly WordPart[],
  substitutions: readonly Script[],
  processSubstitution = false,
): Word[] {
  // A word built past the budget (many copies of a long value) is known only at run time.
  let length = 0;
  for (const part of parts) length += part.text.length;
  expansion.left -= length;
  if (length > MAX_STATIC_VALUE || expansion.left < 0) {
    expansion.exhausted = true;
    return [{ text: DYNAMIC, dynamic: true, glob: false, substitutions, processSubstitution }];
  }
  const only = parts.length === 1 ? parts[0] : undefined;
  if (
    only !== undefined &&
    !only.dynamic &&
    !only.separator &&
    !only.splittable &&
    !only.text.includes("{")
  ) {
    const glob = !only.quoted && /[*?[]/.test(only.text);
    return [{ text: only.text, dynamic: false, glob, substitutions, processSubstitution }];
  }
  const fields: {
    text: string;
    dynamic: boolean;
    glob: boolean;
    braces: boolean;
    variables: string[];
  }[] = [];
  const overridable = parts.flatMap((part) =>
    part.overridable === undefined ? [] : [part.overridable],
  );
  let current = { text: "", dynamic: false, glob: false, braces: false, variables: [] as string[] };
  let started = false;
  const flush = (): void => {
    if (started) fields.push(current);
    current = { text: "", dynamic: false, glob: false, braces: false, variables: [] };
    started = false;
  };
  for (const part of parts) {
    if (part.overridable !== undefined) continue;
    if (part.separator) {
      flush();
      continue;
    }
    if (part.dynamic) {
      current.text += DYNAMIC;
      current.dynamic = true;
      if (part.variable !== undefined) current.variables.push(part.variable);
      started = true;
      continue;
    }
    if (part.quoted) {
      current.text += part.text.replace(/[{},]/g, (ch) => QUOTED_BRACE[ch] ?? ch);
      started = true;
      continue;
    }
    const pieces = part.splittable ? part.text.split(/[ \t\n]+/) : [part.text];
    pieces.forEach((piece, index) => {
      if (index > 0) flush();
      if (piece === "") return;
      current.text += piece;
      started = true;
      if (/[*?[]/.test(piece)) current.glob = true;
      if (piece.includes("{")) current.braces = true;
    });
  }
  flush();
  const words: Word[] = [];
  for (const field of fields) {
    const texts = field.braces ? expandBraces(field.text) : [field.text];
    for (const text of texts) {
      words.push({
        text: text.replace(/[\ue000-\ue002]/g, (ch) => RESTORE_BRACE[ch] ?? ch),
        dynamic: field.dynamic,
        glob: field.glob,
        substitutions,
        processSubstitution,
        ...(field.variables.length > 0 ? { variables: field.variables } : {}),
        ...(overridable.length > 0 ? { overridable } : {}),
      });
    }
  }
  if (words.length === 0 && parts.length > 0 && parts.some((part) => part.quoted)) {
    words.push({ text: "", dynamic: false, glob: false, substitutions, processSubstitution });
  }
  return words;
}
