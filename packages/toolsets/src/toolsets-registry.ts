import type { ToolRegistry } from "@hermes-agent/registry";

/**
 * The part of a `ToolRegistry` this package uses; any `ToolRegistry` fits. The live toolset
 * index is what keeps resolution linear: one lookup per toolset instead of a registry scan.
 */
export type ToolsetsRegistry = Pick<
  ToolRegistry,
  "generation" | "getToolsetIndex" | "resolveToolsetAlias" | "getToolsetAliases" | "getDefinitions"
> &
  Partial<Pick<ToolRegistry, "checkGeneration">>;
