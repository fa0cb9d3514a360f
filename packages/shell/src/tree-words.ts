import type { Node } from "web-tree-sitter";
import { arithmeticCode } from "./arithmetic.js";
import { decodeBackslashEscapes } from "./escapes.js";
import type { Script, Word } from "./shell-ir.js";
import { staticOutput } from "./static-eval.js";
import { COMPLETE_ENVIRONMENT, lookupVariable, type VariableScope } from "./variables.js";
import { finishWord, type WordPart } from "./word-parts.js";

/** What word evaluation needs from the walker. */
export interface WordContext {
  readonly scope: VariableScope;
  /** Walk the statements inside a substitution; their commands are recorded as run. */
  walkNested(node: Node): Script;
  /** Record shell code that an expansion runs (arithmetic on a variable, `${x@P}`); null: unknown code. */
  runsCode(code: string | null): void;
}

// `$NAME` or `${NAME}` left inside a plain word by the grammar (`rm$IFS-rf$IFS/etc`).
const EMBEDDED_VARIABLE = /\$(?:([A-Za-z_][A-Za-z0-9_]*)|\{([A-Za-z_][A-Za-z0-9_]*)\})/g;

function embeddedExpansionParts(text: string, ctx: WordContext, parts: WordPart[]): void {
  let last = 0;
  for (const match of text.matchAll(EMBEDDED_VARIABLE)) {
    if (match.index > last) unquotedWordParts(text.slice(last, match.index), parts);
    const name = match[1] ?? match[2] ?? "";
    if (!variableParts(name, false, ctx, parts))
      parts.push({ text: "", quoted: false, dynamic: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) unquotedWordParts(text.slice(last), parts);
}

function unquotedWordParts(text: string, parts: WordPart[]): void {
  if (!text.includes("\\")) {
    parts.push({ text, quoted: false });
    return;
  }
  let plain = "";
  for (let i = 0; i < text.length; i++) {
    const ch = text.charAt(i);
    if (ch === "\\" && i + 1 < text.length) {
      const next = text.charAt(i + 1);
      i++;
      if (next === "\n") continue;
      if (plain) parts.push({ text: plain, quoted: false });
      plain = "";
      parts.push({ text: next, quoted: true });
    } else plain += ch;
  }
  if (plain) parts.push({ text: plain, quoted: false });
}

function doubleQuotedText(text: string): string {
  return text.includes("\\")
    ? text.replace(/\\([\\"$`\n])/g, (_m, ch: string) => (ch === "\n" ? "" : ch))
    : text;
}

/**
 * The shell code a prompt string runs once its backslash escapes are decoded (`\$` becomes
 * `$` for an ordinary user, so `\$(cmd)` is a command substitution), or null when none.
 */
export function promptCode(text: string): string | null {
  const decoded = text.replace(/\\([$\\])/g, "$1");
  return /\$\(|`/.test(decoded) ? decoded : null;
}

const EXPANSION = /^\$\{([#!]?)([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!-])([\s\S]*)\}$/;

function variableParts(
  name: string,
  quoted: boolean,
  ctx: WordContext,
  parts: WordPart[],
): boolean {
  const value = lookupVariable(ctx.scope, name);
  if (value === "separator") {
    parts.push(quoted ? { text: " ", quoted: true } : { text: "", quoted: false, separator: true });
    return true;
  }
  if (value === null) return false;
  if (value.dynamic) parts.push({ text: "", quoted, dynamic: true });
  else parts.push({ text: value.text, quoted, splittable: !quoted });
  return true;
}

/** `${a[@]}`, `${a[*]}`, `${a[N]}` of an array with known elements; false when unknown. */
function arrayParts(
  name: string,
  element: string,
  quoted: boolean,
  ctx: WordContext,
  parts: WordPart[],
): boolean {
  const value = lookupVariable(ctx.scope, name);
  if (value === null || value === "separator" || value.dynamic) return false;
  const elements = value.elements ?? [value.text];
  if (/^\d+$/.test(element)) {
    const text = elements[Number(element)] ?? "";
    parts.push({ text, quoted, splittable: !quoted });
    return true;
  }
  if (!quoted || element === "*") {
    parts.push({ text: elements.join(" "), quoted, splittable: !quoted });
    return true;
  }
  elements.forEach((text, index) => {
    if (index > 0) parts.push({ text: "", quoted: false, separator: true });
    parts.push({ text, quoted: true });
  });
  return true;
}

function expansionParts(
  node: Node,
  quoted: boolean,
  ctx: WordContext,
  parts: WordPart[],
  subs: Script[],
): void {
  // An indexed array's subscript is evaluated as arithmetic.
  const index = node.namedChildren
    .find((child) => child?.type === "subscript")
    ?.childForFieldName("index");
  if (index) for (const code of arithmeticCode(index.text, ctx.scope)) ctx.runsCode(code);
  const match = EXPANSION.exec(node.text);
  if (match === null) {
    collectNested(node, ctx, subs);
    parts.push({ text: "", quoted, dynamic: true });
    return;
  }
  const [, prefix = "", name = "", op = ""] = match;
  if (op.endsWith("@P")) {
    // Prompt expansion runs the command substitutions in the value; an indirect name, an
    // array element or a positional parameter is a value not known here.
    const value = prefix === "" && op === "@P" ? lookupVariable(ctx.scope, name) : null;
    if (value === null || value === "separator" || value.dynamic) ctx.runsCode(null);
    else {
      const code = promptCode(value.text);
      if (code !== null) ctx.runsCode(code);
    }
    collectNested(node, ctx, subs);
    parts.push({ text: "", quoted, dynamic: true });
    return;
  }
  if (prefix !== "") {
    parts.push({ text: "", quoted, dynamic: true });
    return;
  }
  const element = /^\[(@|\*|\d+)\]$/.exec(op)?.[1];
  if (element !== undefined && arrayParts(name, element, quoted, ctx, parts)) return;
  if (/^:[^-=?+]/.test(op)) {
    // `${x:OFFSET:LENGTH}`: both are arithmetic, which expands array subscripts in variables.
    for (const code of arithmeticCode(op.slice(1), ctx.scope)) ctx.runsCode(code);
  }
  if (name === "IFS") {
    variableParts(name, quoted, ctx, parts);
    return;
  }
  if (op === "" || op.startsWith(":?") || op.startsWith("?")) {
    if (!variableParts(name, quoted, ctx, parts))
      parts.push({ text: "", quoted, dynamic: true, variable: name });
    return;
  }
  if (/^:?[-=]/.test(op)) {
    const known = lookupVariable(ctx.scope, name);
    if (known !== null && known !== "separator" && !known.dynamic && known.text !== "") {
      parts.push({ text: known.text, quoted, splittable: !quoted });
      return;
    }
    // Unset in this script: the default is what runs unless the environment sets it (it may,
    // to anything, unless the scope holds the session's whole environment).
    const defaults = node.namedChildren.filter(
      (child) => child !== null && child.type !== "variable_name",
    );
    if (
      (known === null || known === "separator" || known.dynamic) &&
      !ctx.scope.has(COMPLETE_ENVIRONMENT)
    )
      parts.push({ text: "", quoted, overridable: name });
    if (defaults.length === 0) {
      parts.push({ text: "", quoted: true });
      return;
    }
    for (const child of defaults) if (child) nodeParts(child, quoted, ctx, parts, subs);
    return;
  }
  if (/^:?\+/.test(op)) {
    // `${x:+word}`: the word when x is set, nothing otherwise.
    const known = lookupVariable(ctx.scope, name);
    const complete = ctx.scope.has(COMPLETE_ENVIRONMENT);
    const set = known !== null && known !== "separator" && !known.dynamic;
    if (set || (known === null && complete)) {
      if (set && (known.text !== "" || !op.startsWith(":")))
        for (const child of node.namedChildren)
          if (child && child.type !== "variable_name") nodeParts(child, quoted, ctx, parts, subs);
      return;
    }
  }
  collectNested(node, ctx, subs);
  parts.push({ text: "", quoted, dynamic: true });
}

function collectNested(node: Node, ctx: WordContext, subs: Script[]): void {
  for (const child of node.namedChildren) {
    if (child === null) continue;
    if (child.type === "command_substitution" || child.type === "process_substitution") {
      subs.push(ctx.walkNested(child));
    } else if (child.childCount > 0) collectNested(child, ctx, subs);
  }
}

function nodeParts(
  node: Node,
  quoted: boolean,
  ctx: WordContext,
  parts: WordPart[],
  subs: Script[],
): void {
  switch (node.type) {
    case "word":
      if (quoted) parts.push({ text: node.text, quoted });
      else if (/\$[{A-Za-z_]/.test(node.text) && !node.text.includes("\\"))
        embeddedExpansionParts(node.text, ctx, parts);
      else unquotedWordParts(node.text, parts);
      return;
    case "string":
    case "translated_string": {
      const children = node.children;
      let previousEnd = -1;
      for (let i = 0; i < children.length; i++) {
        const child = children[i];
        if (!child) continue;
        // The grammar leaves blanks between its tokens (a newline in `"a⏎b"`) out of every
        // child; inside the quotes they are part of the word.
        if (previousEnd >= 0 && child.startIndex > previousEnd)
          parts.push({
            text: node.text.slice(
              previousEnd - node.startIndex,
              child.startIndex - node.startIndex,
            ),
            quoted: true,
          });
        previousEnd = child.endIndex;
        if (child.type === '"' && (i === 0 || i === children.length - 1)) {
          // The grammar can fold blanks next to a quote into the quote's token (`"<tab>"`):
          // they are part of the string.
          const blanks = i === 0 ? child.text.slice(1) : child.text.slice(0, -1);
          if (blanks !== "") parts.push({ text: blanks, quoted: true });
          continue;
        }
        if (child.type === "$" && i === 0) continue;
        if (child.type === "string_content")
          parts.push({ text: doubleQuotedText(child.text), quoted: true });
        else if (child.isNamed) nodeParts(child, true, ctx, parts, subs);
        else parts.push({ text: child.text, quoted: true });
      }
      if (children.length <= 2) parts.push({ text: "", quoted: true });
      return;
    }
    case "raw_string":
      parts.push({ text: node.text.slice(1, -1), quoted: true });
      return;
    case "ansi_c_string":
      parts.push({ text: decodeBackslashEscapes(node.text.slice(2, -1)), quoted: true });
      return;
    case "concatenation":
      for (const child of node.children) if (child) nodeParts(child, quoted, ctx, parts, subs);
      return;
    case "simple_expansion": {
      const name = node.text.slice(1);
      if (!variableParts(name, quoted, ctx, parts))
        parts.push({ text: "", quoted, dynamic: true, variable: name });
      return;
    }
    case "expansion":
      expansionParts(node, quoted, ctx, parts, subs);
      return;
    case "command_substitution": {
      const script = ctx.walkNested(node);
      subs.push(script);
      const output = staticOutput(script);
      if (output === null) parts.push({ text: "", quoted, dynamic: true });
      else parts.push({ text: output.replace(/\n+$/, ""), quoted, splittable: !quoted });
      return;
    }
    case "process_substitution":
      subs.push(ctx.walkNested(node));
      parts.push({ text: "", quoted, dynamic: true });
      return;
    case "arithmetic_expansion":
      for (const code of arithmeticCode(node.text.replace(/^\$\(\(|\)\)$/g, ""), ctx.scope))
        ctx.runsCode(code);
      collectNested(node, ctx, subs);
      parts.push({ text: "", quoted, dynamic: true });
      return;
    default: {
      const text = node.text;
      if (node.childCount > 0) collectNested(node, ctx, subs);
      if (text.includes("$") || text.includes("`")) parts.push({ text: "", quoted, dynamic: true });
      else parts.push({ text, quoted });
    }
  }
}

/** Evaluate a word node to the argv words it produces (usually one). */
export function evalNodeWords(node: Node, ctx: WordContext): Word[] {
  const parts: WordPart[] = [];
  const subs: Script[] = [];
  nodeParts(node, false, ctx, parts, subs);
  return finishWord(parts, subs, node.type === "process_substitution");
}
