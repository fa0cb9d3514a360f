// Anything exported here is public API of @hermes-agent/config: change it only in a major version.
export { ConfigError, ConfigErrorCode } from "./config-error.js";
export type { ConfigErrorLocation } from "./config-error.js";
export { hermesConfigSchema } from "./config-schema.js";
export type {
  ApprovalMode,
  ApprovalsConfig,
  AuxiliaryConfig,
  AuxiliaryModelConfig,
  CodeExecutionConfig,
  HermesConfig,
  McpServerConfig,
  PluginEntryConfig,
  PluginsConfig,
  SkillsConfig,
  TerminalConfig,
  ToolOutputConfig,
  UnattendedPolicy,
  WebConfig,
} from "./config-types.js";
export { ConfigTextEditor } from "./config-text-editor.js";
export type { ConfigEditor, ConfigKeyPath } from "./config-text-editor.js";
export { editConfig, setConfigValue } from "./edit-config.js";
export { redactConfig } from "./config-redaction.js";
export type { EditConfigOptions, EditConfigResult } from "./edit-config.js";
export { loadEnvFile } from "./env-file.js";
export type { LoadEnvFileOptions } from "./env-file.js";
export { getConfigPath, getEnvFilePath } from "./hermes-home.js";
export { createConfigSource, createStaticConfigSource } from "./config-source.js";
export type { ConfigSource, ConfigSourceOptions } from "./config-source.js";
export { readApprovalMode, toStringList } from "./legacy-values.js";
export { declareTerminalBackend, terminalBackendNames } from "./terminal-backend-names.js";
export type { ApprovalModeReading } from "./legacy-values.js";
export {
  loadConfig,
  loadConfigSync,
  loadConfigWithDiagnostics,
  loadConfigWithDiagnosticsSync,
  parseConfigText,
} from "./load-config.js";
export type { LoadConfigOptions, LoadedConfig } from "./load-config.js";
export { writeFileAtomic } from "./atomic-write.js";
