import { getToolset, resolveToolset, type ToolsetLookupOptions } from "./resolve-toolset.js";
import type { ToolsetInfo } from "./toolset-types.js";

/** A toolset's definition plus everything it resolves to, or undefined if the name is unknown. */
export function getToolsetInfo(
  name: string,
  options?: ToolsetLookupOptions,
): ToolsetInfo | undefined {
  const toolset = getToolset(name, options);
  if (!toolset) return undefined;
  const resolvedTools = resolveToolset(name, options);
  return {
    name,
    description: toolset.description,
    directTools: toolset.tools,
    includes: toolset.includes,
    resolvedTools,
    toolCount: resolvedTools.length,
    isComposite: toolset.includes.length > 0,
  };
}
