// Anything exported here is public API of @hermes-agent/mcp: change it only in a major version.
export { VERSION } from "./version.js";
export { McpError, McpErrorCode } from "./mcp-error.js";
export { createMcpManager } from "./mcp-manager.js";
export type {
  DiscoverOptions,
  McpEvent,
  McpManager,
  McpManagerOptions,
  McpServerStatus,
} from "./mcp-manager.js";
export type { McpProgressEvent, McpServerState } from "./connection-types.js";
export { DEFAULT_RETRY_POLICY } from "./retry-policy.js";
export type { RetryPolicy } from "./retry-policy.js";
export { parseMcpServerConfigs, formatConfigProblem } from "./config/parse-server-configs.js";
export type { ParsedMcpServers, ParseMcpServersOptions } from "./config/parse-server-configs.js";
export type {
  McpConfigProblem,
  McpSamplingSpec,
  McpServerSpec,
  McpToolSelection,
  McpTransportKind,
} from "./config/server-spec.js";
export { importMcpServersJson } from "./config/import-mcp-servers-json.js";
export {
  clampToolName,
  mcpToolName,
  mcpToolsetName,
  sanitizeMcpNameComponent,
} from "./tool-naming.js";
export { normalizeInputSchema } from "./schema-normalization.js";
export { convertCallToolResult } from "./result-conversion.js";
export { MCP_RESULT_SIZE_CHARS } from "./tool-registration.js";
export type {
  SamplingMessage,
  SamplingModel,
  SamplingRequest,
  SamplingResponse,
} from "./sampling-handler.js";
export { createOpenAiSamplingModel } from "./openai-sampling-model.js";
export type {
  ChatCompletionsClient,
  SamplingChatCompletion,
  SamplingChatRequest,
} from "./openai-sampling-model.js";
export { loginMcpServer } from "./oauth/login.js";
export type { McpLoginOptions } from "./oauth/login.js";
export {
  createToolSearch,
  estimateDefinitionTokens,
  TOOL_SEARCH_TOOL_NAMES,
  ToolSearchSession,
} from "./tool-search/tool-search-session.js";
export type { CallTool, ToolSearchOptions } from "./tool-search/tool-search-session.js";
export {
  DEFAULT_TOOL_SEARCH_CONFIG,
  readToolSearchConfig,
} from "./tool-search/tool-search-config.js";
export type { ToolSearchConfig } from "./tool-search/tool-search-config.js";
export { registerMcpTools } from "./register-mcp-tools.js";
