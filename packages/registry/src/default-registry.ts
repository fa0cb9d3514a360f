import { ToolRegistry } from "./tool-registry.js";

/**
 * The shared registry that tool modules register into at top level
 * (`registry.register({...})`). Use `new ToolRegistry()` for an isolated one.
 */
export const registry: ToolRegistry = new ToolRegistry();
