import { hasErrorCode, HermesError, type HermesErrorOptions } from "./hermes-error.js";

/** Stable codes of {@link FetchError}. */
export const FetchErrorCode = {
  InvalidUrl: "CORE_FETCH_INVALID_URL",
  UnsupportedScheme: "CORE_FETCH_UNSUPPORTED_SCHEME",
  BlockedAddress: "CORE_FETCH_BLOCKED_ADDRESS",
  TooManyRedirects: "CORE_FETCH_TOO_MANY_REDIRECTS",
  Timeout: "CORE_FETCH_TIMEOUT",
  Network: "CORE_FETCH_NETWORK",
  Aborted: "CORE_FETCH_ABORTED",
} as const;

/** One of the {@link FetchErrorCode} values. */
export type FetchErrorCode = (typeof FetchErrorCode)[keyof typeof FetchErrorCode];

/** What {@link safeFetch} and the URL checks throw; the message is fit to show the model. */
export class FetchError extends HermesError<FetchErrorCode> {
  constructor(code: FetchErrorCode, message: string, options: HermesErrorOptions = {}) {
    super(code, message, options);
  }

  /** True for a FetchError from any copy of this package. */
  static override isInstance(value: unknown): value is FetchError {
    return hasErrorCode(value, FetchErrorCode);
  }
}
