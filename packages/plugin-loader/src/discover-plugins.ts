import path from "node:path";
import type { EnvironmentVariables, Logger } from "@hermes-agent/core";
import type { DiscoveredPlugin } from "./discovered-plugin.js";
import { envFlag, PROJECT_PLUGINS_ENV } from "./env-flags.js";
import { discoverFolderPlugins } from "./folder-discovery.js";
import { discoverNpmPlugins } from "./npm-discovery.js";

/** Where {@link discoverPlugins} looks. */
export interface DiscoverPluginsOptions {
  /** The Hermes home; user plugins are in `<hermesHome>/plugins`. */
  readonly hermesHome: string;
  /** The project folder; project plugins are in `<cwd>/.hermes/plugins`. */
  readonly cwd: string;
  /** Read for HERMES_ENABLE_PROJECT_PLUGINS. */
  readonly env: EnvironmentVariables;
  /**
   * node_modules folders searched for npm plugins: the packages the package.json beside each
   * declares (every top-level package where there is none), and the ones `enabled` names.
   */
  readonly npmRoots: readonly string[];
  /**
   * `plugins.enabled`: a name no user or project plugin has is looked up as a package in the npm
   * roots, even when undeclared.
   */
  readonly enabled?: readonly string[];
  /** Told about plugins that replace others on the same key, and manifest warnings. */
  readonly logger: Logger;
}

/**
 * Find every plugin, in Hermes' order: user plugins, project plugins (only when
 * HERMES_ENABLE_PROJECT_PLUGINS is set), npm packages the project asked for. A later source replaces an earlier one on
 * the same key, with a warning. The result is sorted by key.
 */
export function discoverPlugins(options: DiscoverPluginsOptions): DiscoveredPlugin[] {
  const byKey = new Map<string, DiscoveredPlugin>();
  const add = (plugins: readonly DiscoveredPlugin[]): void => {
    for (const plugin of plugins) {
      const earlier = byKey.get(plugin.key);
      if (earlier !== undefined) {
        options.logger.warn(
          `Plugin '${plugin.key}' from ${plugin.source} (${plugin.dir}) replaces the one from ` +
            `${earlier.source} (${earlier.dir})`,
        );
      }
      for (const warning of plugin.warnings) options.logger.warn(warning);
      byKey.set(plugin.key, plugin);
    }
  };
  add(discoverFolderPlugins(path.join(options.hermesHome, "plugins"), "user"));
  if (envFlag(options.env, PROJECT_PLUGINS_ENV)) {
    add(discoverFolderPlugins(path.join(options.cwd, ".hermes", "plugins"), "project"));
  }
  // An enabled name a folder plugin already answers is not tried as a package name: a stray
  // package of that name cannot take the user's plugin over.
  const requested = (options.enabled ?? []).filter((name) => !byKey.has(name));
  add(
    discoverNpmPlugins(options.npmRoots, {
      requested,
      warn: (message) => options.logger.warn(message),
    }),
  );
  return [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
