import type { FileToolContext } from "../file-tool-context.js";
import type { ResolvedPath } from "../paths/path-resolution.js";
import { readTextFile, type TextFile } from "../write/text-file.js";
import { writeTextFile } from "../write/write-file.js";
import type { LintReport } from "../write/syntax-check.js";
import { unifiedDiff } from "./unified-diff.js";
import { applyHunk } from "./v4a-hunk.js";
import type { PatchOperation } from "./v4a-parser.js";

/** A V4A operation with its paths resolved against the task's cwd. */
export type ResolvedOperation = PatchOperation & {
  readonly resolved: ResolvedPath;
  readonly resolvedTo?: ResolvedPath;
};

type Planned =
  | {
      kind: "write";
      op: ResolvedOperation;
      file: string;
      before: string;
      after: string;
      created: boolean;
    }
  | { kind: "delete"; op: ResolvedOperation; file: string; before: string }
  | { kind: "move"; op: ResolvedOperation; from: string; to: string };

function bullets(errors: readonly string[]): string {
  return errors.map((error) => `  • ${error}`).join("\n");
}

/**
 * Apply a parsed V4A patch in two phases: every operation is first worked out in memory
 * (later operations see earlier ones), and nothing is written unless all of them succeed.
 */
export async function applyV4aPatch(
  ctx: FileToolContext,
  operations: readonly ResolvedOperation[],
): Promise<Record<string, unknown>> {
  const overlay = new Map<string, string | null>();
  const disk = new Map<string, TextFile | undefined>();
  const errors: string[] = [];
  const plan: Planned[] = [];
  const current = async (file: string): Promise<string | undefined> => {
    if (overlay.has(file)) return overlay.get(file) ?? undefined;
    if (!disk.has(file)) disk.set(file, await readTextFile(ctx.access, file));
    return disk.get(file)?.text;
  };
  let changes = 0;
  for (const op of operations) {
    const file = op.resolved.absolute;
    let text: string | undefined;
    try {
      text = await current(file);
    } catch (error) {
      errors.push(`${op.path}: ${(error as Error).message}`);
      continue;
    }
    if (op.kind === "update") {
      if (text === undefined) {
        errors.push(`${op.path}: File not found: ${op.path}`);
        continue;
      }
      let next = text;
      let failed = false;
      for (const [i, hunk] of op.hunks.entries()) {
        const outcome = applyHunk(next, hunk, i + 1);
        if (!outcome.ok) {
          errors.push(`${op.path}: ${outcome.error}`);
          failed = true;
          break;
        }
        next = outcome.content;
      }
      if (failed) continue;
      if (next !== text) changes++;
      overlay.set(file, next);
      plan.push({ kind: "write", op, file, before: text, after: next, created: false });
    } else if (op.kind === "add") {
      if (text !== undefined) {
        errors.push(`${op.path}: file already exists — use Update File, not Add File`);
        continue;
      }
      const lines = op.hunks.flatMap((hunk) =>
        hunk.lines.filter((l) => l.prefix === "+").map((l) => l.text),
      );
      const body = lines.length === 0 ? "" : `${lines.join("\n")}\n`;
      changes++;
      overlay.set(file, body);
      plan.push({ kind: "write", op, file, before: "", after: body, created: true });
    } else if (op.kind === "delete") {
      if (text === undefined) {
        errors.push(`${op.path}: file not found for deletion`);
        continue;
      }
      changes++;
      overlay.set(file, null);
      plan.push({ kind: "delete", op, file, before: text });
    } else {
      const to = op.resolvedTo?.absolute ?? op.to;
      if (text === undefined) errors.push(`${op.path}: source file not found for move`);
      if ((await current(to)) !== undefined) {
        errors.push(`${op.to}: destination already exists — move would overwrite`);
        continue;
      }
      if (text === undefined) continue;
      changes++;
      overlay.set(to, text);
      overlay.set(file, null);
      plan.push({ kind: "move", op, from: file, to });
    }
  }
  if (errors.length === 0 && changes === 0) {
    errors.push("Patch contains no changes (only context lines were provided)");
  }
  if (errors.length > 0) {
    return {
      success: false,
      error: `Patch validation failed (no files were modified):\n${bullets(errors)}`,
    };
  }

  const diffs: string[] = [];
  const modified: string[] = [];
  const created: string[] = [];
  const deleted: string[] = [];
  const lint: Record<string, LintReport> = {};
  const failures: string[] = [];
  for (const step of plan) {
    try {
      if (step.kind === "write") {
        if (step.before === step.after && !step.created) continue;
        const written = await writeTextFile(ctx, step.file, step.after);
        if (written.lint !== undefined) lint[step.op.path] = written.lint;
        if (step.created) {
          created.push(step.op.path);
          diffs.push(
            unifiedDiff(step.op.path, "", step.after).replace(
              `--- a/${step.op.path}`,
              "--- /dev/null",
            ),
          );
        } else {
          modified.push(step.op.path);
          diffs.push(unifiedDiff(step.op.path, step.before, step.after));
        }
      } else if (step.kind === "delete") {
        await ctx.access.remove(step.file);
        ctx.state.recordWrite(step.file, undefined);
        deleted.push(step.op.path);
        diffs.push(
          unifiedDiff(step.op.path, step.before, undefined) || `# Deleted: ${step.op.path}`,
        );
      } else {
        if ((await ctx.access.stat(step.to)) !== undefined) {
          throw new Error(
            `${step.op.kind === "move" ? step.op.to : step.to}: destination already exists — move would overwrite`,
          );
        }
        await ctx.access.rename(step.from, step.to);
        ctx.state.recordWrite(step.from, undefined);
        const moved = `${step.op.path} -> ${step.op.kind === "move" ? step.op.to : step.to}`;
        modified.push(moved);
        diffs.push(`# Moved: ${moved}`);
      }
    } catch (error) {
      failures.push(
        `Failed to ${step.kind === "write" ? (step.created ? "add" : "update") : step.kind} ${step.op.path}: ${(error as Error).message}`,
      );
    }
  }
  const result: Record<string, unknown> = { success: failures.length === 0 };
  const diff = diffs.filter((text) => text !== "").join("\n");
  if (diff !== "") result.diff = diff;
  if (modified.length > 0) result.files_modified = modified;
  if (created.length > 0) result.files_created = created;
  if (deleted.length > 0) result.files_deleted = deleted;
  if (Object.keys(lint).length > 0) result.lint = lint;
  if (failures.length > 0) {
    result.error = `Apply phase failed (state may be inconsistent — run \`git diff\` to assess):\n${bullets(failures)}`;
  }
  return result;
}
