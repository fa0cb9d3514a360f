// Anything exported here is public API of @hermes-agent/execute-code: change it only in a major version.
export { VERSION } from "./version.js";
export { ExecuteCodeError, ExecuteCodeErrorCode } from "./execute-code-error.js";
export {
  SANDBOX_ALLOWED_TOOLS,
  NEVER_SANDBOX_CALLABLE,
  TERMINAL_BLOCKED_ARGUMENTS,
  HERMES_STUB_SPECS,
  sandboxToolsFor,
  isSandboxCallable,
} from "./sandbox-tools.js";
export type { HermesStubParameter, HermesStubSpec, StubDefault } from "./sandbox-tools.js";
export { stubParametersFor } from "./stub-parameters.js";
export type { StubParameter } from "./stub-parameters.js";
export { generatePythonModule } from "./python-stubs.js";
export type { StubTool, StubTransport } from "./python-stubs.js";
export { generateJavaScriptModule } from "./javascript-stubs.js";
export { SCRIPT_LANGUAGES } from "./staged-files.js";
export type { ScriptLanguage } from "./staged-files.js";
export {
  buildExecuteCodeDescription,
  buildExecuteCodeSchema,
  createExecuteCodeSchemaPatch,
  describeSandboxTool,
} from "./execute-code-schema.js";
export type {
  ExecuteCodeSchemaOptions,
  ExecutionMode,
  SandboxToolDescription,
} from "./execute-code-schema.js";
export { createRpcDispatcher } from "./rpc-dispatcher.js";
export type {
  CallTool,
  ParsedFrame,
  RpcDispatcher,
  RpcDispatcherOptions,
  RpcServer,
  ScriptToolCallContext,
} from "./rpc-dispatcher.js";
export { startSocketRpcServer, MAX_FRAME_CHARS } from "./socket-rpc-server.js";
export type { SocketRpcServer } from "./socket-rpc-server.js";
export { startFileRpcServer, FILE_RPC_POLL_MS } from "./file-rpc-server.js";
export type { FileRpcServer, FileRpcServerOptions } from "./file-rpc-server.js";
export { MAX_STDOUT_BYTES, MAX_STDERR_BYTES } from "./output-capture.js";
export { resolveCodeExecutionSettings } from "./execute-code-settings.js";
export type { CodeExecutionSettings } from "./execute-code-settings.js";
export { createCodeExecutor } from "./code-executor.js";
export { defaultApproveScript } from "./script-approval.js";
export type { ApproveScript, ScriptApproval } from "./script-approval.js";
export type {
  CodeExecutor,
  CodeExecutorOptions,
  ExecuteCodeRefusal,
  ExecuteCodeRequest,
} from "./code-executor.js";
export type { CommandWrapper } from "./local-execution.js";
export type { ExecuteCodeResult } from "./script-result.js";
export type { RunStatus } from "./local-runner.js";
export { validateArguments } from "./execute-code-arguments.js";
export type { ExecuteCodeArgs, ValidArguments } from "./execute-code-arguments.js";
export { CODE_EXECUTION_TOOLSET, registerExecuteCodeTool } from "./register-execute-code.js";
export type { RegisterExecuteCodeOptions } from "./register-execute-code.js";
