import path from "node:path";
import type { FileAccess, TreeEntry } from "../access/file-access.js";
import { rootIgnoreScope, type IgnoreScope } from "./gitignore-rules.js";
import {
  byPath,
  MAX_LINE_TEXT,
  type EngineResult,
  type FileHit,
  type LineHit,
  type SearchRequest,
  sortFileHits,
} from "./search-types.js";
import { nameMatcher } from "./name-matcher.js";

const READ_CONCURRENCY = 32;

/** Files under the root that ripgrep would search: not hidden, not ignored, not symlinks. */
async function listFiles(
  access: FileAccess,
  root: string,
  signal?: AbortSignal,
): Promise<{ file: string; mtimeMs: number }[]> {
  const children = await access.openTree(root);
  const files: { file: string; mtimeMs: number }[] = [];
  const visit = async (relativeDir: string, rules: IgnoreScope): Promise<void> => {
    if (signal?.aborted === true) return;
    const entries: TreeEntry[] = await children(relativeDir);
    let scopeHere = rules;
    if (
      relativeDir !== "" &&
      entries.some((entry) => entry.name === ".gitignore" && entry.kind === "file")
    ) {
      const text = await access
        .readBytes(path.posix.join(root, relativeDir, ".gitignore"))
        .then((bytes) => new TextDecoder().decode(bytes))
        .catch(() => undefined);
      scopeHere = rules.child(relativeDir, text);
    }
    const subdirectories: string[] = [];
    for (const entry of entries) {
      if (entry.name.startsWith(".")) continue;
      const relative = relativeDir === "" ? entry.name : `${relativeDir}/${entry.name}`;
      if (entry.kind === "directory") {
        if (!scopeHere.ignores(`${relative}/`)) subdirectories.push(relative);
      } else if (entry.kind === "file" && !scopeHere.ignores(relative)) {
        files.push({ file: relative, mtimeMs: entry.mtimeMs });
      }
    }
    for (const sub of subdirectories) await visit(sub, scopeHere);
  };
  await visit("", await rootIgnoreScope(access, root));
  return files;
}

function compile(request: SearchRequest): RegExp | string {
  const pattern =
    request.fixedStrings === true
      ? request.pattern.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
      : request.pattern;
  const flags = request.ignoreCase === true ? "i" : "";
  try {
    return new RegExp(pattern, `${flags}u`);
  } catch {
    try {
      return new RegExp(pattern, flags);
    } catch (error) {
      return `Search failed: regex parse error: ${(error as Error).message}`;
    }
  }
}

function scanLines(
  file: string,
  text: string,
  regex: RegExp,
  context: number,
  hits: LineHit[],
  counts: Map<string, number>,
): void {
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  const matched: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (regex.test(lines[i] ?? "")) matched.push(i);
  }
  if (matched.length === 0) return;
  counts.set(file, matched.length);
  const isMatch = new Set(matched);
  const shown = new Set<number>();
  for (const i of matched) {
    for (let k = Math.max(0, i - context); k <= Math.min(lines.length - 1, i + context); k++)
      shown.add(k);
  }
  for (const i of [...shown].sort((a, b) => a - b)) {
    const raw = (lines[i] ?? "").replace(/\r$/, "");
    hits.push({ file, line: i + 1, text: raw.slice(0, MAX_LINE_TEXT), isContext: !isMatch.has(i) });
  }
}

/**
 * The search without ripgrep: walk the tree (hidden entries skipped, .gitignore respected,
 * symlinks not followed), match names with picomatch, scan text files line by line.
 * Same results, in the same order, as the ripgrep engine.
 */
export async function searchWithNode(
  access: FileAccess,
  request: SearchRequest,
): Promise<EngineResult> {
  const files = request.rootIsFile
    ? [{ file: "", mtimeMs: (await access.stat(request.root))?.mtimeMs ?? 0 }]
    : await listFiles(access, request.root, request.signal);
  if (request.target === "files") {
    const matches = nameMatcher(request.pattern);
    const hits: FileHit[] = sortFileHits(
      files.filter(({ file }) => matches(file === "" ? path.posix.basename(request.root) : file)),
      request.order,
    );
    return { kind: "files", hits };
  }
  const regex = compile(request);
  if (typeof regex === "string") return { kind: "error", message: regex };
  const glob = request.fileGlob === undefined ? undefined : nameMatcher(request.fileGlob);
  const candidates = files
    .filter(({ file }) => glob === undefined || request.rootIsFile || glob(file))
    .map(({ file }) => file)
    .sort(byPath);
  const texts = new Array<string | undefined>(candidates.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < candidates.length && request.signal?.aborted !== true) {
      const index = next++;
      const file = candidates[index] ?? "";
      const bytes = await access
        .readBytes(file === "" ? request.root : path.posix.join(request.root, file))
        .catch(() => undefined);
      // ripgrep skips a file with a NUL byte as binary; other bytes are searched as text.
      if (bytes === undefined || bytes.includes(0)) continue;
      texts[index] = new TextDecoder().decode(bytes).replace(/^\ufeff/, "");
    }
  };
  await Promise.all(Array.from({ length: READ_CONCURRENCY }, worker));
  const hits: LineHit[] = [];
  const counts = new Map<string, number>();
  candidates.forEach((file, index) => {
    const text = texts[index];
    if (text !== undefined) scanLines(file, text, regex, request.context, hits, counts);
  });
  return { kind: "lines", hits, matchCounts: counts };
}
