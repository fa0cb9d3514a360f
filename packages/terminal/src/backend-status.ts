import type { EnvironmentBackendRegistry } from "./backend-registry.js";
import type { EnvironmentOptions } from "./environment.js";
import { BackendUnavailableError, TerminalError, TerminalErrorCode } from "./terminal-error.js";

/** How long a probe's answer is trusted before the next availability question probes again. */
export const BACKEND_STATUS_TTL_MS = 30_000;

/**
 * What a terminal runtime knows about whether its configured backend can be used: the last
 * probe's answer, corrected by what happens when environments are made. Until a probe has
 * answered, a registered backend counts as usable.
 */
export interface BackendStatus {
  /** Cached: false only when the backend is missing or the last answer was a failure. */
  available(): boolean;
  /** Why the backend cannot be used, or undefined. */
  reason(): string | undefined;
  /** Probe now (one probe at a time) and return the reason, or undefined when usable. */
  check(): Promise<string | undefined>;
  /** Record the outcome of making an environment. */
  observe(error: unknown): void;
  /** Resolves when no probe is running. */
  settled(): Promise<void>;
}

/** Track the availability of `type` in `backends`, probing with `options()`. */
export function createBackendStatus(
  backends: EnvironmentBackendRegistry,
  type: string,
  options: () => EnvironmentOptions,
): BackendStatus {
  let reason: string | undefined;
  let checkedAt: number | undefined;
  let probing: Promise<string | undefined> | undefined;

  const status: BackendStatus = {
    available() {
      if (backends.get(type) === undefined) return false;
      if (checkedAt !== undefined && Date.now() - checkedAt > BACKEND_STATUS_TTL_MS)
        void status.check();
      return reason === undefined;
    },
    reason() {
      if (backends.get(type) === undefined) return new BackendUnavailableError(type).message;
      return reason;
    },
    check() {
      probing ??= backends.probe(type, options()).then((answer) => {
        reason = answer;
        checkedAt = Date.now();
        probing = undefined;
        return answer;
      });
      return probing;
    },
    observe(error) {
      if (error === undefined) {
        reason = undefined;
        checkedAt = Date.now();
      } else if (
        TerminalError.isInstance(error) &&
        (error.code === TerminalErrorCode.BackendUnavailable ||
          error.code === TerminalErrorCode.InvalidOption)
      ) {
        reason = error.message;
        checkedAt = Date.now();
      }
    },
    async settled() {
      await probing;
    },
  };
  return status;
}
