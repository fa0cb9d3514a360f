import type { Logger } from "@hermes-agent/core";
import type { DispatchContext, ToolOutput, ToolSpec } from "@hermes-agent/registry";
import type { HookName, MiddlewareKind } from "./hook-names.js";
import type { HookCallback, Middleware } from "./hook-types.js";
import type { PluginCommandHandler } from "./plugin-host.js";
import type { PluginManifest } from "./plugin-manifest.js";

/**
 * Version of the {@link PluginContext} this package provides. It grows when the context gains
 * something a plugin may rely on; a plugin built for a newer version is refused at load with a
 * clear error instead of failing later on a missing method.
 */
export const PLUGIN_CONTEXT_VERSION = 1;

/** What a plugin's `register(ctx)` receives: the one way a plugin changes the runtime. */
export interface PluginContext {
  /** {@link PLUGIN_CONTEXT_VERSION} of the runtime that loaded the plugin. */
  readonly contextVersion: number;
  /** The plugin's key (`name` or `category/name`), as used in `plugins.enabled`. */
  readonly key: string;
  readonly manifest: PluginManifest;
  /** The plugin's folder (package folder for npm plugins). */
  readonly pluginDir: string;
  /** The runtime's working directory (the project), where relative paths of tool calls start. */
  readonly cwd: string;
  /** This plugin's `plugins.entries.<key>` section of config.yaml ({} when absent). */
  readonly config: Readonly<Record<string, unknown>>;
  /** Logs with the plugin's name in front. */
  readonly logger: Logger;
  /** A folder for the plugin's own files, `<HERMES_HOME>/plugin-data/<key>`; created on first use. */
  readonly dataDir: string;
  /**
   * Register a tool in the runtime's registry (the registry's `ToolSpec` fields; use the
   * registry's `defineTool` for zod-typed arguments). A name owned by another toolset is refused
   * (returns false) unless `override: true`, which also needs the operator's
   * `plugins.entries.<key>.allow_tool_override: true`.
   * @throws {@link PluginToolOverrideError} when `override` is set without that permission.
   */
  registerTool<Args>(spec: ToolSpec<Args>): boolean;
  /** Add a callback for one of Hermes' hooks; it may be async, and a throw only skips it. */
  registerHook<N extends HookName>(name: N, callback: HookCallback<N>): void;
  /** A hook name this runtime does not know is kept (with a warning) for newer runtimes. */
  registerHook(name: string, callback: HookCallback<string>): void;
  /** Add middleware around tool requests, tool execution or model requests. */
  registerMiddleware<K extends MiddlewareKind>(kind: K, middleware: Middleware<K>): void;
  /** Add a slash command to the CLI chat (`/name`); the name is lower-cased, spaces become '-'. */
  registerCommand(
    name: string,
    handler: PluginCommandHandler,
    description?: string,
    argsHint?: string,
  ): void;
  /** Ship a skill, addressed as `<plugin>:<name>`; `skillPath` is relative to the plugin folder. */
  registerSkill(name: string, skillPath: string, description?: string): void;
  /** Call any tool through the runtime's pipeline (hooks apply). Never rejects. */
  dispatchTool(
    name: string,
    args: Readonly<Record<string, unknown>>,
    context?: DispatchContext,
  ): Promise<ToolOutput>;
  /** Run `cleanup` when the plugin is unloaded or reloaded (close files, stop timers). */
  onUnload(cleanup: () => void | Promise<void>): void;
}

/** Manifest fields a plugin may declare in code with {@link definePlugin}. */
export interface PluginManifestInput {
  readonly name?: string;
  readonly version?: string;
  readonly description?: string;
  /** Merged with plugin.yaml's `requires_env`. */
  readonly requiresEnv?: readonly string[];
  readonly providesTools?: readonly string[];
  readonly providesHooks?: readonly string[];
}

/** A plugin as {@link definePlugin} builds it; export it as `plugin` (or default). */
export interface PluginDefinition {
  /** Marks the object as a plugin definition, across copies of this package. */
  readonly hermesPlugin: true;
  /** The context version the plugin was written against. */
  readonly contextVersion: number;
  readonly manifest: PluginManifestInput;
  register(ctx: PluginContext): void | Promise<void>;
}

/** What {@link definePlugin} accepts. */
export interface PluginDefinitionInput {
  readonly manifest?: PluginManifestInput;
  /** Defaults to this package's {@link PLUGIN_CONTEXT_VERSION}. */
  readonly contextVersion?: number;
  register(ctx: PluginContext): void | Promise<void>;
}

/**
 * Define a plugin with full types for its context.
 * @example
 * export const plugin = definePlugin({
 *   manifest: { name: "weather", requiresEnv: ["WEATHER_API_KEY"] },
 *   register(ctx) {
 *     ctx.registerHook("post_tool_call", ({ tool_name, status }) => {
 *       ctx.logger.info(`${tool_name}: ${status}`);
 *     });
 *   },
 * });
 */
export function definePlugin(definition: PluginDefinitionInput): PluginDefinition {
  return Object.freeze({
    hermesPlugin: true,
    contextVersion: definition.contextVersion ?? PLUGIN_CONTEXT_VERSION,
    manifest: Object.freeze({ ...definition.manifest }),
    register: definition.register.bind(definition),
  });
}
