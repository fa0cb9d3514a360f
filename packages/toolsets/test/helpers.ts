import { silentLogger } from "@hermes-agent/core";
import { ToolRegistry, type CheckFn } from "@hermes-agent/registry";

/** A registry that logs nothing. */
export function quietRegistry(): ToolRegistry {
  return new ToolRegistry({ logger: silentLogger });
}

/** Register trivial tools into one toolset. */
export function registerTools(
  registry: ToolRegistry,
  toolset: string,
  names: readonly string[],
  options: { readonly checkFn?: CheckFn; readonly description?: (name: string) => string } = {},
): void {
  for (const name of names) {
    registry.register({
      name,
      toolset,
      schema: {
        description: options.description?.(name) ?? `The ${name} tool.`,
        parameters: { type: "object", properties: { input: { type: "string" } } },
      },
      handler: () => "ok",
      ...(options.checkFn ? { checkFn: options.checkFn } : {}),
    });
  }
}

/** The leaf toolset a built-in tool belongs to (its first non-preset toolset in the catalog). */
function homeToolsets(
  catalog: Readonly<Record<string, { readonly tools: readonly string[] }>>,
): Map<string, string> {
  const home = new Map<string, string>();
  for (const [toolset, definition] of Object.entries(catalog)) {
    if (
      toolset.startsWith("hermes-") ||
      toolset === "coding" ||
      toolset === "debugging" ||
      toolset === "search"
    )
      continue;
    for (const tool of definition.tools) if (!home.has(tool)) home.set(tool, toolset);
  }
  return home;
}

/** Register built-in tools under their home toolsets, with descriptions from `descriptions` when given. */
export function registerBuiltins(
  registry: ToolRegistry,
  catalog: Readonly<Record<string, { readonly tools: readonly string[] }>>,
  tools: readonly string[],
  descriptions: Readonly<Record<string, string>> = {},
): void {
  const home = homeToolsets(catalog);
  for (const tool of tools) {
    registerTools(registry, home.get(tool) ?? "misc", [tool], {
      description: (name) => descriptions[name] ?? `The ${name} tool.`,
    });
  }
}
