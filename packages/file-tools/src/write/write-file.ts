import { hasErrorCode } from "@hermes-agent/core";
import path from "node:path";
import { FileToolsErrorCode } from "../file-tools-error.js";
import { errorJson, resolveInContext, toJson, type FileToolContext } from "../file-tool-context.js";
import { workspaceEscapeWarning, type ResolvedPath } from "../paths/path-resolution.js";
import { crossProfileRefusal } from "../paths/profile-paths.js";
import { writeRefusal } from "../paths/sensitive-paths.js";
import { isReadFileDisplayText } from "./display-text.js";
import { syntaxCheckDelta, type LintReport } from "./syntax-check.js";
import { encodeLike, readTextFile, type TextFile } from "./text-file.js";

/** Arguments of write_file, as the model sends them. */
export interface WriteFileArgs {
  readonly path?: unknown;
  readonly content?: unknown;
  readonly cross_profile?: unknown;
}

function pythonTypeName(value: unknown): string {
  if (value === null || value === undefined) return "NoneType";
  if (Array.isArray(value)) return "list";
  if (typeof value === "number") return Number.isInteger(value) ? "int" : "float";
  if (typeof value === "boolean") return "bool";
  if (typeof value === "object") return "dict";
  return typeof value;
}

/** The first unpaired UTF-16 surrogate in `text` (it has no UTF-8 encoding), if any. */
export function loneSurrogate(text: string): number | undefined {
  const match = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.exec(text);
  return match === null ? undefined : match[0].charCodeAt(0);
}

/**
 * Why the model may not write or patch this path (system paths, the runtime's config, and
 * another Hermes profile's own directories unless `crossProfile`), or undefined.
 */
export async function writeRefusalFor(
  ctx: FileToolContext,
  resolved: ResolvedPath,
  crossProfile: unknown,
): Promise<string | undefined> {
  const { real } = await ctx.access.resolveLinks(resolved.absolute);
  const candidates = real === undefined ? [resolved.absolute] : [resolved.absolute, real];
  const hermesHome = ctx.settings.hermesHome;
  return (
    writeRefusal(resolved.input, candidates, hermesHome) ??
    (crossProfile === true
      ? undefined
      : crossProfileRefusal(resolved.input, candidates, hermesHome))
  );
}

/** Hermes' warning when the file changed since this task last read or wrote it. */
export async function stalenessWarning(
  ctx: FileToolContext,
  resolved: ResolvedPath,
): Promise<string | undefined> {
  const seen = ctx.state.lastSeenMtime(resolved.absolute);
  if (seen === undefined) return undefined;
  const stat = await ctx.access.stat(resolved.absolute);
  if (stat === undefined || stat.mtimeMs === seen) return undefined;
  return (
    `Warning: ${resolved.input} was modified since you last read it (external edit or concurrent ` +
    "agent). The content you read may be stale. Consider re-reading the file to verify before writing."
  );
}

/** Outcome of writing a text file for write_file or patch. */
export interface TextWrite {
  readonly bytesWritten: number;
  readonly dirsCreated: boolean;
  readonly lint: LintReport | undefined;
}

/**
 * Write `content` to `file` atomically, keeping the file's CRLF endings and BOM, then
 * check its syntax against what was there before (`known`: the file as just read, when the
 * caller has it). Records the write in the task state.
 */
export async function writeTextFile(
  ctx: FileToolContext,
  file: string,
  content: string,
  known?: TextFile,
): Promise<TextWrite> {
  // A binary or non-UTF-8 file being replaced whole has no line endings or BOM to keep.
  const previous =
    known ??
    (await readTextFile(ctx.access, file).catch((error: unknown) => {
      if (hasErrorCode(error, { NotText: FileToolsErrorCode.NotText })) return undefined;
      throw error;
    }));
  const parent =
    previous === undefined ? await ctx.access.stat(path.posix.dirname(file)) : undefined;
  const bytes = encodeLike(content, previous);
  await ctx.access.writeAtomic(file, bytes);
  const after = await ctx.access.stat(file);
  ctx.state.recordWrite(file, after?.mtimeMs);
  const lint = await syntaxCheckDelta(file, previous?.text, content, ctx.access);
  return {
    bytesWritten: bytes.length,
    dirsCreated: previous === undefined && parent === undefined,
    lint,
  };
}

/** write_file: replace a file's whole content, with Hermes' refusals, warnings and result. */
export async function writeFileTool(ctx: FileToolContext, args: WriteFileArgs): Promise<string> {
  if (typeof args.path !== "string" || args.path === "") {
    return errorJson(
      "write_file: missing required field 'path'. Re-emit the tool call with both 'path' and 'content' set.",
    );
  }
  if (!("content" in args) || args.content === undefined) {
    return errorJson(
      "write_file: missing required field 'content'. The tool call included a path but no content " +
        "argument — this is almost always a dropped-arg bug under context pressure. Re-emit the " +
        "tool call with the full content payload, or use execute_code with hermes_tools.write_file() " +
        "for very large files.",
    );
  }
  if (typeof args.content !== "string") {
    return errorJson(
      `write_file: 'content' must be a string, got ${pythonTypeName(args.content)}.`,
    );
  }
  const content = args.content;
  const resolved = await resolveInContext(ctx, args.path);
  const surrogate = loneSurrogate(content);
  if (surrogate !== undefined) {
    return errorJson(
      `Refusing to write '${args.path}': content contains a lone surrogate character ` +
        `('\\u${surrogate.toString(16)}') that cannot be encoded as UTF-8. The file was NOT created or modified.`,
    );
  }
  const refusal = await writeRefusalFor(ctx, resolved, args.cross_profile);
  if (refusal !== undefined) return errorJson(refusal);
  if (isReadFileDisplayText(content)) {
    return errorJson(
      "Refusing to write internal read_file display text as file content. Strip read_file " +
        "line-number prefixes or reconstruct the intended file contents before writing.",
    );
  }
  return ctx.locks.withLocks([resolved.absolute], async () => {
    const warning = (await stalenessWarning(ctx, resolved)) ?? workspaceEscapeWarning(resolved);
    try {
      const written = await writeTextFile(ctx, resolved.absolute, content);
      const result: Record<string, unknown> = {
        bytes_written: written.bytesWritten,
        dirs_created: written.dirsCreated,
      };
      if (written.lint !== undefined) result.lint = written.lint;
      if (warning !== undefined) result._warning = warning;
      result.resolved_path = resolved.absolute;
      result.files_modified = [resolved.absolute];
      return toJson(result);
    } catch (error) {
      return errorJson(`Failed to write file: ${(error as Error).message}`, {
        resolved_path: resolved.absolute,
        ...(warning === undefined ? {} : { _warning: warning }),
      });
    }
  });
}
