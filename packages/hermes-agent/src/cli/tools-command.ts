import type { HermesRuntime } from "../runtime/hermes-runtime.js";
import { out, type CliIo } from "./cli-io.js";
import { toolsOfToolset } from "./toolset-names.js";

/** One row of `hermes-agent tools`. */
export interface ToolRow {
  readonly name: string;
  readonly toolset: string;
  readonly emoji: string;
  readonly available: boolean;
  /** Why it is unavailable (missing env vars, failed check). */
  readonly reason?: string;
}

/**
 * Every registered tool with its availability and, when unavailable, the reason; with
 * `toolset`, the tools that toolset resolves to (a composite one includes its parts; an unknown
 * name is an error).
 */
export function listTools(
  runtime: HermesRuntime,
  env: Readonly<Record<string, string | undefined>>,
  toolset?: string,
): ToolRow[] {
  const rows: ToolRow[] = [];
  const wanted = toolset === undefined ? undefined : toolsOfToolset(runtime, toolset);
  for (const name of runtime.registry.getAllToolNames()) {
    const entry = runtime.registry.getEntry(name);
    if (entry === undefined) continue;
    if (wanted !== undefined && !wanted.has(name)) continue;
    const available = runtime.registry.getDefinitions([name], { quiet: true }).length > 0;
    const missing = entry.requiresEnv.filter((key) => env[key] === undefined || env[key] === "");
    rows.push({
      name,
      toolset: entry.toolset,
      emoji: runtime.registry.getEmoji(name),
      available,
      ...(available
        ? {}
        : {
            reason:
              missing.length > 0
                ? `set ${missing.join(", ")}`
                : (entry.unavailableReason?.() ??
                  "its availability check failed (a binary, service or setting it needs is missing)"),
          }),
    });
  }
  return rows;
}

/** `hermes-agent tools [--toolset X] [--json]`. */
export function printTools(io: CliIo, rows: readonly ToolRow[], json: boolean): void {
  if (json) {
    out(io, JSON.stringify(rows, null, 2));
    return;
  }
  const width = Math.max(...rows.map((row) => row.name.length), 4);
  const toolsetWidth = Math.max(...rows.map((row) => row.toolset.length), 7);
  for (const row of rows) {
    const state = row.available ? "✓ available" : `✗ unavailable: ${row.reason ?? ""}`;
    out(
      io,
      `${row.emoji}  ${row.name.padEnd(width)}  ${row.toolset.padEnd(toolsetWidth)}  ${state}`,
    );
  }
  const available = rows.filter((row) => row.available).length;
  out(io, `\n${rows.length} tools, ${available} available`);
}
