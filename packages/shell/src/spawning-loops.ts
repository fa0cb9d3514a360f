import type { Node } from "web-tree-sitter";

/** A loop whose body sends commands to the background: endless, or with a bounded count. */
export type SpawningLoop = "endless" | "bounded";

const LOOPS = new Set([
  "while_statement",
  "until_statement",
  "for_statement",
  "c_style_for_statement",
]);
const ALWAYS_TRUE =
  /^(?:true|:|\/(?:usr\/)?bin\/true|\[\s*1\s*\]|\[\[\s*1\s*\]\]|\(\(\s*1\s*\)\))$/;
const ALWAYS_FALSE = /^(?:false|\/(?:usr\/)?bin\/false|!\s*true|!\s*:)$/;

function backgroundsSomething(node: Node): boolean {
  for (const child of node.children) {
    if (child === null) continue;
    if (!child.isNamed && child.type === "&") return true;
    if (child.type === "function_definition" || child.type === "command_substitution") continue;
    if (backgroundsSomething(child)) return true;
  }
  return false;
}

function endless(node: Node): boolean {
  if (node.type === "c_style_for_statement") return node.childForFieldName("condition") === null;
  if (node.type === "for_statement") return false;
  const conditions = node.childrenForFieldName("condition").filter((child) => child?.isNamed);
  // tree-sitter-bash parses `until` as a while_statement whose first token is `until`.
  const test = node.child(0)?.type === "until" ? ALWAYS_FALSE : ALWAYS_TRUE;
  return conditions.length > 0 && conditions.every((child) => test.test(child?.text.trim() ?? ""));
}

// Commands that make each pass wait (a foreground `sleep 1` or `wait` throttles the loop).
const THROTTLES = /^(?:sleep|wait|read|inotifywait|usleep|timeout)$/;

function throttled(body: Node): boolean {
  const children = body.children;
  for (let i = 0; i < children.length; i++) {
    const child = children[i];
    if (child === null || child === undefined || !child.isNamed) continue;
    if (children[i + 1]?.type === "&") continue;
    const name = child.type === "command" ? (child.childForFieldName("name")?.text ?? "") : "";
    if (THROTTLES.test(name.replace(/^.*\//, ""))) return true;
  }
  return false;
}

/**
 * Whether a syntax node is a loop that starts background jobs on each pass
 * (`while true; do cmd & done`), and whether it ever ends; null for anything else.
 */
export function spawningLoopOf(node: Node): SpawningLoop | null {
  if (!LOOPS.has(node.type)) return null;
  const body = node.childForFieldName("body");
  if (body === null || !backgroundsSomething(body) || throttled(body)) return null;
  return endless(node) || passCount(node) >= FLOOD_PASSES ? "endless" : "bounded";
}

/** Passes from which a loop that backgrounds a job on each one floods the process table. */
const FLOOD_PASSES = 1000;

/** The number of passes a loop header states (`{1..N}`, `$(seq N)`, `i<N`), or 0. */
function passCount(node: Node): number {
  const body = node.childForFieldName("body");
  const header = node.text.slice(0, body === null ? undefined : body.startIndex - node.startIndex);
  const range = /\{\s*(-?\d+)\s*\.\.\s*(-?\d+)(?:\.\.-?\d+)?\s*\}/.exec(header);
  if (range !== null) return Math.abs(Number(range[2]) - Number(range[1])) + 1;
  const seq = /\bseq\s+(?:-\S+\s+)*(?:(-?\d+)\s+(?:-?\d+\s+)?)?(\d+)\s*[)`]/.exec(header);
  if (seq !== null) return Number(seq[2]) - Number(seq[1] ?? 1) + 1;
  const bound = /;\s*\(?\s*\w+\s*<=?\s*(\d+)\s*;/.exec(header);
  return bound === null ? 0 : Number(bound[1]);
}

// Commands that leave the loop (a pass that can end it makes the loop not endless).
const EXITS = /^(?:break|exit|return|exec|kill|logout)$/;
// Commands that create a file system entry or grow a file on every pass.
const CREATORS = /^(?:mkdir|touch|fallocate|truncate|dd|cp|ln|mktemp|mkfifo|tee|git)$/;

function commandNames(node: Node, out: string[]): void {
  for (const child of node.namedChildren) {
    if (child === null || child.type === "function_definition") continue;
    if (child.type === "command") {
      const name = child.childForFieldName("name")?.text ?? "";
      out.push(name.replace(/^.*\//, ""));
    }
    commandNames(child, out);
  }
}

function writesFiles(node: Node): boolean {
  for (const child of node.namedChildren) {
    if (child === null) continue;
    if (child.type === "file_redirect") {
      const text = child.text;
      if (/^\d*(?:>>?|&>>?|>\|)/.test(text) && !/\/dev\/(?:null|stdout|stderr)\s*$/.test(text))
        return true;
    }
    if (writesFiles(child)) return true;
  }
  return false;
}

/**
 * An endless loop that never waits and has no way out (`while :; do :; done`): `growing` when
 * every pass also creates a file system entry or writes a file (`while true; do mkdir -p x &&
 * cd x; done` nests directories until the file system gives up), `busy` otherwise; null for
 * anything else.
 */
export function endlessLoopOf(node: Node): "busy" | "growing" | null {
  if (!LOOPS.has(node.type) || !endless(node)) return null;
  const body = node.childForFieldName("body");
  if (body === null || throttled(body)) return null;
  const names: string[] = [];
  commandNames(body, names);
  if (names.some((name) => EXITS.test(name) || THROTTLES.test(name))) return null;
  return names.some((name) => CREATORS.test(name)) || writesFiles(body) ? "growing" : "busy";
}
