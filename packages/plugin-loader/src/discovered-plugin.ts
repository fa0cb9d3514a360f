import type { PluginManifest } from "./plugin-manifest.js";
import type { PluginLoaderError } from "./plugin-loader-error.js";

/** Where a plugin was found: the user's Hermes home, the project, or an npm package. */
export type PluginSource = "user" | "project" | "npm";

/** A plugin found by discovery, before it is loaded. */
export interface DiscoveredPlugin {
  /** The key used in `plugins.enabled` / `plugins.disabled`: `name` or `category/name`. */
  readonly key: string;
  readonly source: PluginSource;
  /** The plugin folder (for npm plugins, the package folder). */
  readonly dir: string;
  /** Undefined when the manifest could not be read; `error` says why. */
  readonly manifest: PluginManifest | undefined;
  /** Absolute path of the entry module, or undefined when there is none. */
  readonly entry: string | undefined;
  /** The npm package name, for npm plugins. */
  readonly packageName?: string;
  readonly warnings: readonly string[];
  readonly error?: PluginLoaderError;
}
