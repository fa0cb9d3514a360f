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

/** Names `all` and `*` mean "every toolset" and cannot be defined. */
export const ALL_TOOLSETS_NAMES: ReadonlySet<string> = new Set(["all", "*"]);

let nextCatalogId = 0;

/**
 * The built-in toolsets plus the custom ones defined at runtime. `new ToolsetCatalog()` gives an
 * isolated catalog (one per runtime, tests); `toolsetCatalog` is the shared default that
 * `createCustomToolset` and every lookup without a `catalog` option use.
 */
export class ToolsetCatalog {
  /** Distinguishes catalogs in the tool-definitions memo. */
  readonly id: number = nextCatalogId++;
  readonly #custom = new Map<string, ToolsetDefinition>();
  #version = 0;

  /** Bumped on every custom toolset change (part of the tool-definitions memo key). */
  get version(): number {
    return this.#version;
  }

  /**
   * Define (or redefine) a toolset. It resolves, validates and lists like a built-in one, and
   * shadows a built-in of the same name until removed.
   * @throws {@link ToolsetsError} `TOOLSETS_INVALID_TOOLSET_NAME` for an empty name, `all` or `*`.
   */
  define(options: CustomToolsetOptions): void {
    const { name } = options;
    if (typeof name !== "string" || name.trim() === "" || ALL_TOOLSETS_NAMES.has(name)) {
      throw new ToolsetsError(
        ToolsetsErrorCode.InvalidToolsetName,
        `Invalid custom toolset name ${JSON.stringify(name)}: it must be a non-empty string other than "all" or "*"`,
      );
    }
    this.#custom.set(name, defineToolset(options.description, options.tools, options.includes));
    this.#version++;
  }

  /** Remove a custom toolset; returns whether it existed. A shadowed built-in becomes visible again. */
  remove(name: string): boolean {
    const existed = this.#custom.delete(name);
    if (existed) this.#version++;
    return existed;
  }

  /** The static definition of a toolset: custom first, then the built-in catalog. */
  get(name: string): ToolsetDefinition | undefined {
    return this.#custom.get(name) ?? (Object.hasOwn(TOOLSETS, name) ? TOOLSETS[name] : undefined);
  }

  /** Names of every static toolset (built-in and custom), unsorted. */
  names(): Iterable<string> {
    if (this.#custom.size === 0) return Object.keys(TOOLSETS);
    return new Set([...Object.keys(TOOLSETS), ...this.#custom.keys()]);
  }
}

/** The shared default catalog, like Hermes' process-wide TOOLSETS dict. */
export const toolsetCatalog: ToolsetCatalog = new ToolsetCatalog();

/** {@link ToolsetCatalog.define} on the shared default catalog. */
export function createCustomToolset(options: CustomToolsetOptions): void {
  toolsetCatalog.define(options);
}

/** {@link ToolsetCatalog.remove} on the shared default catalog. */
export function removeCustomToolset(name: string): boolean {
  return toolsetCatalog.remove(name);
}
