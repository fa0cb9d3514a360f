// Anything exported here is public API of @hermes-agent/plugin-loader: change it only in a major version.
export { VERSION } from "./version.js";
export { PluginManager } from "./plugin-manager.js";
export type { PluginLoaderConfig, PluginManagerOptions } from "./plugin-manager.js";
export { discoverPlugins } from "./discover-plugins.js";
export { disablePlugin, enablePlugin } from "./plugin-config-edits.js";
export { formatPluginReport } from "./format-plugin-report.js";
export type { DiscoverPluginsOptions } from "./discover-plugins.js";
export type { DiscoveredPlugin, PluginSource } from "./discovered-plugin.js";
export { PACKAGE_PLUGIN_KEY } from "./npm-discovery.js";
export { PLUGIN_KINDS, parseManifest, validateManifest } from "./plugin-manifest.js";
export type { ParsedManifest, PluginKind, PluginManifest } from "./plugin-manifest.js";
export { PLUGIN_CONTEXT_VERSION, definePlugin } from "./plugin-context.js";
export type {
  PluginContext,
  PluginDefinition,
  PluginDefinitionInput,
  PluginManifestInput,
} from "./plugin-context.js";
export type {
  PluginCommand,
  PluginCommandHandler,
  PluginCommandInvocation,
  PluginHost,
  PluginSkill,
  RegistrationOwner,
  Unregister,
} from "./plugin-host.js";
export { HOOK_NAMES, MIDDLEWARE_KINDS, isHookName, isMiddlewareKind } from "./hook-names.js";
export type { HookName, MiddlewareKind } from "./hook-names.js";
export type {
  AnyHookCallback,
  ApprovalPayload,
  CallOrigin,
  ContextDirective,
  HookCallback,
  HookPayload,
  HookPayloadBase,
  HookPayloadMap,
  HookResult,
  HookResultMap,
  LlmRequest,
  Middleware,
  MiddlewareMap,
  PostToolCallPayload,
  PreToolCallDirective,
  ToolCallPayload,
  ToolCallInfo,
  TransformTerminalOutputPayload,
  TransformToolResultPayload,
} from "./hook-types.js";
export type {
  PluginLoadReport,
  PluginState,
  PluginStatus,
  ShellHookStatus,
  UnavailablePluginTool,
} from "./plugin-status.js";
export {
  PluginLoaderError,
  PluginLoaderErrorCode,
  PluginToolOverrideError,
} from "./plugin-loader-error.js";
export { SAFE_MODE_ENV, PROJECT_PLUGINS_ENV } from "./env-flags.js";
export {
  DEFAULT_SHELL_HOOK_TIMEOUT_S,
  MAX_SHELL_HOOK_TIMEOUT_S,
  parseShellHooks,
} from "./shell-hooks/shell-hook-config.js";
export type { ShellHookSpec } from "./shell-hooks/shell-hook-config.js";
export { ACCEPT_HOOKS_ENV, SHELL_HOOK_ALLOWLIST_FILE } from "./shell-hooks/shell-hook-consent.js";
export { BLOCK_EXIT_CODE, DEFAULT_BLOCK_MESSAGE } from "./shell-hooks/shell-hook-response.js";
