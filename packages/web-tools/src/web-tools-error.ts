import {
  FetchError,
  hasErrorCode,
  HermesError,
  type FetchErrorCode,
  type HermesErrorOptions,
} from "@hermes-agent/core";

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

const FROM_FETCH_CODE: Readonly<Record<FetchErrorCode, WebToolsErrorCode>> = {
  CORE_FETCH_INVALID_URL: WebToolsErrorCode.InvalidUrl,
  CORE_FETCH_UNSUPPORTED_SCHEME: WebToolsErrorCode.UnsupportedScheme,
  CORE_FETCH_BLOCKED_ADDRESS: WebToolsErrorCode.BlockedAddress,
  CORE_FETCH_TOO_MANY_REDIRECTS: WebToolsErrorCode.TooManyRedirects,
  CORE_FETCH_TIMEOUT: WebToolsErrorCode.Timeout,
  CORE_FETCH_NETWORK: WebToolsErrorCode.Network,
  CORE_FETCH_ABORTED: WebToolsErrorCode.Aborted,
};

/** Run `action`, rethrowing core's safe-fetch errors as the matching {@link WebToolsError}. */
export async function withWebToolsErrors<T>(action: () => T | Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    throw asWebToolsError(error);
  }
}

/** Core's {@link FetchError} as the matching {@link WebToolsError}; anything else unchanged. */
export function asWebToolsError(error: unknown): unknown {
  if (!FetchError.isInstance(error)) return error;
  return new WebToolsError(FROM_FETCH_CODE[error.code], error.message, {
    cause: error,
    ...(error.details === undefined ? {} : { details: error.details }),
  });
}
