// Anything exported here is public API of hermes-agent: change it only in a major version.
export { VERSION } from "./version.js";
export { HermesAgentError, HermesAgentErrorCode } from "./hermes-agent-error.js";
export { createRuntime } from "./runtime/create-runtime.js";
export type { HermesRuntime, RuntimeToolDefinitionOptions } from "./runtime/hermes-runtime.js";
export type {
  ApprovalPromptFunction,
  GatewayApprovalOption,
  RuntimeApprovalOption,
  UnattendedApprovalOption,
  RuntimeOptions,
} from "./runtime/runtime-options.js";
export { RuntimeEvents } from "./runtime/runtime-events.js";
export type {
  ApprovalRequestEvent,
  CallOrigin,
  McpProgressEvent,
  McpStatusEvent,
  ProcessCompleteEvent,
  ProcessWatchEvent,
  RuntimeEventListener,
  RuntimeEventMap,
  RuntimeEventName,
  ScriptStderrEvent,
  ToolCallStatus,
  ToolEndEvent,
  ToolStartEvent,
} from "./runtime/runtime-events.js";
export { BUILTIN_TOOL_PACKAGES } from "./runtime/builtin-tool-packages.js";
export { defineToolPackage } from "./runtime/tool-package.js";
export type { ToolPackage, ToolPackageContext, ToolPackageHandle } from "./runtime/tool-package.js";
export { HookBus } from "./pipeline/hook-bus.js";
export type { HookCallback } from "./pipeline/hook-bus.js";
export { HOOK_NAMES, MIDDLEWARE_KINDS } from "./pipeline/hook-names.js";
export type { HookName, MiddlewareKind } from "./pipeline/hook-names.js";
export type {
  LlmRequest,
  LlmRequestMiddleware,
  MiddlewareMap,
  ToolCallInfo,
  ToolExecutionMiddleware,
  ToolRequestMiddleware,
} from "./pipeline/middleware-types.js";
export { AGENT_LOOP_TOOLS } from "./pipeline/dispatch-pipeline.js";
export type { FunctionCallContext } from "./pipeline/dispatch-pipeline.js";
export {
  AGENT_TOOL_SCHEMAS,
  DELEGATE_TASK_SCHEMA,
  MEMORY_SCHEMA,
  SESSION_SEARCH_SCHEMA,
  TODO_SCHEMA,
} from "./agent-tools/agent-tool-schemas.js";
export type { AgentToolSchema } from "./agent-tools/agent-tool-schemas.js";
export type {
  AgentSession,
  AgentToolCallContext,
  StartSessionOptions,
} from "./agent-tools/agent-session.js";
export { TodoStore, MAX_TODO_ITEMS, MAX_TODO_CONTENT_CHARS } from "./agent-tools/todo-store.js";
export type { TodoItem, TodoStatus } from "./agent-tools/todo-store.js";
export {
  MemoryStore,
  MEMORY_CHAR_LIMITS,
  ENTRY_SEPARATOR,
  formatMemoryForPrompt,
} from "./agent-tools/memory-store.js";
export type {
  MemorySnapshot,
  MemoryStoreOptions,
  MemoryTarget,
} from "./agent-tools/memory-store.js";
export { scanMemoryEntry } from "./agent-tools/memory-scan.js";
export type { MemoryScanFinding } from "./agent-tools/memory-scan.js";
export { SessionStore, MAX_SEARCH_SESSIONS } from "./sessions/session-store.js";
export type {
  NewSessionOptions,
  SessionSearchHit,
  SessionSearchOptions,
  SessionSnippet,
} from "./sessions/session-store.js";
export type { SessionHeader, SessionMessage } from "./sessions/session-file.js";
export type {
  ChildAgentRunner,
  ChildResult,
  ChildTask,
  DelegationOptions,
} from "./agent-tools/delegate-types.js";
export { DEFAULT_MAX_ITERATIONS, DEFAULT_MAX_TOOL_CALLS_PER_TURN } from "./agent/run-agent.js";
export type {
  RunAgentOptions,
  RunAgentResult,
  RunAgentStatus,
  ToolCallStats,
} from "./agent/run-agent-types.js";
export type { ChatMessage, ChatToolCall, TokenUsage } from "./agent/chat-types.js";
export { isModelEndpoint, resolveModelEndpoint } from "./agent/model-endpoint.js";
export type {
  MissingModelEndpoint,
  ModelEndpoint,
  ModelEndpointOverrides,
} from "./agent/model-endpoint.js";
export { READ_ONLY_TOOLS } from "./agent/tool-batch.js";
