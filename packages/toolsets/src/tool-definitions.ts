import { statSync } from "node:fs";
import type { FunctionSchema, ToolDefinition } from "@hermes-agent/registry";
import { toolsetCatalog, type ToolsetCatalog } from "./custom-toolsets.js";
import { defaultRegistry } from "./default-registry.js";
import { recallDefinitions, rememberDefinitions } from "./definitions-memo.js";
import {
  DEFAULT_SCHEMA_PATCHES,
  type SchemaPatchContext,
  type SchemaPatches,
} from "./schema-patches.js";
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

function memoKey(
  options: GetToolDefinitionsOptions,
  registry: ToolsetsRegistry,
  catalog: ToolsetCatalog,
  now: number,
): string {
  const { enabledToolsets, disabledToolsets } = options;
  const enabled = enabledToolsets === undefined ? "\u0002" : setKey(enabledToolsets);
  const disabled = disabledToolsets === undefined ? "" : setKey(disabledToolsets);
  const kanban = options.kanbanTask === true ? 1 : 0;
  const generation = `${registry.generation}.${registry.checkGeneration ?? 0}`;
  return `${generation}\u0001${catalog.id}:${catalog.version}\u0001${kanban}\u0001${configFingerprintOf(options, now)}\u0001${enabled}\u0001${disabled}`;
}

/** True when some schema carries keys beyond name, description and parameters. */
function hasExtraKeys(definitions: readonly ToolDefinition[]): boolean {
  return definitions.some((definition) => Object.keys(definition.function).length !== 3);
}

/**
 * A copy the caller owns: a new list of new definition and function objects. Spreading the
 * registry's frozen schemas is about ten times slower than naming the three usual keys, so
 * spread is kept for lists where some schema has more.
 */
function copyDefinitions(
  definitions: readonly ToolDefinition[],
  extraKeys: boolean,
): ToolDefinition[] {
  const copy = new Array<ToolDefinition>(definitions.length);
  for (let i = 0; i < definitions.length; i++) {
    const schema = (definitions[i] as ToolDefinition).function;
    copy[i] = {
      type: "function",
      function: extraKeys
        ? { ...schema }
        : { name: schema.name, description: schema.description, parameters: schema.parameters },
    };
  }
  return copy;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * Keep the remembered parameters immutable: the registry freezes its schemas, but a schema
 * override may hand back an object of its own, which is cloned before being frozen.
 */
function frozenParameters(schema: FunctionSchema): FunctionSchema {
  if (Object.isFrozen(schema.parameters)) return schema;
  return { ...schema, parameters: deepFreeze(structuredClone(schema.parameters)) };
}

/**
 * Patched definitions; the registry's list is copied on the first change, never written to. A
 * patch that throws leaves its tool's schema as registered (reported unless quiet).
 */
function applyPatches(
  fromRegistry: readonly ToolDefinition[],
  patches: SchemaPatches,
  lines: string[] | undefined,
): readonly ToolDefinition[] {
  let definitions = fromRegistry;
  let context: SchemaPatchContext | undefined;
  for (let i = 0; i < fromRegistry.length; i++) {
    const registered = (fromRegistry[i] as ToolDefinition).function;
    let schema = registered;
    const patch = Object.hasOwn(patches, schema.name) ? patches[schema.name] : undefined;
    if (patch !== undefined) {
      context ??= { availableTools: new Set(fromRegistry.map((d) => d.function.name)) };
      try {
        schema = patch(schema, context);
      } catch (error) {
        lines?.push(
          `⚠️  Schema patch for '${schema.name}' failed, using its registered schema: ${String(error)}`,
        );
      }
    }
    schema = frozenParameters(schema);
    if (schema === registered) continue;
    if (definitions === fromRegistry) definitions = fromRegistry.slice();
    (definitions as ToolDefinition[])[i] = { type: "function", function: schema };
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
 * fingerprint, for at most `cacheTtlMs`. Every call returns a fresh list of fresh definition and
 * function objects; the `parameters` objects are shared and frozen, so clone one before editing.
 */
export function getToolDefinitions(options: GetToolDefinitionsOptions = {}): ToolDefinition[] {
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
      return copyDefinitions(entry.definitions, entry.extraKeys);
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
  const extraKeys = hasExtraKeys(definitions);
  if (ttl > 0)
    rememberDefinitions(registry, key, { patches, createdAt: now, definitions, extraKeys, lines });
  return copyDefinitions(definitions, extraKeys);
}
