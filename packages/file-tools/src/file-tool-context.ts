import type { Environment } from "@hermes-agent/terminal";
import type { FileAccess } from "./access/file-access.js";
import type { FileToolsSettings } from "./file-tools-settings.js";
import { resolveToolPath, type ResolvedPath } from "./paths/path-resolution.js";
import type { PathLocks, TaskFileState } from "./task-file-state.js";

/** Everything one file-tool call works with. */
export interface FileToolContext {
  readonly env: Environment;
  readonly access: FileAccess;
  readonly state: TaskFileState;
  readonly locks: PathLocks;
  readonly settings: FileToolsSettings;
  readonly signal?: AbortSignal | undefined;
}

/** Resolve a model-given path against the task's live terminal cwd. */
export async function resolveInContext(ctx: FileToolContext, input: string): Promise<ResolvedPath> {
  const home = input.startsWith("~") ? await ctx.access.home() : "";
  return resolveToolPath(input, ctx.access.cwd(), home);
}

/** JSON of a tool result, non-ASCII kept as is (Hermes' ensure_ascii=False). */
export function toJson(value: unknown): string {
  return JSON.stringify(value);
}

/** `{"error": message}` plus extra fields. */
export function errorJson(message: string, extra: Record<string, unknown> = {}): string {
  return toJson({ error: message, ...extra });
}

/** Python's `f"{n:,}"`: thousands separated by commas. */
export function withThousands(value: number): string {
  return value.toLocaleString("en-US");
}

/** Python's int(x) for tool arguments: integers and integral strings, else the default. */
export function coerceInteger(value: unknown, fallback: number): number {
  if (typeof value === "number" && Number.isFinite(value)) return Math.trunc(value);
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "string" && /^\s*[+-]?\d+\s*$/.test(value))
    return Number.parseInt(value, 10);
  return fallback;
}
