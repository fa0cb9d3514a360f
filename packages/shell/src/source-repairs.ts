// Rewrites of a line the grammar cannot parse into one it can, with the same meaning to bash.
// The grammar reads a word that starts like a variable name as the start of an assignment and
// fails on what follows (`x%s a`, `x@ b`, `x?a c`, `x#y; cmd`, where `#` then starts a comment
// that hides the rest of the line); bash reads a plain word. An empty quoted string written
// before such a word keeps its value and makes the grammar read a word. A descriptor with
// leading zeros (`02>f`, bash's descriptor 2) is written without them, and `<>FILE` as `<> FILE`.
// A `==` or `=~` argument of a simple command makes the grammar read what follows as a regular
// expression, up to the end of the line and through `|` and `;` (`echo == x | sh`); bash passes
// the word on, so it is written after an empty quoted string too.
import type { Node } from "web-tree-sitter";

/** Characters after a name on which the grammar fails where bash continues the word. */
const NAME_TRIPS = new Set(["%", "@", "?", "#", ":", "[", '"', "'", "`"]);

/** Characters that end a word before a name, so that the name starts a word. */
const WORD_BREAKS = new Set([" ", "\t", "\n", ";", "|", "&", "(", ")", "{", "}"]);

/** Node types inside which the text is not read as shell words. */
const NOT_WORDS = new Set([
  "heredoc_body",
  "heredoc_content",
  "string",
  "raw_string",
  "arithmetic_expansion",
  "expansion",
  "test_command",
  "comment",
]);

function insideWordsOnly(node: Node): boolean {
  for (let up = node.parent; up !== null; up = up.parent) if (NOT_WORDS.has(up.type)) return false;
  return true;
}

/** One repair of `text` for the error node `error`, or null when it is not one of ours. */
function repairAt(text: string, error: Node): string | null {
  const parent = error.parent;
  // `02>f`: the grammar reads descriptor "" (or "0") and an error holding the digits.
  if (parent?.type === "file_redirect") {
    const descriptor = error.previousSibling;
    const start = descriptor?.type === "file_descriptor" ? descriptor.startIndex : error.startIndex;
    const digits = text.slice(start, error.endIndex);
    if (/^\d+$/.test(digits) && /^[<>]/.test(text.charAt(error.endIndex))) {
      const fd = digits.replace(/^0+(?=\d)/, "");
      if (fd !== digits) return text.slice(0, start) + fd + text.slice(error.endIndex);
    }
  }
  // `<>FILE`: the grammar reads an error `<` and a redirection `>FILE`; `<> FILE` it reads.
  if (error.text === "<" && text.charAt(error.endIndex) === ">" && insideWordsOnly(error))
    return `${text.slice(0, error.endIndex + 1)} ${text.slice(error.endIndex + 1)}`;
  if (!insideWordsOnly(error)) return null;
  for (const name of error.namedChildren) {
    if (name?.type !== "variable_name") continue;
    const before = name.startIndex === 0 ? " " : text.charAt(name.startIndex - 1);
    if (WORD_BREAKS.has(before) && NAME_TRIPS.has(text.charAt(name.endIndex)))
      return `${text.slice(0, name.startIndex)}''${text.slice(name.startIndex)}`;
  }
  return null;
}

/** The error nodes of a tree, in source order. */
function errors(node: Node, into: Node[]): Node[] {
  if (node.type === "ERROR") into.push(node);
  for (const child of node.children) if (child?.hasError) errors(child, into);
  return into;
}

/**
 * A rewrite of `text` (see the file comment) for the first error of its syntax tree `root`
 * that the rewrites know, or null when there is none.
 */
export function repairedSource(text: string, root: Node): string | null {
  for (const error of errors(root, [])) {
    const repaired = repairAt(text, error);
    if (repaired !== null) return repaired;
  }
  return null;
}

/**
 * Errors of the grammar on text bash reads without one, which the walker reads right: `<>`,
 * `<<<` after another redirection or a descriptor, and the command name it expects after
 * assignments followed by a redirection (`a=1 >f`).
 */
function tolerated(node: Node): boolean {
  if (node.type === "ERROR") {
    if (node.text === "<<") return node.nextSibling?.text.startsWith("<") === true;
    return (
      node.text === ">" &&
      node.parent?.type === "file_redirect" &&
      node.previousSibling?.type === "<"
    );
  }
  if (!node.isMissing || node.parent?.type !== "command_name") return false;
  const command = node.parent.parent;
  return (
    command?.type === "command" &&
    command.namedChildren.some((child) => child?.type === "variable_assignment")
  );
}

function hasUnknownError(node: Node): boolean {
  if (node.type === "ERROR" || node.isMissing) {
    if (!tolerated(node)) return true;
    if (node.isMissing) return false;
  }
  for (const child of node.children)
    if (child !== null && (child.hasError || child.isMissing) && hasUnknownError(child))
      return true;
  return false;
}

/** True when the tree holds an error other than those the walker is known to read right. */
export function hasSyntaxError(root: Node): boolean {
  return root.hasError && hasUnknownError(root);
}

/** The `==` and `=~` tokens the grammar read as operators inside simple commands. */
function operatorWords(node: Node, into: Node[]): Node[] {
  for (const child of node.children) {
    if (child === null) continue;
    const operator = child.type === "==" || child.type === "=~";
    if (operator && (node.type === "command" || (node.type === "ERROR" && insideWordsOnly(node))))
      into.push(child);
    else if (child.childCount > 0) operatorWords(child, into);
  }
  return into;
}

/** `text` with every `==` or `=~` argument of a simple command quoted, or null when none. */
export function quotedOperatorWords(text: string, root: Node): string | null {
  if (!text.includes("==") && !text.includes("=~")) return null;
  const found = operatorWords(root, []);
  if (found.length === 0) return null;
  let out = text;
  for (const token of found.reverse())
    out = `${out.slice(0, token.startIndex)}''${out.slice(token.startIndex)}`;
  return out;
}
