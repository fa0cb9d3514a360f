import {
  getToolset,
  getToolsetNames,
  PLATFORM_PRESET_NAMES,
  resolveToolset,
} from "@hermes-agent/toolsets";
import type { HermesRuntime } from "../runtime/hermes-runtime.js";
import { out, type CliIo } from "./cli-io.js";

/** One row of `hermes-agent toolsets`. */
export interface ToolsetRow {
  readonly name: string;
  readonly description: string;
  /** Every tool the toolset resolves to (includes followed). */
  readonly tools: readonly string[];
  /** Of those, the tools this runtime has registered. */
  readonly registered: readonly string[];
  readonly preset: boolean;
}

/** The catalog (built-in, custom, MCP and plugin toolsets) and the platform presets. */
export function listToolsets(runtime: HermesRuntime): ToolsetRow[] {
  const lookup = { registry: runtime.registry, catalog: runtime.toolsets };
  const presets = new Set<string>(PLATFORM_PRESET_NAMES);
  return getToolsetNames(lookup).map((name) => {
    const tools = resolveToolset(name, lookup);
    return {
      name,
      description: getToolset(name, lookup)?.description ?? "",
      tools,
      registered: tools.filter((tool) => runtime.registry.hasTool(tool)),
      preset: presets.has(name),
    };
  });
}

/** `hermes-agent toolsets [--json]`. */
export function printToolsets(io: CliIo, rows: readonly ToolsetRow[], json: boolean): void {
  if (json) {
    out(io, JSON.stringify(rows, null, 2));
    return;
  }
  for (const preset of [false, true]) {
    out(io, preset ? "\nPlatform presets:" : "Toolsets:");
    for (const row of rows.filter((entry) => entry.preset === preset)) {
      const tools = preset
        ? `${row.tools.length} tools (${row.registered.length} here)`
        : row.tools.join(", ") || "(no tools)";
      out(io, `  ${row.name.padEnd(24)} ${row.description}`);
      out(io, `  ${"".padEnd(24)} ${tools}`);
    }
  }
}
