import type { ToolsetsRegistry } from "./toolsets-registry.js";

/**
 * What toolset resolution needs from a registry, built once per registry generation in one
 * pass over its tools. Asking the registry per toolset instead would rescan it for every
 * toolset (Hermes' quadratic cost).
 */
export interface RegistryIndex {
  readonly generation: number;
  /** Registry toolset → its tool names, sorted. */
  readonly toolsByToolset: ReadonlyMap<string, readonly string[]>;
  /** Alias → canonical registry toolset (`github` → `mcp-github`). */
  readonly aliases: ReadonlyMap<string, string>;
  /** Every registered tool name, sorted. */
  readonly allToolNames: readonly string[];
}

const EMPTY: readonly string[] = Object.freeze([]);
const indexes = new WeakMap<ToolsetsRegistry, RegistryIndex>();

function buildIndex(registry: ToolsetsRegistry, generation: number): RegistryIndex {
  const allToolNames = [...registry.getAllToolNames()].sort();
  const groups = new Map<string, string[]>();
  for (const tool of allToolNames) {
    const toolset = registry.getToolsetForTool(tool);
    if (toolset === undefined) continue;
    const group = groups.get(toolset);
    // allToolNames is sorted, so each group comes out sorted too.
    if (group) group.push(tool);
    else groups.set(toolset, [tool]);
  }
  const toolsByToolset = new Map<string, readonly string[]>();
  for (const [toolset, tools] of groups) toolsByToolset.set(toolset, Object.freeze(tools));
  const aliases = new Map<string, string>(Object.entries(registry.getToolsetAliases()));
  return { generation, toolsByToolset, aliases, allToolNames: Object.freeze(allToolNames) };
}

/** The index of `registry` at its current generation, rebuilt only when the registry changed. */
export function getRegistryIndex(registry: ToolsetsRegistry): RegistryIndex {
  const generation = registry.generation;
  const cached = indexes.get(registry);
  if (cached?.generation === generation) return cached;
  const index = buildIndex(registry, generation);
  indexes.set(registry, index);
  return index;
}

/** Tools the registry holds for `toolset`, sorted (empty when none). */
export function registryToolsOf(index: RegistryIndex, toolset: string): readonly string[] {
  return index.toolsByToolset.get(toolset) ?? EMPTY;
}
