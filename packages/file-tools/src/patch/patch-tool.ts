import { fuzzyReplace, isAlreadyApplied } from "../fuzzy/fuzzy-replace.js";
import { noMatchHint } from "../fuzzy/match-report.js";
import { errorJson, resolveInContext, toJson, type FileToolContext } from "../file-tool-context.js";
import { workspaceEscapeWarning, type ResolvedPath } from "../paths/path-resolution.js";
import { pythonRepr } from "../python-repr.js";
import { FileToolsError } from "../file-tools-error.js";
import { normalizeLineEndings, readTextFile, type TextFile } from "../write/text-file.js";
import {
  loneSurrogate,
  stalenessWarning,
  writeRefusalFor,
  writeTextFile,
} from "../write/write-file.js";
import { unifiedDiff } from "./unified-diff.js";
import { applyV4aPatch, type ResolvedOperation } from "./v4a-apply.js";
import { parseV4aPatch, patchPaths } from "./v4a-parser.js";

/** Arguments of patch, as the model sends them. */
export interface PatchArgs {
  readonly mode?: unknown;
  readonly path?: unknown;
  readonly old_string?: unknown;
  readonly new_string?: unknown;
  readonly replace_all?: unknown;
  readonly patch?: unknown;
  readonly cross_profile?: unknown;
}

const HEADER_PATHS = /^\*\*\*\s*(?:Update|Add|Delete)\s+File:\s*(.+)$/gm;
const MOVE_PATHS = /^\*\*\*\s*Move\s+File:\s*(.+?)\s*->\s*(.+)$/gm;

function traversalError(headerPath: string): string | undefined {
  if (!headerPath.split(/[\\/]/).includes("..")) return undefined;
  return (
    `V4A patch header contains '..' traversal: ${pythonRepr(headerPath)}. Use the agent's ` +
    "cwd-relative path (no '..') or an absolute path in '*** Update File:' / '*** Add File:' / " +
    "'*** Delete File:' / '*** Move File:' headers."
  );
}

/** Every path a patch call touches, with header traversal refused. */
function pathsOf(mode: string, args: PatchArgs): { paths: string[]; error?: string } {
  const paths: string[] = [];
  if (typeof args.path === "string" && args.path !== "") paths.push(args.path);
  if (mode === "patch" && typeof args.patch === "string") {
    for (const match of args.patch.matchAll(HEADER_PATHS)) paths.push((match[1] ?? "").trim());
    for (const match of args.patch.matchAll(MOVE_PATHS)) {
      paths.push((match[1] ?? "").trim(), (match[2] ?? "").trim());
    }
    for (const headerPath of paths.slice(
      typeof args.path === "string" && args.path !== "" ? 1 : 0,
    )) {
      const error = traversalError(headerPath);
      if (error !== undefined) return { paths, error };
    }
  }
  return { paths };
}

async function replaceMode(
  ctx: FileToolContext,
  resolved: ResolvedPath,
  oldString: string,
  newString: string,
  replaceAll: boolean,
): Promise<Record<string, unknown>> {
  const surrogate = loneSurrogate(newString);
  if (surrogate !== undefined) {
    return {
      success: false,
      error:
        `Refusing to write '${resolved.input}': new_string contains a lone surrogate character ` +
        `('\\u${surrogate.toString(16)}') that cannot be encoded as UTF-8. The file was NOT modified.`,
    };
  }
  let file: TextFile | undefined;
  try {
    file = await readTextFile(ctx.access, resolved.absolute);
  } catch (error) {
    if (FileToolsError.isInstance(error)) return { success: false, error: error.message };
    file = undefined;
  }
  if (file === undefined)
    return { success: false, error: `Failed to read file: ${resolved.absolute}` };
  const outcome = fuzzyReplace(file.text, oldString, newString, replaceAll);
  if (outcome.error !== null) {
    if (isAlreadyApplied(file.text, oldString, newString)) {
      return {
        success: true,
        no_change: true,
        note:
          `File already contains the target text — the edit appears to be already applied to ` +
          `${resolved.absolute}. No write performed; do not re-send this patch.`,
      };
    }
    return {
      success: false,
      error: outcome.error + noMatchHint(outcome.error, oldString, file.text),
    };
  }
  const next =
    file.lineEnding === undefined
      ? outcome.content
      : normalizeLineEndings(outcome.content, file.lineEnding);
  const written = await writeTextFile(ctx, resolved.absolute, next, file);
  const result: Record<string, unknown> = {
    success: true,
    diff: unifiedDiff(resolved.input, file.text, next),
  };
  if (outcome.strategy !== "exact") result.match_strategy = outcome.strategy;
  result.files_modified = [resolved.absolute];
  if (written.lint !== undefined) result.lint = written.lint;
  return result;
}

function failureHint(
  ctx: FileToolContext,
  resolved: ResolvedPath | undefined,
  error: string,
  input: string,
): string | undefined {
  if (!error.includes("Could not find")) return undefined;
  const count = resolved === undefined ? 0 : ctx.state.countPatchFailure(resolved.absolute);
  if (count >= 3) {
    return (
      `This is failure #${count} patching ${pythonRepr(input)}. Stop retrying with variations of the ` +
      "same old_string. Either: (1) re-read the file fresh to verify current content, (2) use a " +
      "longer / more unique old_string with surrounding context lines, or (3) use write_file to " +
      "replace the entire file if the targeted region is hard to anchor."
    );
  }
  if (error.includes("Did you mean one of these sections?")) return undefined;
  return "old_string not found. Use read_file to verify the current content, or search_files to locate the text.";
}

/** patch: replace mode (fuzzy find and replace) or patch mode (V4A), with Hermes' messages. */
export async function patchTool(ctx: FileToolContext, args: PatchArgs): Promise<string> {
  const mode = typeof args.mode === "string" && args.mode !== "" ? args.mode : "replace";
  const { paths, error: traversal } = pathsOf(mode, args);
  if (traversal !== undefined) return errorJson(traversal);
  const resolvedPaths = new Map<string, ResolvedPath>();
  for (const input of paths) {
    const resolved = await resolveInContext(ctx, input);
    const refusal = await writeRefusalFor(ctx, resolved, args.cross_profile);
    if (refusal !== undefined) return errorJson(refusal);
    resolvedPaths.set(input, resolved);
  }
  const locked = [...resolvedPaths.values()].map((resolved) => resolved.absolute);
  return ctx.locks.withLocks(locked, async () => {
    const warnings: string[] = [];
    for (const resolved of resolvedPaths.values()) {
      const warning = (await stalenessWarning(ctx, resolved)) ?? workspaceEscapeWarning(resolved);
      if (warning !== undefined) warnings.push(warning);
    }
    let result: Record<string, unknown>;
    if (mode === "replace") {
      if (typeof args.path !== "string" || args.path === "") return errorJson("path required");
      if (typeof args.old_string !== "string" || typeof args.new_string !== "string") {
        return errorJson("old_string and new_string required");
      }
      const resolved = resolvedPaths.get(args.path);
      if (resolved === undefined) return errorJson("path required");
      result = await replaceMode(
        ctx,
        resolved,
        args.old_string,
        args.new_string,
        args.replace_all === true || args.replace_all === "true",
      );
    } else if (mode === "patch") {
      if (typeof args.patch !== "string" || args.patch.trim() === "")
        return errorJson("patch content required");
      const parsed = parseV4aPatch(args.patch);
      if (parsed.error !== undefined) {
        result = { success: false, error: `Failed to parse patch: ${parsed.error}` };
      } else {
        const operations: ResolvedOperation[] = [];
        for (const op of parsed.operations) {
          const resolved = resolvedPaths.get(op.path) ?? (await resolveInContext(ctx, op.path));
          const resolvedTo =
            op.kind === "move"
              ? (resolvedPaths.get(op.to) ?? (await resolveInContext(ctx, op.to)))
              : undefined;
          operations.push({ ...op, resolved, ...(resolvedTo === undefined ? {} : { resolvedTo }) });
        }
        result = await applyV4aPatch(ctx, operations);
        if (result.success === true && patchPaths(parsed.operations).length > 0) {
          result.files_modified = [...resolvedPaths.values()].map((resolved) => resolved.absolute);
        }
      }
    } else {
      return errorJson(`Unknown mode: ${mode}`);
    }
    if (warnings.length > 0) result._warning = warnings.join(" | ");
    const succeeded = result.success === true;
    if (succeeded) {
      const touched = [...resolvedPaths.values()];
      if (touched.length === 1 && touched[0] !== undefined)
        result.resolved_path = touched[0].absolute;
      for (const resolved of touched) ctx.state.clearPatchFailures(resolved.absolute);
    } else if (typeof result.error === "string") {
      const input = typeof args.path === "string" ? args.path : "";
      const hint = failureHint(
        ctx,
        mode === "replace" ? resolvedPaths.get(input) : undefined,
        result.error,
        input,
      );
      if (hint !== undefined) result._hint = hint;
    }
    return toJson(result);
  });
}
