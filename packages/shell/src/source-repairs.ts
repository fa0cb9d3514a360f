// Rewrites of a line the grammar cannot parse into one it can, with the same meaning to bash.
// The grammar reads a word that starts like a variable name as the start of an assignment and
// fails on what follows (`x%s a`, `x@ b`, `x?a c`, `x#y; cmd`, where `#` then starts a comment
// that hides the rest of the line); bash reads a plain word. An empty quoted string written
// before such a word keeps its value and makes the grammar read a word. A descriptor with
// leading zeros (`02>f`, bash's descriptor 2) is written without them, and `<>FILE` as `<> FILE`.
// A `==` or `=~` argument of a simple command makes the grammar read what follows as a regular
// expression, up to the end of the line and through `|` and `;` (`echo == x | sh`); bash passes
// the word on, so it is written after an empty quoted string too. `2>&- x` is written `2>& - x`.
import type { Node } from "web-tree-sitter";

/** Characters after a name on which the grammar fails where bash continues the word. */
const NAME_TRIPS = new Set(["%", "@", "?", "#", ":", "[", '"', "'", "`"]);

/** Characters that end a word before a name, so that the name starts a word. */
const WORD_BREAKS = new Set([" ", "\t", "\n", ";", "|", "&", "(", ")", "{", "}"]);

/** Operators the grammar reads as an error after a command of only assignments. */
const COMMAND_ENDS = new Set([";", "&", "&&", "||", "|", "|&"]);

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
  if (!insideWordsOnly(error)) return null;
  // `02>f`: the grammar reads an error where the digits are (in the redirection, or around
  // the whole command when more follows).
  const candidates = [error, ...error.descendantsOfType("file_descriptor")];
  const previous = error.previousSibling;
  if (previous?.type === "file_descriptor") candidates.push(previous);
  for (const candidate of candidates) {
    if (candidate === null) continue;
    const start = candidate.startIndex;
    const digits = /^0+\d*(?=[<>])/.exec(text.slice(start, start + 24))?.[0];
    const before = start === 0 ? " " : text.charAt(start - 1);
    if (digits === undefined || digits.length < 2 || !WORD_BREAKS.has(before)) continue;
    const fd = digits.replace(/^0+(?=\d)/, "");
    return text.slice(0, start) + fd + text.slice(start + digits.length);
  }
  // `<>FILE`: the grammar reads an error `<` and a redirection `>FILE`; `<> FILE` it reads.
  if (error.text === "<" && text.charAt(error.endIndex) === ">")
    return `${text.slice(0, error.endIndex + 1)} ${text.slice(error.endIndex + 1)}`;
  for (const name of [error.previousSibling, ...error.namedChildren]) {
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
    if (node.parent?.type === "command" && COMMAND_ENDS.has(node.text)) {
      // `a=1 >f | cmd`: an operator after assignments and redirections only.
      for (
        let before = node.previousNamedSibling;
        before !== null;
        before = before.previousNamedSibling
      )
        if (before.type !== "variable_assignment" && !before.type.endsWith("_redirect"))
          return false;
      return true;
    }
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

/** A text insertion: `text` goes in at `at`. */
interface Insertion {
  readonly at: number;
  readonly text: string;
}

/** Tokens the grammar misreads in any tree, found by their text. */
const MISREAD_TOKENS = /==|=~|[<>]&-/g;

/**
 * Insertions for the tokens the grammar misreads in any tree: `==` and `=~` in a simple
 * command (an empty quoted string before them), and `>&-` or `<&-` followed by more words
 * (the grammar takes the next word for their target: `rm 2>&- -rf x`; a blank before the `-`,
 * which bash reads the same). Only the nodes at the places the text holds them are looked at.
 */
function tokenInsertions(text: string, root: Node): Insertion[] {
  const into: Insertion[] = [];
  for (const match of text.matchAll(MISREAD_TOKENS)) {
    const token = root.descendantForIndex(match.index, match.index + match[0].length);
    if (token === null || token.startIndex !== match.index) continue;
    const type = token.type;
    const parent = token.parent;
    if (type === "==" || type === "=~") {
      if (parent?.type === "command" || (parent?.type === "ERROR" && insideWordsOnly(parent)))
        into.push({ at: token.startIndex, text: "''" });
    } else if ((type === ">&-" || type === "<&-") && token.nextSibling !== null)
      into.push({ at: token.endIndex - 1, text: " " });
  }
  return into;
}

/** `text` with the tokens of `tokenInsertions` rewritten, or null when it has none. */
export function rewrittenTokens(text: string, root: Node): string | null {
  if (!text.includes("==") && !text.includes("=~") && !text.includes("&-")) return null;
  const found = tokenInsertions(text, root);
  if (found.length === 0) return null;
  let out = text;
  for (const { at, text: inserted } of found.reverse())
    out = out.slice(0, at) + inserted + out.slice(at);
  return out;
}
