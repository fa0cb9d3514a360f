import { ALL_TOOLSETS_NAMES, toolsetCatalog, type ToolsetCatalog } from "./custom-toolsets.js";
import { defaultRegistry } from "./default-registry.js";
import type { ToolsetDefinition } from "./toolset-types.js";
import type { ToolsetsRegistry } from "./toolsets-registry.js";

/** Which registry and catalog a lookup consults. */
export interface ToolsetLookupOptions {
  /** Registry-only toolsets (MCP servers, plugins); defaults to the shared `registry` of `@hermes-agent/registry`. */
  readonly registry?: ToolsetsRegistry;
  /** Built-in and custom toolsets; defaults to the shared `toolsetCatalog`. */
  readonly catalog?: ToolsetCatalog;
}

/** Options of `getToolset`. */
export interface GetToolsetOptions extends ToolsetLookupOptions {
  /**
   * When false, only the static (built-in or custom) entry is returned, without tools that
   * plugins or MCP servers registered into it. Default true.
   */
  readonly includeRegistry?: boolean;
}

function addAll(out: Set<string>, names: Iterable<string>): void {
  for (const name of names) out.add(name);
}

const NO_TOOLS: ReadonlySet<string> = new Set();

/** A registry as resolution reads it: its live toolset → tools index, its aliases, and the catalog. */
export interface RegistryView {
  readonly registry: ToolsetsRegistry;
  readonly toolsets: ReadonlyMap<string, ReadonlySet<string>>;
  readonly catalog: ToolsetCatalog;
}

/** The view of a registry and a catalog (the default ones unless given). */
export function registryView(
  registry: ToolsetsRegistry = defaultRegistry(),
  catalog: ToolsetCatalog = toolsetCatalog,
): RegistryView {
  return { registry, toolsets: registry.getToolsetIndex(), catalog };
}

function registryToolsOf(view: RegistryView, toolset: string): ReadonlySet<string> {
  return view.toolsets.get(toolset) ?? NO_TOOLS;
}

const staticUnions = new WeakMap<ToolsetCatalog, { version: number; tools: readonly string[] }>();

/** Every tool listed directly by any static toolset (includes only point at other toolsets). */
function staticToolUnion(catalog: ToolsetCatalog): readonly string[] {
  const cached = staticUnions.get(catalog);
  if (cached?.version === catalog.version) return cached.tools;
  const tools = new Set<string>();
  for (const name of catalog.names()) addAll(tools, catalog.get(name)?.tools ?? []);
  const union = { version: catalog.version, tools: Object.freeze([...tools].sort()) };
  staticUnions.set(catalog, union);
  return union.tools;
}

/**
 * Add every tool `name` resolves to into `out`. `visited` is shared across one resolution, so
 * a toolset reached twice (a diamond) or through a cycle contributes once and recursion ends.
 */
export function collectToolset(
  name: string,
  view: RegistryView,
  visited: Set<string>,
  out: Set<string>,
): void {
  if (ALL_TOOLSETS_NAMES.has(name)) {
    addAll(out, staticToolUnion(view.catalog));
    for (const tools of view.toolsets.values()) addAll(out, tools);
    return;
  }
  if (visited.has(name)) return;
  visited.add(name);
  const definition = view.catalog.get(name);
  if (definition) {
    addAll(out, definition.tools);
    for (const included of definition.includes) collectToolset(included, view, visited, out);
  }
  addAll(out, registryToolsOf(view, name));
  // An MCP server named like a built-in toolset ("browser") is reachable by its bare name too.
  const aliasTarget = view.registry.resolveToolsetAlias(name);
  if (aliasTarget !== undefined) collectToolset(aliasTarget, view, visited, out);
}

/** True when `name` is `all`/`*`, a static toolset, a registry toolset or a registry alias. */
export function isKnownToolset(name: string, view: RegistryView): boolean {
  return (
    ALL_TOOLSETS_NAMES.has(name) ||
    view.catalog.get(name) !== undefined ||
    view.toolsets.has(name) ||
    view.registry.resolveToolsetAlias(name) !== undefined
  );
}

function viewFor(options: ToolsetLookupOptions | undefined): RegistryView {
  return registryView(options?.registry, options?.catalog);
}

/**
 * Every tool a toolset resolves to, following `includes` recursively, sorted. `all` and `*`
 * mean every toolset. Unknown names resolve to `[]`. Registry-only toolsets (`mcp-<server>`,
 * an MCP alias `<server>`, a plugin's toolset) resolve like static ones.
 */
export function resolveToolset(name: string, options?: ToolsetLookupOptions): string[] {
  const out = new Set<string>();
  collectToolset(name, viewFor(options), new Set(), out);
  return [...out].sort();
}

/** The sorted, de-duplicated union of several toolsets (`[]` for no names). */
export function resolveMultipleToolsets(
  names: Iterable<string>,
  options?: ToolsetLookupOptions,
): string[] {
  const view = viewFor(options);
  const out = new Set<string>();
  for (const name of names) collectToolset(name, view, new Set(), out);
  return [...out].sort();
}

/** Whether `name` can be resolved: `all`, `*`, a static or custom toolset, a registry toolset or alias. */
export function validateToolset(name: string, options?: ToolsetLookupOptions): boolean {
  return isKnownToolset(name, viewFor(options));
}

/** Names of every toolset, static, custom and registry-only (aliases excluded), sorted. */
export function getToolsetNames(options?: ToolsetLookupOptions): string[] {
  const view = viewFor(options);
  const names = new Set(view.catalog.names());
  for (const toolset of view.toolsets.keys()) names.add(toolset);
  return [...names].sort();
}

function registryOnlyDescription(toolset: string, view: RegistryView): string {
  for (const [alias, target] of Object.entries(view.registry.getToolsetAliases())) {
    if (target === toolset && view.catalog.get(alias) === undefined)
      return `MCP server '${alias}' tools`;
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
export function getToolset(
  name: string,
  options?: GetToolsetOptions,
): ToolsetDefinition | undefined {
  const definition = (options?.catalog ?? toolsetCatalog).get(name);
  if (options?.includeRegistry === false) {
    return (
      definition && {
        description: definition.description,
        tools: [...definition.tools],
        includes: [...definition.includes],
      }
    );
  }
  const view = viewFor(options);
  const aliasTarget = view.registry.resolveToolsetAlias(name);
  if (definition) {
    const tools = new Set(definition.tools);
    addAll(tools, registryToolsOf(view, name));
    if (aliasTarget !== undefined && aliasTarget !== name)
      addAll(tools, registryToolsOf(view, aliasTarget));
    return {
      description: definition.description,
      tools: [...tools].sort(),
      includes: [...definition.includes],
    };
  }
  const own = view.toolsets.get(name);
  if (own !== undefined) {
    return {
      description: registryOnlyDescription(name, view),
      tools: [...own].sort(),
      includes: [],
    };
  }
  if (aliasTarget !== undefined) {
    const out = new Set<string>();
    collectToolset(aliasTarget, view, new Set([name]), out);
    return { description: `MCP server '${name}' tools`, tools: [...out].sort(), includes: [] };
  }
  return undefined;
}
