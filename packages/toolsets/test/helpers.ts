import { silentLogger, ToolRegistry, type CheckFn } from "@hermes-agent/registry";

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
