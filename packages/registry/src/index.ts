// Anything exported here is public API of @hermes-agent/registry: change it only in a major version.
export { compileCoercer, type Coercer } from "./argument-coercion.js";
export { CHECK_GRACE_MS, CHECK_TTL_MS } from "./check-cache.js";
export { registry } from "./default-registry.js";
export { defineTool, type ZodToolSpec } from "./define-tool.js";
export { RegistryError, RegistryErrorCode } from "./registry-error.js";
export { DEFAULT_MAX_RESULT_CHARS, SPILL_PREVIEW_CHARS, spillDirectory } from "./result-spill.js";
export { MAX_ERROR_CHARS, sanitizeToolError } from "./sanitize.js";
export { isMultimodalResult, toolError, toolOutputText, toolResult } from "./tool-result.js";
export {
  DEFAULT_ABORT_GRACE_MS,
  DEFAULT_DISPATCH_TIMEOUT_MS,
  DEFAULT_TOOL_EMOJI,
  ToolRegistry,
  type DefinitionOptions,
  type ToolAvailability,
  type ToolRegistryOptions,
  type UnavailableToolset,
} from "./tool-registry.js";
export type {
  CheckFn,
  DispatchContext,
  FunctionSchema,
  JsonSchema,
  MultimodalToolResult,
  ToolCallContext,
  ToolDefinition,
  ToolEntry,
  ToolHandler,
  ToolOutput,
  ToolParameters,
  ToolSchemaInput,
  ToolSpec,
} from "./types.js";
export { VERSION } from "./version.js";
