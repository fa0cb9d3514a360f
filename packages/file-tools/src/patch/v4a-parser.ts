/** One line of a hunk: context (" "), removed ("-") or added ("+"). */
export interface HunkLine {
  readonly prefix: " " | "-" | "+";
  readonly text: string;
}

/** A run of lines after an optional `@@ hint @@`. */
export interface Hunk {
  readonly hint: string | undefined;
  readonly lines: HunkLine[];
}

/** One file operation of a V4A patch. */
export type PatchOperation =
  | { readonly kind: "update"; readonly path: string; readonly hunks: Hunk[] }
  | { readonly kind: "add"; readonly path: string; readonly hunks: Hunk[] }
  | { readonly kind: "delete"; readonly path: string }
  | { readonly kind: "move"; readonly path: string; readonly to: string };

const BEGIN = /^\*\*\*\s*Begin\s+Patch\s*$/;
const END = /^\*\*\*\s*End\s+Patch\s*$/;
const UPDATE = /^\*\*\*\s*Update\s+File:\s*(.+)$/;
const ADD = /^\*\*\*\s*Add\s+File:\s*(.+)$/;
const DELETE = /^\*\*\*\s*Delete\s+File:\s*(.+)$/;
const MOVE = /^\*\*\*\s*Move\s+File:\s*(.+?)\s*->\s*(.*)$/;
const END_OF_FILE = /^\*\*\*\s*End\s+of\s+File\s*$/;
const MOVE_TO = /^\*\*\*\s*Move\s+to:\s*(.*)$/;
const HINT = /^@@\s*(.+?)\s*@@/;

/** Every file path a V4A patch names (update, add, delete, both ends of a move). */
export function patchPaths(operations: readonly PatchOperation[]): string[] {
  return operations.flatMap((op) => (op.kind === "move" ? [op.path, op.to] : [op.path]));
}

/**
 * Parse a V4A patch (`*** Begin Patch` … `*** End Patch`): Update/Add/Delete/Move File
 * operations, `@@ hint @@` hunks, " "/"-"/"+" lines (a line without a prefix is context).
 * Markers count only on a line of their own; CRLF is tolerated.
 */
export function parseV4aPatch(
  patch: string,
): { operations: PatchOperation[]; error?: undefined } | { operations?: undefined; error: string } {
  const lines = patch.split("\n").map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line));
  let start = -1;
  let end = lines.length;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    if (BEGIN.test(line)) start = i;
    else if (END.test(line)) {
      end = i;
      break;
    }
  }
  const operations: PatchOperation[] = [];
  const errors: string[] = [];
  let current: Extract<PatchOperation, { hunks: Hunk[] }> | undefined;
  let hunk: Hunk | undefined;
  const flushHunk = (): void => {
    if (current !== undefined && hunk !== undefined && hunk.lines.length > 0)
      current.hunks.push(hunk);
    hunk = undefined;
  };
  const flush = (): void => {
    flushHunk();
    if (current !== undefined) operations.push(current);
    current = undefined;
  };
  for (const line of lines.slice(start + 1, end)) {
    const update = UPDATE.exec(line);
    const add = ADD.exec(line);
    const remove = DELETE.exec(line);
    const move = MOVE.exec(line);
    if (update !== null || add !== null) {
      flush();
      const file = ((update ?? add)?.[1] ?? "").trim();
      current = { kind: update !== null ? "update" : "add", path: file, hunks: [] };
      if (add !== null) hunk = { hint: undefined, lines: [] };
    } else if (remove !== null) {
      flush();
      operations.push({ kind: "delete", path: (remove[1] ?? "").trim() });
    } else if (move !== null) {
      flush();
      operations.push({ kind: "move", path: (move[1] ?? "").trim(), to: (move[2] ?? "").trim() });
    } else if (END_OF_FILE.test(line)) {
      continue;
    } else if (MOVE_TO.test(line) && current !== undefined) {
      const to = (MOVE_TO.exec(line)?.[1] ?? "").trim();
      errors.push(
        `'*** Move to: ${to}' is not supported; rename with '*** Move File: ${current.path} -> ${to}' ` +
          "and put any edits in their own '*** Update File:' block",
      );
    } else if (line.startsWith("@@")) {
      if (current !== undefined) {
        flushHunk();
        hunk = { hint: HINT.exec(line)?.[1], lines: [] };
      }
    } else if (current !== undefined && line !== "") {
      hunk ??= { hint: undefined, lines: [] };
      const first = line.charAt(0);
      if (first === "+" || first === "-" || first === " ") {
        hunk.lines.push({ prefix: first, text: line.slice(1) });
      } else if (first !== "\\") {
        hunk.lines.push({ prefix: " ", text: line });
      }
    }
  }
  flush();
  for (const op of operations) {
    if (op.path === "") errors.push("Operation with empty file path");
    if (op.kind === "update" && op.hunks.length === 0)
      errors.push(`UPDATE '${op.path}': no hunks found`);
    if (op.kind === "move" && op.to === "") {
      errors.push(`MOVE '${op.path}': missing destination path (expected 'src -> dst')`);
    }
  }
  if (errors.length > 0) return { error: `Parse error: ${errors.join("; ")}` };
  return { operations };
}

/** The text a hunk expects to find (context and removed lines) and what replaces it. */
export function hunkTexts(hunk: Hunk): { search: string[]; replace: string[] } {
  return {
    search: hunk.lines.filter((line) => line.prefix !== "+").map((line) => line.text),
    replace: hunk.lines.filter((line) => line.prefix !== "-").map((line) => line.text),
  };
}
