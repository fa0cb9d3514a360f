import type { PluginSource } from "./discovered-plugin.js";
import type { PluginKind } from "./plugin-manifest.js";

/**
 * Where a plugin stands: loaded; found but not in `plugins.enabled`; in `plugins.disabled`;
 * failed (manifest, import, register or version error); or skipped (an exclusive plugin, which
 * its own subsystem loads).
 */
export type PluginState = "loaded" | "not_enabled" | "disabled" | "failed" | "skipped";

/** A tool that is registered but hidden from the model, and why. */
export interface UnavailablePluginTool {
  readonly name: string;
  readonly reason: string;
}

/** One plugin as `plugins list` and `doctor` show it. */
export interface PluginStatus {
  readonly key: string;
  readonly name: string;
  readonly version: string;
  readonly description: string;
  readonly source: PluginSource;
  readonly dir: string;
  /** The npm package an npm plugin comes from. */
  readonly packageName?: string;
  readonly kind: PluginKind | undefined;
  readonly state: PluginState;
  /** Why it failed, was skipped or is not loaded, with what to do. */
  readonly message?: string;
  /** The error code of a failure (a `PluginLoaderErrorCode`). */
  readonly errorCode?: string;
  readonly tools: readonly string[];
  readonly hooks: readonly string[];
  readonly middleware: readonly string[];
  readonly commands: readonly string[];
  readonly skills: readonly string[];
  readonly unavailableTools: readonly UnavailablePluginTool[];
}

/** A shell hook from config.yaml and whether it is active. */
export interface ShellHookStatus {
  readonly event: string;
  readonly command: string;
  readonly matcher: string | undefined;
  readonly timeoutSeconds: number;
  readonly failClosed: boolean;
  /** False when it lacks consent (see the plugin-loader README). */
  readonly active: boolean;
}

/** Everything the loader did. */
export interface PluginLoadReport {
  /** HERMES_SAFE_MODE was set: no plugin and no shell hook was loaded. */
  readonly safeMode: boolean;
  readonly plugins: readonly PluginStatus[];
  readonly shellHooks: readonly ShellHookStatus[];
}
