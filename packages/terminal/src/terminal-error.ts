import { HermesError, hasErrorCode } from "@hermes-agent/core";

/** Stable machine-readable codes of the errors this package throws. */
export const TerminalErrorCode = {
  UnknownEnvironment: "TERMINAL_UNKNOWN_ENVIRONMENT",
  BackendUnavailable: "TERMINAL_BACKEND_UNAVAILABLE",
  BackendVersion: "TERMINAL_BACKEND_VERSION_MISMATCH",
  MissingCapability: "TERMINAL_MISSING_CAPABILITY",
  InvalidOption: "TERMINAL_INVALID_OPTION",
  PtyUnavailable: "TERMINAL_PTY_UNAVAILABLE",
  EnvironmentClosed: "TERMINAL_ENVIRONMENT_CLOSED",
  SpawnFailed: "TERMINAL_SPAWN_FAILED",
  ProcessLimit: "TERMINAL_PROCESS_LIMIT",
  WorkdirNotFound: "TERMINAL_WORKDIR_NOT_FOUND",
  SandboxUnavailable: "TERMINAL_SANDBOX_UNAVAILABLE",
} as const;

/** One of {@link TerminalErrorCode}'s values. */
export type TerminalErrorCode = (typeof TerminalErrorCode)[keyof typeof TerminalErrorCode];

/**
 * Base class of every error this package throws: a {@link HermesError} whose `code` is stable
 * across releases. Use {@link TerminalError.isInstance} rather than `instanceof` when two copies
 * of the package may be installed.
 */
export class TerminalError extends HermesError<TerminalErrorCode> {
  /** True for any TerminalError, including one from another copy of this package. */
  static override isInstance(value: unknown): value is TerminalError {
    return hasErrorCode(value, TerminalErrorCode);
  }
}

/** `createEnvironment` was asked for a backend type Hermes does not know. */
export class UnknownEnvironmentError extends TerminalError {
  readonly type: string;
  constructor(type: string, validTypes: readonly string[]) {
    const quoted = validTypes.map((t) => `'${t}'`);
    const list =
      quoted.length > 1
        ? `${quoted.slice(0, -1).join(", ")}, or ${quoted.at(-1) ?? ""}`
        : (quoted[0] ?? "");
    super(TerminalErrorCode.UnknownEnvironment, `Unknown environment type: ${type}. Use ${list}`);
    this.name = "UnknownEnvironmentError";
    this.type = type;
  }
}

/** A known backend type whose implementation is not registered in this build. */
export class BackendUnavailableError extends TerminalError {
  readonly type: string;
  constructor(type: string, detail?: string) {
    super(
      TerminalErrorCode.BackendUnavailable,
      detail ??
        `The '${type}' terminal backend is not available in this build of @hermes-agent/terminal. ` +
          `Use terminal.backend: local, or install and register a package that provides the '${type}' backend.`,
    );
    this.name = "BackendUnavailableError";
    this.type = type;
  }
}

/** An operation needs a capability (pty, background, ...) the environment does not have. */
export class MissingCapabilityError extends TerminalError {
  readonly capability: string;
  constructor(envType: string, capability: string) {
    super(
      TerminalErrorCode.MissingCapability,
      `The '${envType}' terminal backend does not support ${capability}.`,
    );
    this.name = "MissingCapabilityError";
    this.capability = capability;
  }
}

/** A configuration value or environment variable could not be used. */
export class InvalidOptionError extends TerminalError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(TerminalErrorCode.InvalidOption, message, options);
    this.name = "InvalidOptionError";
  }
}
