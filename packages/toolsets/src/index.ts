// Anything exported here is public API of @hermes-agent/toolsets: change it only in a major version.
/**
 * `@hermes-agent/toolsets`: which tools the model is shown. Named toolsets, platform presets,
 * legacy `*_tools` names, and `getToolDefinitions`, which turns a Hermes toolset selection into
 * the availability-checked, patched tool list for the model.
 *
 * @packageDocumentation
 */

/** Shape of a toolset entry and of the info `getToolsetInfo` returns. */
export type { ToolsetDefinition, ToolsetInfo } from "./toolset-types.js";

/**
 * The built-in catalog (`web`, `terminal`, `file`, ..., `debugging`, `safe`, `coding`, and every
 * `hermes-*` preset), with Hermes' names; each entry `{ description, tools, includes }`.
 */
export { TOOLSETS } from "./toolset-catalog.js";

/** The `hermes-*` platform presets, all built on `HERMES_CORE_TOOLS`, and their names. */
export { PLATFORM_PRESETS, PLATFORM_PRESET_NAMES } from "./platform-presets.js";

/**
 * Shared tool lists: the core list of every platform preset, the webhook-safe tools, the coding
 * posture, and the browser, Home Assistant and kanban families.
 */
export {
  BROWSER_TOOLS,
  CODING_TOOLS,
  HERMES_CORE_TOOLS,
  HERMES_WEBHOOK_SAFE_TOOLS,
  HOME_ASSISTANT_TOOLS,
  KANBAN_TOOLS,
} from "./core-tools.js";

/** Legacy `*_tools` toolset names and the modern tools each stands for. */
export { LEGACY_TOOLSET_MAP, resolveLegacyToolset } from "./legacy-toolsets.js";

/** Toolsets defined at runtime: they resolve, validate and list like built-in ones. */
export {
  createCustomToolset,
  removeCustomToolset,
  ToolsetCatalog,
  toolsetCatalog,
} from "./custom-toolsets.js";
/** Options of `createCustomToolset`. */
export type { CustomToolsetOptions } from "./custom-toolsets.js";

/**
 * Resolution over the catalog, custom toolsets and the registry (MCP servers, their aliases,
 * plugin toolsets). Every list returned is sorted.
 */
export {
  getToolset,
  getToolsetNames,
  resolveMultipleToolsets,
  resolveToolset,
  validateToolset,
} from "./resolve-toolset.js";
/** Options of the resolution functions. */
export type { GetToolsetOptions, ToolsetLookupOptions } from "./resolve-toolset.js";

/** A toolset's definition with its resolved tools, count and whether it is composite. */
export { getToolsetInfo } from "./toolset-info.js";

/** The model's tool list for a toolset selection, memoized. */
export { getToolDefinitions, TOOL_DEFINITIONS_CACHE_TTL_MS } from "./tool-definitions.js";
/** Options of `getToolDefinitions`. */
export type { GetToolDefinitionsOptions } from "./tool-definitions.js";

/** Forget memoized tool definitions (one registry's, or all), and the memo's size. */
export { clearToolDefinitionsCache, TOOL_DEFINITIONS_CACHE_SIZE } from "./definitions-memo.js";

/**
 * Per-selection schema rewrites: `execute_code` lists only the sandbox tools offered,
 * `browser_navigate` stops recommending web tools that are absent.
 */
export {
  DEFAULT_SCHEMA_PATCHES,
  SANDBOX_ALLOWED_TOOLS,
  describeSandboxTools,
  patchBrowserNavigateSchema,
  patchExecuteCodeSchema,
  sandboxToolsFor,
} from "./schema-patches.js";
/** Types of schema patches. */
export type { SchemaPatch, SchemaPatchContext, SchemaPatches } from "./schema-patches.js";

/** The registry methods this package needs; any `ToolRegistry` satisfies it. */
export type { ToolsetsRegistry } from "./toolsets-registry.js";

/** Errors this package throws, with stable codes. */
export { ToolsetsErrorCode, ToolsetsError } from "./toolsets-error.js";
export { VERSION } from "./version.js";
