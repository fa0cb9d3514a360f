// Placeholder until @hermes-agent/registry lands; replaced by a Pick of ToolRegistry.
import type { ToolDefinition } from "@hermes-agent/registry";

/** The part of a `ToolRegistry` this package uses. */
export interface ToolsetsRegistry {
  readonly generation: number;
  getAllToolNames(): readonly string[];
  getToolsetForTool(name: string): string | undefined;
  getToolsetAliases(): Readonly<Record<string, string>>;
  getDefinitions(names: Iterable<string>, options?: { readonly quiet?: boolean }): ToolDefinition[];
}
