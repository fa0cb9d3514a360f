import path from "node:path";
import type { FileAccess } from "../access/file-access.js";
import { nameMatcher } from "./name-matcher.js";
import {
  byPath,
  MAX_LINE_TEXT,
  type EngineResult,
  type FileHit,
  type LineHit,
  type SearchRequest,
  sortFileHits,
} from "./search-types.js";

/**
 * Flags that make ripgrep see what the Node engine sees: .gitignore files only (also
 * outside git repositories), no global or .ignore/.rgignore files, no user config.
 */
const PARITY_FLAGS = [
  "--no-config",
  "--no-require-git",
  "--no-ignore-dot",
  "--no-ignore-exclude",
  "--no-ignore-global",
  "--color=never",
];

interface RgMessage {
  readonly type: string;
  readonly data?: {
    readonly path?: { readonly text?: string };
    readonly lines?: { readonly text?: string };
    readonly line_number?: number;
  };
}

function relativeFromRg(printed: string): string {
  return printed.startsWith("./") ? printed.slice(2) : printed === "." ? "" : printed;
}

function parseJsonLines(
  stdout: string,
  rootIsFile: boolean,
  keep: ((file: string) => boolean) | undefined,
): { hits: LineHit[]; counts: Map<string, number> } {
  const perFile = new Map<string, LineHit[]>();
  const counts = new Map<string, number>();
  for (const line of stdout.split("\n")) {
    if (!line.startsWith("{")) continue;
    let message: RgMessage;
    try {
      message = JSON.parse(line) as RgMessage;
    } catch {
      continue;
    }
    if (message.type !== "match" && message.type !== "context") continue;
    const printed = message.data?.path?.text;
    const number = message.data?.line_number;
    if (printed === undefined || number === undefined) continue;
    const file = rootIsFile ? "" : relativeFromRg(printed);
    if (keep !== undefined && !keep(file)) continue;
    const text = (message.data?.lines?.text ?? "").replace(/\r?\n$/, "").replace(/\r$/, "");
    const isContext = message.type === "context";
    if (!isContext) counts.set(file, (counts.get(file) ?? 0) + 1);
    const list = perFile.get(file) ?? [];
    if (!perFile.has(file)) perFile.set(file, list);
    list.push({ file, line: number, text: text.slice(0, MAX_LINE_TEXT), isContext });
  }
  const hits: LineHit[] = [];
  const sortedCounts = new Map<string, number>();
  for (const file of [...perFile.keys()].sort(byPath)) {
    hits.push(...(perFile.get(file) ?? []).sort((a, b) => a.line - b.line));
    const count = counts.get(file);
    if (count !== undefined) sortedCounts.set(file, count);
  }
  return { hits, counts: sortedCounts };
}

function diagnostics(stderr: string, stdout: string): string {
  const text = (stderr.trim() || stdout.trim() || "Search error").split("\n");
  return text
    .filter((line) => line.trim() !== "")
    .slice(0, 8)
    .join("\n");
}

/** Search with ripgrep in the environment; undefined when ripgrep is not installed there. */
export async function searchWithRipgrep(
  access: FileAccess,
  request: SearchRequest,
): Promise<EngineResult | undefined> {
  const cwd = request.rootIsFile ? path.posix.dirname(request.root) : request.root;
  const target = request.rootIsFile ? path.posix.basename(request.root) : ".";
  if (request.target === "files") {
    // Globs are matched here, not with --glob: ripgrep's globs override .gitignore.
    const listed = await access.ripgrep(
      [...PARITY_FLAGS, "--files", "--null", "--", target],
      cwd,
      request.signal,
    );
    if (listed === undefined) return undefined;
    if (listed.exitCode === 2 && listed.stdout === "") {
      return {
        kind: "error",
        message: `Search failed: ${diagnostics(listed.stderr, listed.stdout)}`,
      };
    }
    const matches = nameMatcher(request.pattern);
    const files = listed.stdout
      .split("\0")
      .filter((file) => file !== "")
      .map(relativeFromRg)
      .filter((file) => matches(request.rootIsFile ? path.posix.basename(request.root) : file));
    // Modification times only when the order needs them (one stat per match otherwise saved).
    const times =
      request.order === "modified"
        ? await access.mtimes(cwd, request.rootIsFile ? [target] : files)
        : [];
    const hits: FileHit[] = files.map((file, i) => ({
      file: request.rootIsFile ? "" : file,
      mtimeMs: times[i] ?? 0,
    }));
    return { kind: "files", hits: sortFileHits(hits, request.order) };
  }
  const args = [...PARITY_FLAGS, "--json"];
  if (request.ignoreCase === true) args.push("--ignore-case");
  if (request.fixedStrings === true) args.push("--fixed-strings");
  if (request.context > 0) args.push("--context", String(request.context));
  args.push("--regexp", request.pattern, "--", target);
  const output = await access.ripgrep(args, cwd, request.signal);
  if (output === undefined) return undefined;
  const glob =
    request.fileGlob === undefined || request.rootIsFile
      ? undefined
      : nameMatcher(request.fileGlob);
  const { hits, counts } = parseJsonLines(output.stdout, request.rootIsFile, glob);
  if (output.exitCode === 2 && hits.length === 0) {
    return {
      kind: "error",
      message: `Search failed: ${diagnostics(output.stderr, output.stdout)}`,
    };
  }
  return { kind: "lines", hits, matchCounts: counts };
}
