import { HermesError, hasErrorCode, type HermesErrorOptions } from "@hermes-agent/core";

/** Stable codes of {@link PluginLoaderError}. */
export const PluginLoaderErrorCode = {
  /** plugin.yaml (or a package.json plugin block) is not valid YAML or does not fit the schema. */
  InvalidManifest: "PLUGIN_LOADER_INVALID_MANIFEST",
  /** The plugin folder has no entry module (index.js, index.mjs or the manifest's `main`). */
  EntryMissing: "PLUGIN_LOADER_ENTRY_MISSING",
  /** Importing the entry module threw. */
  ImportFailed: "PLUGIN_LOADER_IMPORT_FAILED",
  /** The entry module exports no `register(ctx)` function and no `definePlugin` definition. */
  NoRegister: "PLUGIN_LOADER_NO_REGISTER",
  /** `register(ctx)` threw or rejected. */
  RegisterFailed: "PLUGIN_LOADER_REGISTER_FAILED",
  /** The plugin was written against a newer PluginContext than this runtime provides. */
  ContextVersion: "PLUGIN_LOADER_CONTEXT_VERSION",
  /** A plugin asked to override a tool without the operator's `allow_tool_override`. */
  ToolOverride: "PLUGIN_LOADER_TOOL_OVERRIDE",
  /** A registration call got a bad argument (empty name, missing file, unknown kind). */
  InvalidRegistration: "PLUGIN_LOADER_INVALID_REGISTRATION",
  /** A registration was made after the plugin was unloaded. */
  Unloaded: "PLUGIN_LOADER_UNLOADED",
} as const;

/** One of the {@link PluginLoaderErrorCode} values. */
export type PluginLoaderErrorCode =
  (typeof PluginLoaderErrorCode)[keyof typeof PluginLoaderErrorCode];

/** Error raised by @hermes-agent/plugin-loader. The message says what was wrong and what to do. */
export class PluginLoaderError extends HermesError {
  declare readonly code: PluginLoaderErrorCode;

  constructor(code: PluginLoaderErrorCode, message: string, options: HermesErrorOptions = {}) {
    super(code, message, options);
  }

  /** True when `value` is a PluginLoaderError from any copy of this package. */
  static override isInstance(value: unknown): value is PluginLoaderError {
    return hasErrorCode(value, PluginLoaderErrorCode);
  }
}

/**
 * Thrown by `ctx.registerTool` when a plugin passes `override: true` for a tool it may not
 * replace: the operator has not set `plugins.entries.<key>.allow_tool_override: true`.
 */
export class PluginToolOverrideError extends PluginLoaderError {
  /** The plugin that asked. */
  readonly plugin: string;
  /** The tool it wanted to replace. */
  readonly toolName: string;

  constructor(options: { plugin: string; pluginKey: string; toolName: string }) {
    super(
      PluginLoaderErrorCode.ToolOverride,
      `Plugin '${options.plugin}' cannot override built-in tool '${options.toolName}'. Set ` +
        `plugins.entries.${options.pluginKey}.allow_tool_override: true in config.yaml to allow ` +
        "this plugin to replace built-in tools.",
      { details: { plugin: options.pluginKey, toolName: options.toolName } },
    );
    this.plugin = options.plugin;
    this.toolName = options.toolName;
  }
}
