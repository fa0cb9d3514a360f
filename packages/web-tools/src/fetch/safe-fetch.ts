// Safe fetching lives in @hermes-agent/core (the model tools fetch images under the same rules);
// here its errors become WebToolsErrors.
import {
  safeFetch as coreSafeFetch,
  type FetchedResponse,
  type SafeFetchOptions,
} from "@hermes-agent/core";
import { withWebToolsErrors } from "../web-tools-error.js";

export { DEFAULT_FETCH_LIMITS, DEFAULT_USER_AGENT } from "@hermes-agent/core";
export type {
  FetchedResponse,
  FetchLimits,
  HostResolver,
  ResolvedAddress,
  SafeFetchOptions,
} from "@hermes-agent/core";

/** Core's `safeFetch`, throwing {@link WebToolsError}s. */
export function safeFetch(rawUrl: string, options: SafeFetchOptions): Promise<FetchedResponse> {
  return withWebToolsErrors(() => coreSafeFetch(rawUrl, options));
}
