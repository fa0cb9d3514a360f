import type { ToolsetDefinition } from "./toolset-types.js";

function sortedUnique(names: Iterable<string>): readonly string[] {
  return Object.freeze([...new Set(names)].sort());
}

/** Build a frozen toolset entry whose lists are de-duplicated and sorted. */
export function defineToolset(
  description: string,
  tools: Iterable<string> = [],
  includes: Iterable<string> = [],
): ToolsetDefinition {
  return Object.freeze({
    description,
    tools: sortedUnique(tools),
    includes: sortedUnique(includes),
  });
}
