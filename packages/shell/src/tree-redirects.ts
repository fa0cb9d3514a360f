import type { Node } from "web-tree-sitter";
import type { Redirect, Script, Word } from "./shell-ir.js";
import { staticWord } from "./shell-ir.js";

/** What reading a redirection needs from the walker. */
export interface RedirectContext {
  /** Evaluate a word node to the argv words it produces. */
  word(node: Node): Word[];
  /** Walk the statements of a here-document body; their commands are recorded as run. */
  walkNested(node: Node): Script;
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
    for (const child of node.namedChildren) {
      if (child === null) continue;
      if (child.type === "file_descriptor") fd = child.text;
      else if (child.type === "heredoc_start") quoted = /['"\\]/.test(child.text);
      else if (child.type === "heredoc_body") {
        body = child.text;
        if (!quoted) ctx.walkNested(child);
      } else if (child.type === "heredoc_end") continue;
      else if (child.type.endsWith("_redirect")) readRedirect(child, ctx, out, after, words);
      else after.push(child);
    }
    out.push({ op: "<<", fd, target: null, heredoc: body });
    return;
  }
  let op = "";
  let fd: string | null = null;
  let target: Word | null = null;
  for (const child of node.children) {
    if (child === null) continue;
    // The grammar does not know `N<<<WORD` and reads its first `<<` as an error.
    if (child.type === "ERROR" && child.text === "<<" && target === null) op += "<<";
    else if (!child.isNamed) op += child.type;
    else if (child.type === "file_descriptor") fd = child.text;
    else if (target === null) target = ctx.word(child)[0] ?? null;
    else words.push(...ctx.word(child));
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
