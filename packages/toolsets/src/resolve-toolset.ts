import { ALL_TOOLSETS_NAMES, getCustomToolsetsVersion, getStaticToolset, getStaticToolsetNames } from "./custom-toolsets.js";
import { defaultRegistry } from "./default-registry.js";
import { getRegistryIndex, registryToolsOf, type RegistryIndex } from "./registry-index.js";
import type { ToolsetDefinition } from "./toolset-types.js";
import type { ToolsetsRegistry } from "./toolsets-registry.js";

/** Which registry a lookup consults for registry-only toolsets (MCP servers, plugins). */
export interface ToolsetLookupOptions {
  /** Defaults to the shared `registry` of `@hermes-agent/registry`. */
  readonly registry?: ToolsetsRegistry;
}

/** Options of `getToolset`. */
export interface GetToolsetOptions extends ToolsetLookupOptions {
  /**
   * When false, only the static (built-in or custom) entry is returned, without tools that
   * plugins or MCP servers registered into it. Default true.
   */
  readonly includeRegistry?: boolean;
}

function addAll(out: Set<string>, names: readonly string[]): void {
  for (const name of names) out.add(name);
}

let staticUnion: { version: number; tools: readonly string[] } | undefined;

/** Every tool listed directly by any static toolset (includes only point at other toolsets). */
function staticToolUnion(): readonly string[] {
  const version = getCustomToolsetsVersion();
  if (staticUnion?.version !== version) {
    const tools = new Set<string>();
    for (const name of getStaticToolsetNames()) addAll(tools, getStaticToolset(name)?.tools ?? []);
    staticUnion = { version, tools: Object.freeze([...tools].sort()) };
  }
  return staticUnion.tools;
}

/**
 * Add every tool `name` resolves to into `out`. `visited` is shared across one resolution, so
 * a toolset reached twice (a diamond) or through a cycle contributes once and recursion ends.
 */
export function collectToolset(
  name: string,
  index: RegistryIndex | undefined,
  visited: Set<string>,
  out: Set<string>,
): void {
  if (ALL_TOOLSETS_NAMES.has(name)) {
    addAll(out, staticToolUnion());
    if (index) addAll(out, index.allToolNames);
    return;
  }
  if (visited.has(name)) return;
  visited.add(name);
  const definition = getStaticToolset(name);
  if (definition) {
    addAll(out, definition.tools);
    for (const included of definition.includes) collectToolset(included, index, visited, out);
  }
  if (!index) return;
  addAll(out, registryToolsOf(index, name));
  // An MCP server named like a built-in toolset ("browser") is reachable by its bare name too.
  const aliasTarget = index.aliases.get(name);
  if (aliasTarget !== undefined) collectToolset(aliasTarget, index, visited, out);
}

/** True when `name` is `all`/`*`, a static toolset, a registry toolset or a registry alias. */
export function isKnownToolset(name: string, index: RegistryIndex): boolean {
  return (
    ALL_TOOLSETS_NAMES.has(name) ||
    getStaticToolset(name) !== undefined ||
    index.toolsByToolset.has(name) ||
    index.aliases.has(name)
  );
}

/** The registry index for the chosen registry. */
export function indexFor(options: ToolsetLookupOptions | undefined): RegistryIndex {
  return getRegistryIndex(options?.registry ?? defaultRegistry());
}

/**
 * Every tool a toolset resolves to, following `includes` recursively, sorted. `all` and `*`
 * mean every toolset. Unknown names resolve to `[]`. Registry-only toolsets (`mcp-<server>`,
 * an MCP alias `<server>`, a plugin's toolset) resolve like static ones.
 */
export function resolveToolset(name: string, options?: ToolsetLookupOptions): string[] {
  const out = new Set<string>();
  collectToolset(name, indexFor(options), new Set(), out);
  return [...out].sort();
}

/** The sorted, de-duplicated union of several toolsets (`[]` for no names). */
export function resolveMultipleToolsets(names: Iterable<string>, options?: ToolsetLookupOptions): string[] {
  const index = indexFor(options);
  const out = new Set<string>();
  for (const name of names) collectToolset(name, index, new Set(), out);
  return [...out].sort();
}

/** Whether `name` can be resolved: `all`, `*`, a static or custom toolset, a registry toolset or alias. */
export function validateToolset(name: string, options?: ToolsetLookupOptions): boolean {
  return isKnownToolset(name, indexFor(options));
}

/** Names of every toolset, static, custom and registry-only (aliases excluded), sorted. */
export function getToolsetNames(options?: ToolsetLookupOptions): string[] {
  const names = new Set(getStaticToolsetNames());
  for (const toolset of indexFor(options).toolsByToolset.keys()) names.add(toolset);
  return [...names].sort();
}

function registryOnlyDescription(toolset: string, index: RegistryIndex): string {
  for (const [alias, target] of index.aliases) {
    if (target === toolset && getStaticToolset(alias) === undefined) return `MCP server '${alias}' tools`;
  }
  if (toolset.startsWith("mcp-")) return `MCP server '${toolset.slice(4)}' tools`;
  return `Plugin toolset: ${toolset}`;
}

/**
 * A toolset's definition, or undefined if unknown. A static entry is merged with the tools
 * registered into it (and, for a name an MCP server also uses as its alias, that server's
 * tools); a registry-only toolset or alias gets a generated description. The lists are fresh
 * copies, sorted.
 */
export function getToolset(name: string, options?: GetToolsetOptions): ToolsetDefinition | undefined {
  const definition = getStaticToolset(name);
  if (options?.includeRegistry === false) {
    return definition && { description: definition.description, tools: [...definition.tools], includes: [...definition.includes] };
  }
  const index = indexFor(options);
  const aliasTarget = index.aliases.get(name);
  if (definition) {
    const tools = new Set(definition.tools);
    addAll(tools, registryToolsOf(index, name));
    if (aliasTarget !== undefined && aliasTarget !== name) addAll(tools, registryToolsOf(index, aliasTarget));
    return { description: definition.description, tools: [...tools].sort(), includes: [...definition.includes] };
  }
  if (index.toolsByToolset.has(name)) {
    return { description: registryOnlyDescription(name, index), tools: [...registryToolsOf(index, name)], includes: [] };
  }
  if (aliasTarget !== undefined) {
    const out = new Set<string>();
    collectToolset(aliasTarget, index, new Set([name]), out);
    return { description: `MCP server '${name}' tools`, tools: [...out].sort(), includes: [] };
  }
  return undefined;
}
