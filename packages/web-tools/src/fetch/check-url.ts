import {
  assertUrlSafe as coreAssertUrlSafe,
  type HostResolver,
  type UrlPolicy,
} from "@hermes-agent/core";
import { withWebToolsErrors } from "../web-tools-error.js";

/**
 * Check a URL before handing it to a provider that fetches it for us (core's `assertUrlSafe`),
 * throwing {@link WebToolsError}s.
 */
export function assertUrlSafe(
  raw: string,
  policy: UrlPolicy,
  resolve?: HostResolver,
): Promise<URL> {
  return withWebToolsErrors(() => coreAssertUrlSafe(raw, policy, resolve));
}
