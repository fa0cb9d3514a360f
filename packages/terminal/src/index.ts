// Anything exported here is public API of @hermes-agent/terminal: change it only in a major version.
/**
 * @hermes-agent/terminal: the `terminal` and `process` tools, the Environment contract
 * that terminal backends implement, and the local backend.
 *
 * @packageDocumentation
 */

// Environment contract and backends
export {
  assertCapability,
  defineEnvironmentBackend,
  ENVIRONMENT_API_VERSION,
  ENVIRONMENT_TYPES,
} from "./environment.js";
export type {
  BackgroundProcess,
  CapabilityName,
  Environment,
  EnvironmentBackend,
  EnvironmentBackendSpec,
  EnvironmentCapabilities,
  EnvironmentOptions,
  EnvironmentType,
  ExecuteOptions,
  ExecuteResult,
  ShellContext,
  SpawnOptions,
} from "./environment.js";
export type { SessionPathCommand, SessionPathCommands } from "./path-commands.js";
export { createBackendRegistry, createEnvironment, defaultBackends } from "./backend-registry.js";
export type { EnvironmentBackendRegistry } from "./backend-registry.js";
export { createLocalEnvironment, LOCAL_CAPABILITIES, localBackend } from "./local-environment.js";
export type { LocalEnvironmentOptions } from "./local-environment.js";
export {
  openRemoteEnvironment,
  REMOTE_CAPABILITIES,
  type RemoteEnvironmentSettings,
  type RemoteExecuteResult,
  type RemoteTransport,
} from "./remote-environment.js";
export type { TransportCommand } from "./remote-process.js";
export {
  createDockerEnvironment,
  dockerBackend,
  dockerRunArgs,
  dockerSettingsFrom,
  reapOrphanContainers,
  type DockerClient,
  type DockerSettings,
} from "./docker-environment.js";
export {
  createSshEnvironment,
  describeSshFailure,
  sshBackend,
  sshControlPath,
  sshTargetFrom,
  type SshTarget,
} from "./ssh-environment.js";
export {
  createSingularityEnvironment,
  describeApptainerFailure,
  findApptainer,
  instanceStartArgs,
  singularityBackend,
  singularityScratchDir,
  singularitySettingsFrom,
  type SingularitySettings,
} from "./singularity-environment.js";
export {
  assertModalCredentials,
  createModalEnvironment,
  describeModalError,
  modalBackend,
  type ModalEnvironmentOptions,
} from "./modal-environment.js";
export type {
  ModalSdkApp,
  ModalSdkClient,
  ModalSdkClientParams,
  ModalSdkImage,
  ModalSdkModule,
  ModalSdkProcess,
  ModalSdkSandbox,
} from "./modal-sdk.js";
export {
  assertDaytonaCredentials,
  createDaytonaEnvironment,
  daytonaBackend,
  daytonaResources,
  describeDaytonaError,
  type DaytonaEnvironmentOptions,
} from "./daytona-environment.js";
export type {
  DaytonaSdkClient,
  DaytonaSdkConfig,
  DaytonaSdkCreateParams,
  DaytonaSdkModule,
  DaytonaSdkProcess,
  DaytonaSdkSandbox,
} from "./daytona-sdk.js";
export { PtyUnavailableError } from "./pty-session.js";
export type { SandboxLevel, SandboxPolicy } from "./sandbox.js";

// Errors
export {
  BackendUnavailableError,
  InvalidOptionError,
  MissingCapabilityError,
  TerminalError,
  TerminalErrorCode,
  UnknownEnvironmentError,
} from "./terminal-error.js";

// Settings
export { loadTerminalOptions, resolveTerminalOptions, TERMINAL_DEFAULTS } from "./options.js";
export type {
  ResolveTerminalOptionsInput,
  TerminalConfigInput,
  TerminalOptions,
} from "./options.js";

// Output handling
export { stripAnsi } from "./ansi.js";

// Runtime, process registry and tools
export { ProcessRegistry } from "./process-registry.js";
export type {
  ProcessCompletion,
  ProcessRegistryOptions,
  ProcessWatchNotice,
  TrackedProcess,
  TrackedProcessInput,
} from "./process-registry.js";
export type { OutputWatchLimits } from "./output-watch.js";
export type { ApproveCommand, CommandApprover } from "./command-approval.js";
export { createTerminalRuntime } from "./terminal-runtime.js";
export type { TerminalRuntime, TerminalRuntimeOptions } from "./terminal-runtime.js";
export { runTerminalTool, TERMINAL_DESCRIPTION, TERMINAL_PARAMETERS } from "./terminal-tool.js";
export type { TerminalArgs, TerminalCallContext } from "./terminal-tool.js";
export {
  PROCESS_ACTIONS,
  PROCESS_DESCRIPTION,
  PROCESS_PARAMETERS,
  runProcessTool,
} from "./process-tool.js";
export type { ProcessArgs } from "./process-tool.js";
export { registerTerminalTools, TERMINAL_TOOLSET } from "./register-tools.js";
export type { RegisterTerminalToolsOptions } from "./register-tools.js";
export { VERSION } from "./version.js";
