import type { Node } from "web-tree-sitter";
import type { Redirect, Script, Word } from "./shell-ir.js";
import { staticWord } from "./shell-ir.js";

/** What bash reads as the descriptor written before a redirection operator. */
const DESCRIPTOR = /^(?:\d+|\{[A-Za-z_][A-Za-z0-9_]*\})$/;

/** What reading a redirection needs from the walker. */
export interface RedirectContext {
  /** Evaluate a word node to the argv words it produces. */
  word(node: Node): Word[];
  /** Walk the statements of a here-document body; their commands are recorded as run. */
  walkNested(node: Node): Script;
}

/** The source offset of the newline that ends a here-document's start line, or -1. */
function bodyStart(node: Node, startEnd: number): number {
  if (startEnd < 0) return -1;
  const newline = node.text.indexOf("\n", startEnd - node.startIndex);
  return newline < 0 ? -1 : node.startIndex + newline;
}

/** True when a node the grammar put in a here-document redirect lies inside its body lines. */
function insideBody(child: Node, startEnd: number, end: Node | null | undefined): boolean {
  const start = bodyStart(child.parent ?? child, startEnd);
  if (start < 0 || end === null || end === undefined) return false;
  return child.startIndex >= start && child.endIndex <= end.startIndex;
}

/**
 * The here-document's text: the body the grammar read, or, when a line starting with `\` made
 * it read the body as words (`<<'SQL'⏎\! cmd⏎SQL`), the source lines between the start line
 * and the delimiter.
 */
function bodyText(
  node: Node,
  body: string,
  startEnd: number,
  end: Node | null | undefined,
): string {
  const start = bodyStart(node, startEnd);
  if (start < 0 || end === null || end === undefined) return body;
  const lines = node.text.slice(start + 1 - node.startIndex, end.startIndex - node.startIndex);
  return body.trim() === "" && lines.trim() !== "" ? lines : body;
}

/**
 * The digits the grammar put at the end of redirection `node` (`>f 0` in `>f 0>g`) when they
 * are the descriptor of the redirection right after it, or null.
 */
function descriptorOfNext(node: Node): Node | null {
  const digits = node.lastChild;
  const next = node.nextSibling;
  if (digits?.type !== "number" || next === null || !next.type.endsWith("_redirect")) return null;
  if (next.startIndex !== digits.endIndex || next.firstChild?.type === "file_descriptor")
    return null;
  // The digits must follow the redirection's own target.
  const target = node.namedChildren.find((child) => child?.type !== "file_descriptor");
  return target !== undefined && target?.id !== digits.id ? digits : null;
}

/**
 * Read one redirection into `out`. The grammar puts words that follow a redirection's target
 * inside the redirection node (`rm 2>/dev/null -rf /etc`); bash passes them to the command, so
 * they are added to `words`.
 */
export function readRedirect(
  node: Node,
  ctx: RedirectContext,
  out: Redirect[],
  after: Node[],
  words: Word[],
): void {
  if (node.type === "herestring_redirect") {
    const target = node.namedChildren.find(
      (child) => child !== null && child.type !== "file_descriptor",
    );
    const fd = node.namedChildren.find((child) => child?.type === "file_descriptor");
    // A here-string is not split into words: `<<< $(echo a b)` reads `a b`.
    const words = target ? ctx.word(target) : [];
    const first = words[0];
    out.push({
      op: "<<<",
      fd: fd?.text ?? null,
      target:
        words.length <= 1
          ? (first ?? null)
          : {
              text: words.map((word) => word.text).join(" "),
              dynamic: words.some((word) => word.dynamic),
              glob: false,
              substitutions: [...new Set(words.flatMap((word) => word.substitutions))],
              processSubstitution: false,
            },
      heredoc: null,
    });
    return;
  }
  if (node.type === "heredoc_redirect") {
    let body = "";
    let quoted = false;
    let fd: string | null = null;
    let startEnd = -1;
    const end = node.namedChildren.find((child) => child?.type === "heredoc_end");
    for (const child of node.namedChildren) {
      if (child === null) continue;
      if (child.type === "file_descriptor") fd = child.text;
      else if (child.type === "heredoc_start") {
        quoted = /['"\\]/.test(child.text);
        startEnd = child.endIndex;
      } else if (child.type === "heredoc_body") {
        body = child.text;
        if (!quoted) ctx.walkNested(child);
      } else if (child.type === "heredoc_end") continue;
      else if (child.type.endsWith("_redirect")) readRedirect(child, ctx, out, after, words);
      else if (!insideBody(child, startEnd, end)) after.push(child);
    }
    out.push({ op: "<<", fd, target: null, heredoc: bodyText(node, body, startEnd, end) });
    return;
  }
  let op = "";
  const previous = node.previousSibling;
  let fd: string | null =
    previous?.type.endsWith("_redirect") === true
      ? (descriptorOfNext(previous)?.text ?? null)
      : null;
  let target: Word | null = null;
  const nextDescriptor = descriptorOfNext(node);
  for (const child of node.children) {
    if (child === null || child.id === nextDescriptor?.id) continue;
    // The grammar does not know `N<<<WORD` and reads its first `<<` as an error.
    if (child.type === "ERROR" && child.text === "<<" && target === null) op += "<<";
    // Nor `N<> FILE` (open for reading and writing): it reads `<`, an error `>`, the file.
    else if (child.type === "ERROR" && child.text === ">" && op === "<" && target === null)
      op = "<>";
    else if (!child.isNamed) op += child.type;
    else if (child.type === "file_descriptor") {
      // Only an all-digit word (or `{name}`) before the operator names a descriptor: bash
      // passes `-v1` in `echo -v1>&2` to the command as an argument.
      if (DESCRIPTOR.test(child.text)) fd = child.text;
      else words.push(staticWord(child.text));
    } else if (target === null) target = ctx.word(child)[0] ?? null;
    else words.push(...ctx.word(child));
  }
  // `N>& -` closes the descriptor like `N>&-`.
  if ((op === ">&" || op === "<&") && target?.text === "-" && !target.dynamic) {
    out.push({ op: `${op}-`, fd, target: null, heredoc: null });
    return;
  }
  // The grammar reads `N<>FILE` (open for reading and writing) as `<` with target `>`.
  const readWrite = /^(\d*)<>\s*(\S+)/.exec(node.text);
  if (readWrite !== null && target?.text === ">") {
    out.push({
      op: "<>",
      fd: readWrite[1] || fd,
      target: staticWord(readWrite[2] ?? ""),
      heredoc: null,
    });
    return;
  }
  out.push({ op, fd, target, heredoc: null });
}
