// Anything exported here is public API of @hermes-agent/execute-code/register: change it only in a major version.
// The registration entry: what a runtime needs to register execute_code and describe it, without
// the interpreters, runners and RPC servers a script's first run loads.
export { CODE_EXECUTION_TOOLSET, registerExecuteCodeTool } from "./register-execute-code.js";
export type { RegisterExecuteCodeOptions } from "./register-execute-code.js";
export { createExecuteCodeSchemaPatch } from "./execute-code-schema.js";
export type { ExecuteCodeSchemaOptions, ExecutionMode } from "./execute-code-schema.js";
export type { CodeExecutor, CodeExecutorOptions } from "./code-executor.js";
