import { execFile } from "node:child_process";
import { accessSync, constants, statSync } from "node:fs";
import path from "node:path";
import { buildChildEnv, type EnvironmentVariables } from "@hermes-agent/core";
import { defineTool, toolError, toolResult, type ToolSpec } from "@hermes-agent/registry";
import { z } from "zod";
import { parsePorcelain } from "./git-porcelain.js";

/** The `git_status` tool's parameters. */
export const gitStatusParameters: z.ZodObject<{
  path: z.ZodOptional<z.ZodString>;
  max_files: z.ZodDefault<z.ZodNumber>;
}> = z.object({
  path: z
    .string()
    .min(1)
    .optional()
    .describe("Folder inside the repository (default: the configured repository, else the cwd)."),
  max_files: z
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(100)
    .describe("Most paths listed per category (default 100)."),
});

/** How the tool runs git. */
export interface GitStatusToolOptions {
  /** Folder used when the call names none. */
  readonly defaultPath: string;
  /** Environment the child env is built from and where `git` is looked up; default `process.env`. */
  readonly env?: EnvironmentVariables;
  /** Longest a git call may take, in milliseconds (default 15 000). */
  readonly timeoutMs?: number;
}

/** True when an executable `git` is on the PATH of `env`. Checked without starting a process. */
export function gitAvailable(env: EnvironmentVariables = process.env): boolean {
  for (const dir of (env.PATH ?? "").split(path.delimiter)) {
    if (dir === "") continue;
    try {
      accessSync(path.join(dir, "git"), constants.X_OK);
      return true;
    } catch {
      // Not in this folder.
    }
  }
  return false;
}

function runGit(
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number; signal: AbortSignal },
): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      "git",
      args,
      {
        cwd: options.cwd,
        env: options.env,
        timeout: options.timeoutMs,
        signal: options.signal,
        maxBuffer: 8 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        if (error === null) resolve(stdout);
        else reject(new Error(stderr.trim() || error.message));
      },
    );
  });
}

/**
 * The `git_status` tool: branch, upstream, ahead/behind and the staged, modified, untracked and
 * conflicted paths of a repository. Available only when `git` is installed.
 */
export function createGitStatusTool(
  options: GitStatusToolOptions,
): ToolSpec<z.output<typeof gitStatusParameters>> {
  const env = options.env ?? process.env;
  const childEnv = buildChildEnv({ hostEnv: env, extra: { GIT_OPTIONAL_LOCKS: "0", LC_ALL: "C" } });
  return defineTool({
    name: "git_status",
    toolset: "git-status",
    emoji: "🌿",
    schema: {
      description:
        "Summarise a git repository: current branch, upstream, commits ahead/behind, and the " +
        "staged, modified, untracked and conflicted files. Read-only.",
      parameters: gitStatusParameters,
    },
    checkFn: () => gitAvailable(env),
    async handler(args, ctx) {
      const folder = path.resolve(options.defaultPath, args.path ?? ".");
      try {
        if (!statSync(folder).isDirectory()) return toolError(`Not a folder: ${folder}`);
      } catch {
        return toolError(`No such folder: ${folder}`);
      }
      let output: string;
      try {
        output = await runGit(["status", "--porcelain=v1", "--branch", "-z"], {
          cwd: folder,
          env: childEnv,
          timeoutMs: options.timeoutMs ?? 15_000,
          signal: ctx.signal,
        });
      } catch (error) {
        return toolError(`git status failed in ${folder}: ${(error as Error).message}`);
      }
      const summary = parsePorcelain(output);
      const cap = (paths: string[]): string[] => paths.slice(0, args.max_files);
      const truncated = [
        summary.staged,
        summary.modified,
        summary.untracked,
        summary.conflicted,
      ].some((paths) => paths.length > args.max_files);
      return toolResult({
        path: folder,
        branch: summary.branch,
        upstream: summary.upstream,
        ahead: summary.ahead,
        behind: summary.behind,
        clean:
          summary.staged.length +
            summary.modified.length +
            summary.untracked.length +
            summary.conflicted.length ===
          0,
        staged: cap(summary.staged),
        modified: cap(summary.modified),
        untracked: cap(summary.untracked),
        conflicted: cap(summary.conflicted),
        truncated,
      });
    },
  });
}
