import { silentLogger } from "@hermes-agent/core";
import { ToolRegistry } from "@hermes-agent/registry";
import { registerWebTools, type WebToolsDeps } from "../../src/index.js";

/** A fresh registry with the web tools, quiet logs. */
export function webRegistry(deps: WebToolsDeps): ToolRegistry {
  const registry = new ToolRegistry({ logger: silentLogger });
  registerWebTools(registry, { logger: silentLogger, ...deps });
  return registry;
}

/** Dispatch a call and parse its JSON result. */
export async function call(
  registry: ToolRegistry,
  name: string,
  args: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const output = await registry.dispatch(name, args);
  if (typeof output !== "string") throw new Error("expected a string result");
  return JSON.parse(output) as Record<string, unknown>;
}
