import { registry } from "@hermes-agent/registry";
import type { ToolsetsRegistry } from "./toolsets-registry.js";

/** The shared registry every lookup uses unless given another. */
export function defaultRegistry(): ToolsetsRegistry {
  return registry;
}
