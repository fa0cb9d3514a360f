// One simple command: its assignments, words and redirections, with the words the grammar
// splits or joins unlike bash put back together.
import type { Node } from "web-tree-sitter";
import { tokenizeScript } from "./fallback-tokenizer.js";
import { nameOperands } from "./name-operands.js";
import {
  staticWord,
  type Redirect,
  type SimpleCommand,
  type Stage,
  type Word,
} from "./shell-ir.js";
import { withKnownVariables } from "./temp-paths.js";
import { readAssignment } from "./tree-assignments.js";
import { readRedirect } from "./tree-redirects.js";
import type { Assignment, TreeWalk } from "./tree-walk.js";

/**
 * Where an escaped blank (`\ `) that starts a word lies in the source between two nodes of a
 * command, or -1.
 */
function escapedBlankStart(node: Node, from: number, to: number): number {
  if (to - from < 2) return -1;
  const gap = node.text.slice(from - node.startIndex, to - node.startIndex);
  for (let i = 0; i + 1 < gap.length; i++) {
    const next = gap.charAt(i + 1);
    if (gap.charAt(i) !== "\\") continue;
    if (next !== " " && next !== "\t") {
      i++;
      continue;
    }
    const before = i === 0 ? "" : gap.charAt(i - 1);
    if (before === " " || before === "\t") return from + i;
  }
  return -1;
}

/** Operators that give a command its standard input. */
const INPUT_OPERATORS = new Set(["<", "<<", "<<-", "<<<", "<&", "<>"]);

/** True when a redirection sets standard input (descriptor 0). */
export function readsStandardInput(redirect: Redirect): boolean {
  return INPUT_OPERATORS.has(redirect.op) && (redirect.fd === null || redirect.fd === "0");
}

/** Operators that end a command (the grammar reads them as errors after assignments). */
const COMMAND_ENDS = new Set([";", "&", "&&", "||", "|", "|&"]);

/** A blank not escaped by a backslash. */
const UNESCAPED_BLANK = /(?:^|[^\\])[ \t]/;

/** The words of a word node holding unescaped blanks. */
function splitAtBlanks(text: string, w: TreeWalk): readonly Word[] {
  if (/[\\'"$`]/.test(text)) return tokenizeScript(text, w.scope).commands[0]?.words ?? [];
  return text
    .split(/[ \t]+/)
    .filter((part) => part !== "")
    .map((part) => ({ ...staticWord(part), glob: /[*?]|\[.*\]/.test(part) }));
}

/** True when only line continuations (`\\⏎`) separate two word nodes of a command. */
function continuesWord(node: Node, end: number, start: number): boolean {
  if (end < 0 || start <= end) return false;
  return /^(?:\\\n)+$/.test(node.text.slice(end - node.startIndex, start - node.startIndex));
}

/**
 * Read the simple command `node`: `redirects` (read after it by the caller) follow its own,
 * `trailing` words follow its words, `prefix` assignments come first, and nodes the grammar put inside it that follow it are
 * added to `after`.
 */
export function readCommand(
  w: TreeWalk,
  node: Node,
  redirects: Redirect[],
  upstream: readonly Stage[],
  after: Node[],
  trailing: readonly Word[] = [],
  prefix: readonly Assignment[] = [],
  from = 0,
): SimpleCommand {
  const assignments: Assignment[] = [];
  const words: Word[] = [];
  // Redirections written inside the command come before those the caller read after it.
  const own: Redirect[] = [];
  // Start (in the source), end and first argv index of the word being read, to join words
  // the grammar split in two (`rm$IFS-rf$IFS/etc` comes back as `-rf$` and `IFS/etc`).
  let runStart = 0;
  let runEnd = -1;
  let runIndex = 0;
  const children = node.children;
  let previousEnd = from > 0 ? (children[from - 1]?.endIndex ?? node.startIndex) : node.startIndex;
  for (let index = from; index < children.length; index++) {
    const child = children[index];
    if (child === null || child === undefined || child.type === "comment") continue;
    // `a=1 >f | cmd`: after assignments and redirections only, the grammar reads a list or
    // pipeline operator as an error and the next command's words as this command's.
    const operator = child.type === "ERROR" ? child.text : "";
    if (words.length === 0 && COMMAND_ENDS.has(operator)) {
      const first: SimpleCommand = {
        assignments: [...prefix, ...assignments],
        words,
        redirects: own,
        upstream: upstream.length > 0 ? upstream : w.inherited,
      };
      w.emit(first);
      if (operator === "&") w.background = true;
      const piped = operator === "|" || operator === "|&";
      const next = piped ? [...upstream, first] : [];
      return readCommand(w, node, redirects, next, after, trailing, [], index + 1);
    }
    // The grammar reads a `==` or `=~` word as an operator token; bash passes it on.
    if (!child.isNamed && child.type !== "==" && child.type !== "=~") continue;
    const gapEnd = previousEnd;
    previousEnd = child.endIndex;
    const numeric = child.type === "number" || child.type === "command_name";
    if (numeric && w.descriptorEnds.has(child.endIndex)) continue;
    if (child.type === "variable_assignment") {
      const assigned = readAssignment(w, child);
      if (assigned) assignments.push(assigned);
      runEnd = -1;
      continue;
    }
    if (child.type.endsWith("_redirect")) {
      readRedirect(child, w, own, after, words);
      runEnd = -1;
      continue;
    }
    // The grammar skips an escaped blank before a word (`\ x`); bash starts the word with it.
    const escaped = escapedBlankStart(node, gapEnd, child.startIndex);
    if (escaped >= 0) {
      runStart = escaped;
      runEnd = escaped;
      runIndex = words.length;
    }
    if (
      runEnd === child.startIndex ||
      escaped >= 0 ||
      continuesWord(node, runEnd, child.startIndex)
    ) {
      // A backslash-newline is removed before bash splits words: `r\⏎m` is `rm`.
      const text = node.text
        .slice(runStart - node.startIndex, child.endIndex - node.startIndex)
        .replace(/\\\n/g, "");
      words.length = runIndex;
      words.push(...(tokenizeScript(text, w.scope).commands[0]?.words ?? []));
      runEnd = child.endIndex;
      continue;
    }
    runStart = child.startIndex;
    runEnd = child.endIndex;
    runIndex = words.length;
    // The grammar reads `[ {` or `} }` as one word; bash splits it at the blank.
    if (child.type === "word" && UNESCAPED_BLANK.test(child.text)) {
      words.push(...splitAtBlanks(child.text, w));
      continue;
    }
    if (child.type === "command_name") {
      // `a=1 >f` has no command name: the grammar puts a missing one there.
      const inner = child.namedChildren[0];
      if (inner && !inner.isMissing) words.push(...w.word(inner));
    } else if (!child.isNamed) words.push(staticWord(child.text));
    else words.push(...w.word(child));
  }
  words.push(...trailing);
  // A trap handler or eval string runs later in this same shell, with this shell's variables.
  if (words[0]?.text === "trap" || words[0]?.text === "eval")
    for (let i = 1; i < words.length; i++) {
      const word = words[i] as Word;
      const text = withKnownVariables(word.text, w.scope);
      if (text !== word.text) words[i] = { ...word, text };
    }
  if (words[0]?.text === "let") for (const word of words.slice(1)) w.arithmetic(word.text);
  for (const name of nameOperands(words.map((word) => word.text))) w.nameSubscript(name);
  const all = own.length === 0 ? redirects : [...own, ...redirects];
  const inherited = w.inheritedInput.length > 0 && !all.some(readsStandardInput);
  return {
    assignments: prefix.length === 0 ? assignments : [...prefix, ...assignments],
    words,
    redirects: inherited ? [...w.inheritedInput, ...all] : all,
    upstream: upstream.length > 0 ? upstream : w.inherited,
  };
}
