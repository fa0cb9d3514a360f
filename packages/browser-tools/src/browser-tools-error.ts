import { hasErrorCode, HermesError, type HermesErrorOptions } from "@hermes-agent/core";

/** Stable codes of {@link BrowserToolsError}. */
export const BrowserToolsErrorCode = {
  InvalidUrl: "BROWSER_TOOLS_INVALID_URL",
  BlockedAddress: "BROWSER_TOOLS_BLOCKED_ADDRESS",
  NoChromium: "BROWSER_TOOLS_NO_CHROMIUM",
  LaunchFailed: "BROWSER_TOOLS_LAUNCH_FAILED",
  NoPage: "BROWSER_TOOLS_NO_PAGE",
  UnknownRef: "BROWSER_TOOLS_UNKNOWN_REF",
  StaleRef: "BROWSER_TOOLS_STALE_REF",
  Timeout: "BROWSER_TOOLS_TIMEOUT",
  TooManySessions: "BROWSER_TOOLS_TOO_MANY_SESSIONS",
  Closed: "BROWSER_TOOLS_CLOSED",
  VisionUnavailable: "BROWSER_TOOLS_VISION_UNAVAILABLE",
} as const;

/** One of the {@link BrowserToolsErrorCode} values. */
export type BrowserToolsErrorCode =
  (typeof BrowserToolsErrorCode)[keyof typeof BrowserToolsErrorCode];

/** What the browser tools throw internally; handlers turn it into Hermes' JSON error results. */
export class BrowserToolsError extends HermesError {
  declare readonly code: BrowserToolsErrorCode;

  constructor(code: BrowserToolsErrorCode, message: string, options: HermesErrorOptions = {}) {
    super(code, message, options);
  }

  /** True for a BrowserToolsError from any copy of this package. */
  static override isInstance(value: unknown): value is BrowserToolsError {
    return hasErrorCode(value, BrowserToolsErrorCode);
  }
}
