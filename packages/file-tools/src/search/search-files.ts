import { redactSecrets } from "@hermes-agent/core";
import path from "node:path";
import {
  coerceInteger,
  errorJson,
  resolveInContext,
  toJson,
  type FileToolContext,
} from "../file-tool-context.js";
import { isCredentialFile, readRefusal } from "../paths/sensitive-paths.js";
import { workspaceEscapeWarning } from "../paths/path-resolution.js";
import { searchWithNode } from "./node-engine.js";
import { searchWithRipgrep } from "./ripgrep-engine.js";
import type { EngineResult, SearchRequest } from "./search-types.js";

/** Arguments of search_files, as the model sends them. */
export interface SearchFilesArgs {
  readonly pattern?: unknown;
  readonly target?: unknown;
  readonly path?: unknown;
  readonly file_glob?: unknown;
  readonly limit?: unknown;
  readonly offset?: unknown;
  readonly output_mode?: unknown;
  readonly context?: unknown;
  readonly order?: unknown;
}

/** Below this many matches the list form is shorter than the path-grouped text. */
const DENSIFY_MIN_MATCHES = 5;

function text(value: unknown, fallback: string): string {
  return typeof value === "string" && value !== "" ? value : fallback;
}

function displayPath(root: string, file: string): string {
  if (file === "") return root;
  if (root === "." || root === "./") return file;
  return path.posix.join(root, file);
}

async function runEngines(ctx: FileToolContext, request: SearchRequest): Promise<EngineResult> {
  if (ctx.settings.searchEngine !== "node") {
    const viaRipgrep = await searchWithRipgrep(ctx.access, request);
    if (viaRipgrep !== undefined) return viaRipgrep;
    if (ctx.settings.searchEngine === "ripgrep") {
      return {
        kind: "error",
        message: "Search failed: ripgrep (rg) is not installed in the environment.",
      };
    }
  }
  return searchWithNode(ctx.access, request);
}

const ZERO_MATCH_PROBES: readonly {
  readonly change: Partial<SearchRequest>;
  readonly onlyWithMeta: boolean;
  readonly message: (total: number, files: number, paths: string) => string;
}[] = [
  {
    change: { ignoreCase: true },
    onlyWithMeta: false,
    message: (total, files, paths) =>
      `0 exact matches, but ${total} case-insensitive match(es) in ${files} file(s): ${paths} — the pattern's casing may be wrong.`,
  },
  {
    change: { fixedStrings: true },
    onlyWithMeta: true,
    message: (total, files, paths) =>
      `0 regex matches, but ${total} literal match(es) in ${files} file(s): ${paths} — the pattern contains regex metacharacters that likely need escaping (or pass a simpler substring).`,
  },
];

/** For a content search that found nothing: a hint from a case-insensitive or literal re-run. */
async function zeroMatchHint(
  ctx: FileToolContext,
  request: SearchRequest,
  display: (file: string) => string,
  allowed: (file: string) => boolean,
): Promise<string | undefined> {
  const hasMeta = /[.[\](){}?*+^$\\|]/.test(request.pattern);
  for (const probe of ZERO_MATCH_PROBES) {
    if (probe.onlyWithMeta && !hasMeta) continue;
    const found = await runEngines(ctx, { ...request, ...probe.change, context: 0 });
    if (found.kind !== "lines") continue;
    const files = [...found.matchCounts.entries()].filter(([file]) => allowed(file));
    const total = files.reduce((sum, [, count]) => sum + count, 0);
    if (total === 0) continue;
    const shown = files.slice(0, 5).map(([file]) => display(file));
    const more = files.length > 5 ? ` (+${files.length - 5} more)` : "";
    return probe.message(total, files.length, shown.join(", ") + more);
  }
  return undefined;
}

async function notFound(ctx: FileToolContext, input: string, absolute: string): Promise<string> {
  const parent = path.posix.dirname(absolute);
  const wanted = path.posix.basename(absolute).toLowerCase();
  const names = (await ctx.access.listNames(parent)).slice(0, 20);
  const similar = names
    .filter((name) => {
      const lower = name.toLowerCase();
      return (
        lower.includes(wanted) || wanted.includes(lower) || lower.startsWith(wanted.slice(0, 3))
      );
    })
    .map((name) => path.posix.join(path.posix.dirname(input), name))
    .slice(0, 5);
  const parts = [`Path not found: ${input}`];
  if (wanted !== "" && similar.length > 0) parts.push(`Similar paths: ${similar.join(", ")}`);
  return toJson({ total_count: 0, error: parts.join(". ") });
}

/** search_files: regex over file contents, or file names by glob, with Hermes' result shape. */
export async function searchFilesTool(
  ctx: FileToolContext,
  args: SearchFilesArgs,
): Promise<string> {
  const pattern = typeof args.pattern === "string" ? args.pattern : "";
  const rawTarget = text(args.target, "content");
  const target = rawTarget === "grep" ? "content" : rawTarget === "find" ? "files" : rawTarget;
  const input = text(args.path, ".");
  const fileGlob =
    typeof args.file_glob === "string" && args.file_glob !== "" ? args.file_glob : undefined;
  const offset = Math.max(0, coerceInteger(args.offset, 0));
  const limit = Math.max(1, coerceInteger(args.limit, 50));
  const outputMode = text(args.output_mode, "content");
  const context = Math.max(0, coerceInteger(args.context, 0));
  const order = text(args.order, "discovery");
  if (target !== "content" && target !== "files") {
    return errorJson(`Invalid target '${target}'. Use 'content' or 'files'.`);
  }
  if (!["content", "files_only", "count"].includes(outputMode)) {
    return errorJson(
      `Invalid output_mode '${outputMode}'. Use 'content', 'files_only' or 'count'.`,
    );
  }
  if (order !== "discovery" && order !== "modified") {
    return errorJson(`Invalid order '${order}'. Use 'discovery' or 'modified'.`);
  }
  if (pattern === "") return errorJson("pattern required");

  const count = ctx.state.countRepeat(
    ["search", pattern, target, input, fileGlob ?? "", limit, offset, order].join("\0"),
  );
  if (count >= 4) {
    return errorJson(
      `BLOCKED: You have run this exact search ${count} times in a row. The results have NOT ` +
        "changed. You already have this information. STOP re-searching and proceed with your task.",
      { pattern, already_searched: count },
    );
  }
  const resolved = await resolveInContext(ctx, input);
  const blocked = readRefusal(input, resolved.absolute, ctx.settings.hermesHome);
  if (blocked !== undefined) return errorJson(blocked);
  const stat = await ctx.access.stat(resolved.absolute);
  if (stat === undefined) return notFound(ctx, input, resolved.absolute);

  const request: SearchRequest = {
    pattern,
    root: resolved.absolute,
    rootIsFile: stat.kind === "file",
    target,
    fileGlob,
    context,
    order,
    signal: ctx.signal,
  };
  const found = await runEngines(ctx, request);
  if (found.kind === "error") return toJson({ total_count: 0, error: found.message });

  const hermesHome = ctx.settings.hermesHome;
  let omitted = 0;
  const allowed = (file: string): boolean => {
    const ok = !isCredentialFile(path.posix.join(resolved.absolute, file), hermesHome);
    if (!ok) omitted++;
    return ok;
  };
  const result: Record<string, unknown> = {};
  let truncated = false;
  if (found.kind === "files") {
    const files = found.hits
      .filter((hit) => allowed(hit.file))
      .map((hit) => displayPath(input, hit.file));
    result.total_count = files.length;
    const page = files.slice(offset, offset + limit);
    if (page.length > 0) result.files = page;
    truncated = files.length > offset + limit;
  } else if (outputMode === "files_only") {
    const files = [...found.matchCounts.keys()]
      .filter(allowed)
      .map((file) => displayPath(input, file));
    result.total_count = files.length;
    const page = files.slice(offset, offset + limit);
    if (page.length > 0) result.files = page;
    truncated = files.length > offset + limit;
  } else if (outputMode === "count") {
    const counts: Record<string, number> = {};
    let total = 0;
    for (const [file, n] of found.matchCounts) {
      if (!allowed(file)) continue;
      counts[displayPath(input, file)] = n;
      total += n;
    }
    result.total_count = total;
    if (total > 0) result.counts = counts;
  } else {
    const omittedFiles = new Set([...found.matchCounts.keys()].filter((file) => !allowed(file)));
    const lines = found.hits.filter((hit) => !omittedFiles.has(hit.file));
    result.total_count = lines.length;
    const page = lines.slice(offset, offset + limit).map((hit) => ({
      path: displayPath(input, hit.file),
      line: hit.line,
      content: redactSecrets(hit.text),
    }));
    if (page.length >= DENSIFY_MIN_MATCHES) {
      result.matches_format =
        "path-grouped: each file path on its own line, followed by indented '<line>: <content>' rows for matches in that file";
      const rows: string[] = [];
      let current: string | undefined;
      for (const match of page) {
        if (match.path !== current) {
          rows.push(match.path);
          current = match.path;
        }
        rows.push(`  ${match.line}: ${match.content.trimEnd()}`);
      }
      result.matches_text = rows.join("\n");
    } else if (page.length > 0) {
      result.matches = page;
    }
    truncated = lines.length > offset + limit;
  }
  if (found.kind === "lines" && result.total_count === 0) {
    const warning = await zeroMatchHint(
      ctx,
      request,
      (file) => displayPath(input, file),
      (file) => !isCredentialFile(path.posix.join(resolved.absolute, file), hermesHome),
    );
    if (warning !== undefined) result.warning = warning;
  }
  if (truncated) {
    result.truncated = true;
    result.total_count_is_lower_bound = true;
  }
  if (omitted > 0) {
    result._omitted = `${omitted} result(s) omitted because they target credential, token, cache, or secret-bearing environment files.`;
  }
  if (count >= 3) {
    result._warning =
      `You have run this exact search ${count} times consecutively. The results have not changed. ` +
      "Use the information you already have.";
  } else {
    const escape = workspaceEscapeWarning(resolved);
    if (escape !== undefined) result._warning = escape;
  }
  let json = toJson(result);
  if (truncated) {
    json += `\n\n[Hint: Results truncated. Use offset=${offset + limit} to see more, or narrow with a more specific pattern or file_glob.]`;
  }
  return json;
}
