import { statSync } from "node:fs";
import { performance } from "node:perf_hooks";
import type { FunctionSchema, ToolDefinition } from "@hermes-agent/registry";
import { getCustomToolsetsVersion } from "./custom-toolsets.js";
import { defaultRegistry } from "./default-registry.js";
import { recallDefinitions, rememberDefinitions } from "./definitions-memo.js";
import { DEFAULT_SCHEMA_PATCHES, type SchemaPatchContext, type SchemaPatches } from "./schema-patches.js";
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
  /** Receives each report line in non-quiet mode. Default: written to standard error. */
  readonly log?: (line: string) => void;
  /**
   * Anything that identifies the state of the user's config file (for example its mtime and
   * size). Part of the memo key, so an edited config yields a fresh selection.
   */
  readonly configFingerprint?: string | number;
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

function configFingerprintOf(options: GetToolDefinitionsOptions): string {
  if (options.configFingerprint !== undefined) return String(options.configFingerprint);
  if (options.configPath === undefined) return "";
  const stats = statSync(options.configPath, { bigint: true, throwIfNoEntry: false });
  return stats ? `${stats.mtimeNs}:${stats.size}` : "missing";
}

function memoKey(options: GetToolDefinitionsOptions, generation: number): string {
  const { enabledToolsets, disabledToolsets } = options;
  return [
    generation,
    getCustomToolsetsVersion(),
    options.kanbanTask === true ? 1 : 0,
    configFingerprintOf(options),
    enabledToolsets === undefined ? "\u0002" : enabledToolsets.join("\u0000"),
    disabledToolsets === undefined ? "" : disabledToolsets.join("\u0000"),
  ].join("\u0001");
}

/** A copy the caller owns: a new list of new definition and function objects. */
function copyDefinitions(definitions: readonly ToolDefinition[]): ToolDefinition[] {
  const copy = new Array<ToolDefinition>(definitions.length);
  for (let i = 0; i < definitions.length; i++) {
    const definition = definitions[i] as ToolDefinition;
    copy[i] = { type: "function", function: { ...definition.function } };
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

/** Patched definitions; the registry's list is copied on the first change, never written to. */
function applyPatches(fromRegistry: readonly ToolDefinition[], patches: SchemaPatches): readonly ToolDefinition[] {
  let definitions = fromRegistry;
  let context: SchemaPatchContext | undefined;
  for (let i = 0; i < fromRegistry.length; i++) {
    const definition = definitions[i] as ToolDefinition;
    let schema = frozenParameters(definition.function);
    if (Object.hasOwn(patches, schema.name)) {
      context ??= { availableTools: new Set(fromRegistry.map((d) => d.function.name)) };
      schema = (patches[schema.name] as NonNullable<SchemaPatches[string]>)(schema, context);
    }
    if (schema === definition.function) continue;
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
  const key = memoKey(options, registry.generation);

  if (ttl > 0) {
    const entry = recallDefinitions(registry, key, patches, now - ttl);
    if (entry !== undefined && (quiet || entry.lines !== undefined)) {
      if (!quiet) for (const line of entry.lines ?? []) log(line);
      return copyDefinitions(entry.definitions);
    }
  }

  const lines: string[] | undefined = quiet ? undefined : [];
  const names = selectToolNames({
    enabledToolsets: options.enabledToolsets,
    disabledToolsets: options.disabledToolsets,
    kanbanTask: options.kanbanTask === true,
    view: registryView(registry),
    lines,
  });
  const definitions = applyPatches(registry.getDefinitions(names, { quiet }), patches);
  if (lines) {
    reportSelection(lines, definitions);
    for (const line of lines) log(line);
  }
  if (ttl > 0) rememberDefinitions(registry, key, { patches, createdAt: now, definitions, lines });
  return copyDefinitions(definitions);
}
