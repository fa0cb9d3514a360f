import { defineToolset } from "./define-toolset.js";
import { TOOLSETS } from "./toolset-catalog.js";
import { ToolsetsErrorCode, ToolsetsError } from "./toolsets-error.js";
import type { ToolsetDefinition } from "./toolset-types.js";

/** What `createCustomToolset` needs. */
export interface CustomToolsetOptions {
  readonly name: string;
  readonly description: string;
  /** Tools listed directly. */
  readonly tools?: Iterable<string>;
  /** Other toolsets (static, custom or registry) whose tools are included. */
  readonly includes?: Iterable<string>;
}

// Process-wide, like Hermes' mutable TOOLSETS dict: a custom toolset is visible to every
// registry. `customToolsetsVersion` feeds the getToolDefinitions memo key.
const customToolsets = new Map<string, ToolsetDefinition>();
let customToolsetsVersion = 0;

/** Names `all` and `*` mean "every toolset" and cannot be defined. */
export const ALL_TOOLSETS_NAMES: ReadonlySet<string> = new Set(["all", "*"]);

/**
 * Define (or redefine) a toolset at runtime. It resolves, validates and lists like a built-in
 * one, and shadows a built-in of the same name until removed.
 */
export function createCustomToolset(options: CustomToolsetOptions): void {
  const { name } = options;
  if (typeof name !== "string" || name.trim() === "" || ALL_TOOLSETS_NAMES.has(name)) {
    throw new ToolsetsError(
      ToolsetsErrorCode.InvalidToolsetName,
      `Invalid custom toolset name ${JSON.stringify(name)}: it must be a non-empty string other than "all" or "*"`,
    );
  }
  customToolsets.set(name, defineToolset(options.description, options.tools, options.includes));
  customToolsetsVersion++;
}

/** Remove a custom toolset; returns whether it existed. A shadowed built-in becomes visible again. */
export function removeCustomToolset(name: string): boolean {
  const existed = customToolsets.delete(name);
  if (existed) customToolsetsVersion++;
  return existed;
}

/** Bumped on every custom toolset change. */
export function getCustomToolsetsVersion(): number {
  return customToolsetsVersion;
}

/** The static definition of a toolset: custom first, then the built-in catalog. */
export function getStaticToolset(name: string): ToolsetDefinition | undefined {
  return customToolsets.get(name) ?? (Object.hasOwn(TOOLSETS, name) ? TOOLSETS[name] : undefined);
}

/** Names of every static toolset (built-in and custom), unsorted. */
export function getStaticToolsetNames(): Iterable<string> {
  if (customToolsets.size === 0) return Object.keys(TOOLSETS);
  return new Set([...Object.keys(TOOLSETS), ...customToolsets.keys()]);
}
