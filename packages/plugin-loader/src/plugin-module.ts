import { pathToFileURL } from "node:url";
import type { DiscoveredPlugin } from "./discovered-plugin.js";
import {
  PLUGIN_CONTEXT_VERSION,
  type PluginContext,
  type PluginDefinition,
  type PluginManifestInput,
} from "./plugin-context.js";
import { PluginLoaderError, PluginLoaderErrorCode } from "./plugin-loader-error.js";

/** A plugin module reduced to what the loader calls. */
export interface PluginModule {
  readonly register: (ctx: PluginContext) => unknown;
  readonly contextVersion: number;
  readonly manifest: PluginManifestInput;
}

function isDefinition(value: unknown): value is PluginDefinition {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { hermesPlugin?: unknown }).hermesPlugin === true &&
    typeof (value as { register?: unknown }).register === "function"
  );
}

/**
 * Import a plugin's entry module and find its entry point: a `definePlugin` definition exported
 * as `plugin` or default, else a `register(ctx)` function (named or default export). `instance`
 * > 0 imports a fresh copy of the entry module (used by reload).
 * @throws {@link PluginLoaderError} when there is no entry, the import fails, there is no
 * register function, or the plugin needs a newer context.
 */
export async function importPluginModule(
  plugin: DiscoveredPlugin,
  instance: number,
): Promise<PluginModule> {
  if (plugin.entry === undefined) {
    throw new PluginLoaderError(
      PluginLoaderErrorCode.EntryMissing,
      `Plugin '${plugin.key}' has no entry module in ${plugin.dir}: add index.js (or set 'main' in ` +
        "plugin.yaml) exporting register(ctx). A TypeScript plugin must be built to JavaScript first.",
    );
  }
  const url = pathToFileURL(plugin.entry);
  if (instance > 0) url.searchParams.set("instance", String(instance));
  let namespace: Record<string, unknown>;
  try {
    namespace = (await import(url.href)) as Record<string, unknown>;
  } catch (error) {
    throw new PluginLoaderError(
      PluginLoaderErrorCode.ImportFailed,
      `Plugin '${plugin.key}' failed to import ${plugin.entry}: ${describe(error)}`,
      { cause: error },
    );
  }
  const module = moduleOf(namespace);
  if (module === undefined) {
    throw new PluginLoaderError(
      PluginLoaderErrorCode.NoRegister,
      `Plugin '${plugin.key}' has no register() function: ${plugin.entry} must export ` +
        "register(ctx) or a definePlugin(...) definition as 'plugin'.",
    );
  }
  if (module.contextVersion > PLUGIN_CONTEXT_VERSION) {
    throw new PluginLoaderError(
      PluginLoaderErrorCode.ContextVersion,
      `Plugin '${plugin.key}' was written for PluginContext version ${module.contextVersion}, but ` +
        `this runtime provides version ${PLUGIN_CONTEXT_VERSION}. Upgrade hermes-agent, or install ` +
        "a release of the plugin made for this version.",
    );
  }
  return module;
}

function moduleOf(namespace: Record<string, unknown>): PluginModule | undefined {
  for (const candidate of [namespace.plugin, namespace.default]) {
    if (isDefinition(candidate)) {
      return {
        register: (ctx) => candidate.register(ctx),
        contextVersion: candidate.contextVersion,
        manifest: candidate.manifest,
      };
    }
  }
  const register =
    typeof namespace.register === "function" ? namespace.register : namespace.default;
  if (typeof register !== "function") return undefined;
  const declared = namespace.contextVersion;
  return {
    register: register as (ctx: PluginContext) => unknown,
    contextVersion: typeof declared === "number" ? declared : 1,
    manifest: {},
  };
}

/** An error's message (or the thrown value) for a one-line report. */
export function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
