import { HermesError, hasErrorCode } from "@hermes-agent/core";

/** Stable codes of {@link ApprovalError}. */
export const ApprovalErrorCode = {
  /** An argument or option does not make sense (empty session key, negative timeout, ...). */
  InvalidArgument: "APPROVAL_INVALID_ARGUMENT",
  /** Saving to or removing from `command_allowlist` in config.yaml failed. */
  AllowlistWrite: "APPROVAL_ALLOWLIST_WRITE",
  /** Appending to the audit log failed. */
  AuditWrite: "APPROVAL_AUDIT_WRITE",
  /**
   * config.yaml was changed while running in a way that loosens approval (mode off, an
   * opt-in, a removed deny glob, a new allowlist entry, another reviewer): not applied until
   * the process starts again. Reported through `onError` as a warning.
   */
  LooseningDeferred: "APPROVAL_LOOSENING_DEFERRED",
  /** config.yaml has more than one name, so its approval settings are not accepted. */
  ConfigTampered: "APPROVAL_CONFIG_TAMPERED",
} as const;

/** One of the {@link ApprovalErrorCode} values. */
export type ApprovalErrorCode = (typeof ApprovalErrorCode)[keyof typeof ApprovalErrorCode];

/**
 * Error raised by @hermes-agent/approval. Approval decisions themselves never throw (they fail
 * closed into a denial result); this is for misuse of the API and for persistence failures.
 */
export class ApprovalError extends HermesError<ApprovalErrorCode> {
  /** True for any ApprovalError, also one from another copy of this package. */
  static override isInstance(value: unknown): value is ApprovalError {
    return hasErrorCode(value, ApprovalErrorCode);
  }
}
