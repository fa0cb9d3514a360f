import { statSync } from "node:fs";
import type { FunctionSchema, ToolDefinition } from "@hermes-agent/registry";
import { toolsetCatalog, type ToolsetCatalog } from "./custom-toolsets.js";
import { defaultRegistry } from "./default-registry.js";
import { recallDefinitions, rememberDefinitions } from "./definitions-memo.js";
import {
  DEFAULT_SCHEMA_PATCHES,
  type SchemaPatch,
  type SchemaPatchContext,
  type SchemaPatches,
} from "./schema-patches.js";
import { indexOfTool, SortedToolNames } from "./sorted-names.js";
import { registryView } from "./resolve-toolset.js";
import { selectToolNames } from "./tool-selection.js";
import type { ToolsetsRegistry } from "./toolsets-registry.js";

/** Options of `getToolDefinitions`. */
export interface GetToolDefinitionsOptions {
  /**
   * Toolsets to offer: toolset names (static, custom, registry, MCP aliases, `all`/`*`) or
   * legacy `*_tools` names. Omitted: every toolset. An empty list selects nothing.
   */
  readonly enabledToolsets?: readonly string[];
  /**
   * Toolsets to take away, after everything else. A `hermes-*` preset or the coding posture
   * removes only its non-core tools.
   */
  readonly disabledToolsets?: readonly string[];
  /** Suppress the report lines (and the registry's own check logging). Default false. */
  readonly quiet?: boolean;
  /** Defaults to the shared `registry` of `@hermes-agent/registry`. */
  readonly registry?: ToolsetsRegistry;
  /** Built-in and custom toolsets; defaults to the shared `toolsetCatalog`. */
  readonly catalog?: ToolsetCatalog;
  /** Receives each report line in non-quiet mode. Default: written to standard error. */
  readonly log?: (line: string) => void;
  /**
   * Anything that identifies the state of the user's config file (for example its mtime and
   * size). Part of the memo key, so an edited config yields a fresh selection.
   */
  readonly configFingerprint?: string | number;
  /**
   * The runtime's config source (any object with `fingerprint()`, such as @hermes-agent/config's
   * `ConfigSource`); its fingerprint is part of the memo key. Ignored when `configFingerprint`
   * is given.
   */
  readonly configSource?: { fingerprint(): string };
  /**
   * Path of the config file; its (mtime, size) become the fingerprint, costing one `stat`
   * per call. Ignored when `configFingerprint` is given.
   */
  readonly configPath?: string;
  /** Add the `kanban` toolset (Hermes does so when `HERMES_KANBAN_TASK` is set). Default false. */
  readonly kanbanTask?: boolean;
  /**
   * Per-tool schema rewrites for this selection; replaces the defaults, so spread
   * `DEFAULT_SCHEMA_PATCHES` to extend them. Keep the object stable: it is compared by identity
   * to reuse remembered results.
   */
  readonly schemaPatches?: SchemaPatches;
  /**
   * How long a remembered result may be reused, in milliseconds. Default 30 000, the registry's
   * check-cache TTL, so a tool whose check starts failing disappears within that time. 0
   * disables the memo.
   */
  readonly cacheTtlMs?: number;
}

/** Default `cacheTtlMs`. */
export const TOOL_DEFINITIONS_CACHE_TTL_MS = 30_000;

const writeToStderr = (line: string): void => {
  process.stderr.write(`${line}\n`);
};

/** How long a `configPath` stat is trusted, in milliseconds (as `ConfigSource` does). */
const CONFIG_STAT_TTL_MS = 100;
const configStats = new Map<string, { readonly value: string; readonly until: number }>();

function configFingerprintOf(options: GetToolDefinitionsOptions, now: number): string {
  if (options.configFingerprint !== undefined) return String(options.configFingerprint);
  if (options.configSource !== undefined) return options.configSource.fingerprint();
  const file = options.configPath;
  if (file === undefined) return "";
  const known = configStats.get(file);
  if (known !== undefined && now < known.until) return known.value;
  const stats = statSync(file, { bigint: true, throwIfNoEntry: false });
  const value = stats ? `${stats.mtimeNs}:${stats.size}:${stats.ino}` : "missing";
  if (configStats.size > 64) configStats.clear();
  configStats.set(file, { value, until: now + CONFIG_STAT_TTL_MS });
  return value;
}

/** A list as a key part that does not depend on order or repeats. */
function setKey(names: readonly string[]): string {
  if (names.length <= 1) return names.join("\u0000");
  return [...new Set(names)].sort().join("\u0000");
}

/** Distinct toolset lists seen, as small numbers, so a memo key stays short however long a list. */
const listIds = new Map<string, number>();
let nextListId = 1;
/** The id last computed for a list object, with a copy of its items to notice a change. */
const knownLists = new WeakMap<readonly string[], { items: readonly string[]; id: number }>();
const MAX_LIST_IDS = 1024;

function sameItems(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * A number that names the set of toolsets in `names` (order and repeats ignored). A caller that
 * passes the same list object again pays a comparison of its items (nothing for a frozen list),
 * not a sort and a join.
 */
function listId(names: readonly string[]): number {
  const known = knownLists.get(names);
  // A frozen list cannot have changed since it was seen: no comparison at all.
  if (known !== undefined && (known.items === names || sameItems(known.items, names)))
    return known.id;
  const key = setKey(names);
  let id = listIds.get(key);
  if (id === undefined) {
    if (listIds.size >= MAX_LIST_IDS) listIds.clear();
    id = nextListId++;
    listIds.set(key, id);
  }
  knownLists.set(names, { items: Object.isFrozen(names) ? names : names.slice(), id });
  return id;
}

function memoKey(
  options: GetToolDefinitionsOptions,
  registry: ToolsetsRegistry,
  catalog: ToolsetCatalog,
  now: number,
): string {
  const { enabledToolsets, disabledToolsets } = options;
  const enabled = enabledToolsets === undefined ? "all" : listId(enabledToolsets);
  const disabled = disabledToolsets === undefined ? "" : listId(disabledToolsets);
  const kanban = options.kanbanTask === true ? 1 : 0;
  const generation = `${registry.generation}.${registry.checkGeneration ?? 0}`;
  return `${generation}\u0001${catalog.id}:${catalog.version}\u0001${kanban}\u0001${configFingerprintOf(options, now)}\u0001${enabled}\u0001${disabled}`;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * Keep the remembered schema immutable: the registry freezes its schemas, but a patch or a
 * schema override may hand back objects of its own; their parameters are cloned before being
 * frozen (the caller keeps its object), and the schema itself is frozen.
 */
function frozenSchema(schema: FunctionSchema): FunctionSchema {
  // The registry's schemas are frozen throughout: nothing to do (the common case, kept cheap).
  if (Object.isFrozen(schema) && Object.isFrozen(schema.parameters)) return schema;
  if (Object.isFrozen(schema.parameters)) return deepFreeze({ ...schema });
  return deepFreeze({ ...schema, parameters: structuredClone(schema.parameters) });
}

/**
 * Patched definitions; the registry's list is copied on the first change, never written to. A
 * patch that throws leaves its tool's schema as registered (reported unless quiet). The patched
 * tools are found by binary search in the registry's list (sorted by name), and the patches'
 * `availableTools` looks names up the same way, so patching costs the same at any tool count.
 */
function applyPatches(
  fromRegistry: readonly ToolDefinition[],
  patches: SchemaPatches,
  lines: string[] | undefined,
): readonly ToolDefinition[] {
  let definitions = fromRegistry;
  let context: SchemaPatchContext | undefined;
  const found: number[] = [];
  for (const name of Object.keys(patches)) {
    const index = indexOfTool(fromRegistry, name);
    if (index >= 0) found.push(index);
  }
  // In list order, as the tools are listed (and their warnings reported).
  found.sort((a, b) => a - b);
  for (const i of found) {
    const registered = (fromRegistry[i] as ToolDefinition).function;
    let schema = registered;
    const patch = patches[schema.name] as SchemaPatch;
    context ??= { availableTools: new SortedToolNames(fromRegistry) };
    try {
      schema = patch(schema, context);
    } catch (error) {
      lines?.push(
        `⚠️  Schema patch for '${schema.name}' failed, using its registered schema: ${String(error)}`,
      );
    }
    schema = frozenSchema(schema);
    if (schema === registered) continue;
    if (definitions === fromRegistry) definitions = fromRegistry.slice();
    (definitions as ToolDefinition[])[i] = Object.freeze({ type: "function", function: schema });
  }
  return definitions;
}

function reportSelection(lines: string[], definitions: readonly ToolDefinition[]): void {
  if (definitions.length === 0) {
    lines.push("🛠️  No tools selected (all filtered out or unavailable)");
    return;
  }
  const names = definitions.map((definition) => definition.function.name);
  lines.push(`🛠️  Final tool selection (${names.length} tools): ${names.join(", ")}`);
}

/**
 * The tool list to send to the model: the selected toolsets resolved to tool names, minus the
 * disabled ones, filtered by each tool's availability check, with the `execute_code` and
 * `browser_navigate` schemas patched to mention only tools that are really there. Sorted by
 * tool name.
 *
 * Results are remembered per registry (8 selections, first in first out) under the enabled and
 * disabled lists, the registry generation, the custom toolsets, `kanbanTask` and the config
 * fingerprint, for at most `cacheTtlMs`. The list returned is frozen, as is everything in it, and
 * a remembered result is returned as is (the same list on every hit, so a hit costs the same at
 * any number of tools): copy it (`[...list]`, `structuredClone`) before changing anything.
 */
export function getToolDefinitions(
  options: GetToolDefinitionsOptions = {},
): readonly ToolDefinition[] {
  const registry = options.registry ?? defaultRegistry();
  const patches = options.schemaPatches ?? DEFAULT_SCHEMA_PATCHES;
  const quiet = options.quiet === true;
  const log = options.log ?? writeToStderr;
  const ttl = options.cacheTtlMs ?? TOOL_DEFINITIONS_CACHE_TTL_MS;
  const now = performance.now();
  const catalog = options.catalog ?? toolsetCatalog;
  const key = memoKey(options, registry, catalog, now);

  if (ttl > 0) {
    const entry = recallDefinitions(registry, key, patches, now - ttl);
    if (entry !== undefined && (quiet || entry.lines !== undefined)) {
      if (!quiet) for (const line of entry.lines ?? []) log(line);
      return entry.definitions;
    }
  }

  const lines: string[] | undefined = quiet ? undefined : [];
  const names = selectToolNames({
    enabledToolsets: options.enabledToolsets,
    disabledToolsets: options.disabledToolsets,
    kanbanTask: options.kanbanTask === true,
    view: registryView(registry, catalog),
    lines,
  });
  const definitions = applyPatches(registry.getDefinitions(names, { quiet }), patches, lines);
  if (lines) {
    reportSelection(lines, definitions);
    for (const line of lines) log(line);
  }
  // The registry built a new list for this call; once frozen it is shared by every hit.
  const result = Object.freeze(definitions);
  if (ttl > 0)
    rememberDefinitions(registry, key, { patches, createdAt: now, definitions: result, lines });
  return result;
}
