import { hasErrorCode, HermesError, type HermesErrorOptions } from "@hermes-agent/core";

/** Stable codes of {@link WebToolsError}. */
export const WebToolsErrorCode = {
  InvalidUrl: "WEB_TOOLS_INVALID_URL",
  UnsupportedScheme: "WEB_TOOLS_UNSUPPORTED_SCHEME",
  BlockedAddress: "WEB_TOOLS_BLOCKED_ADDRESS",
  TooManyRedirects: "WEB_TOOLS_TOO_MANY_REDIRECTS",
  Timeout: "WEB_TOOLS_TIMEOUT",
  TooLarge: "WEB_TOOLS_TOO_LARGE",
  HttpStatus: "WEB_TOOLS_HTTP_STATUS",
  Network: "WEB_TOOLS_NETWORK",
  UnsupportedContent: "WEB_TOOLS_UNSUPPORTED_CONTENT",
  PdfUnavailable: "WEB_TOOLS_PDF_UNAVAILABLE",
  RobotsDisallowed: "WEB_TOOLS_ROBOTS_DISALLOWED",
  Provider: "WEB_TOOLS_PROVIDER",
  NotConfigured: "WEB_TOOLS_NOT_CONFIGURED",
  Aborted: "WEB_TOOLS_ABORTED",
} as const;

/** One of the {@link WebToolsErrorCode} values. */
export type WebToolsErrorCode = (typeof WebToolsErrorCode)[keyof typeof WebToolsErrorCode];

/** What the web tools throw internally; handlers turn it into Hermes' JSON error results. */
export class WebToolsError extends HermesError {
  declare readonly code: WebToolsErrorCode;

  constructor(code: WebToolsErrorCode, message: string, options: HermesErrorOptions = {}) {
    super(code, message, options);
  }

  /** True for a WebToolsError from any copy of this package. */
  static override isInstance(value: unknown): value is WebToolsError {
    return hasErrorCode(value, WebToolsErrorCode);
  }
}
