import { HermesError, type HermesErrorOptions } from "@hermes-agent/core";

/** Stable codes of {@link HermesAgentError}. */
export const HermesAgentErrorCode = {
  /** An option of `createRuntime` or of a runtime method is invalid. */
  InvalidOption: "HERMES_AGENT_INVALID_OPTION",
  /** The runtime was closed; it cannot run anything any more. */
  RuntimeClosed: "HERMES_AGENT_RUNTIME_CLOSED",
  /** A hook or middleware was registered under a name the bus does not know. */
  UnknownHook: "HERMES_AGENT_UNKNOWN_HOOK",
  /** A session file or the session index could not be read or written. */
  SessionStore: "HERMES_AGENT_SESSION_STORE",
  /** The memory files could not be read or written. */
  MemoryStore: "HERMES_AGENT_MEMORY_STORE",
  /** No model endpoint is configured (base URL, key or model name missing). */
  ModelNotConfigured: "HERMES_AGENT_MODEL_NOT_CONFIGURED",
} as const;

/** One of the {@link HermesAgentErrorCode} values. */
export type HermesAgentErrorCode = (typeof HermesAgentErrorCode)[keyof typeof HermesAgentErrorCode];

/** Errors thrown by the `hermes-agent` package (never by `handleFunctionCall`, which resolves). */
export class HermesAgentError extends HermesError {
  declare readonly code: HermesAgentErrorCode;

  constructor(code: HermesAgentErrorCode, message: string, options?: HermesErrorOptions) {
    super(code, message, options);
    this.name = "HermesAgentError";
  }
}
