import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";
import { WebToolsError, WebToolsErrorCode } from "../web-tools-error.js";
import { isBlockedAddress } from "./address-rules.js";
import type { HostResolver } from "./safe-fetch.js";
import {
  assertHostAllowed,
  bareHostname,
  BLOCKED_URL_MESSAGE,
  isExempt,
  parseWebUrl,
  type UrlPolicy,
} from "./url-policy.js";

const defaultResolver: HostResolver = (hostname) =>
  dnsLookup(hostname, { all: true, verbatim: true });

/**
 * Check a URL before handing it to a provider that fetches it for us: http(s) only, and its host
 * must not resolve to a private or internal address. (Our own fetches check again on connect and
 * on every redirect.) An unresolvable host is left to the provider to report.
 */
export async function assertUrlSafe(
  raw: string,
  policy: UrlPolicy,
  resolve: HostResolver = defaultResolver,
): Promise<URL> {
  const url = parseWebUrl(raw);
  assertHostAllowed(url, policy);
  const host = bareHostname(url);
  if (isExempt(url, policy) || isIP(host) !== 0) return url;
  let addresses: readonly { address: string }[];
  try {
    addresses = await resolve(host);
  } catch {
    return url;
  }
  if (addresses.some((a) => isBlockedAddress(a.address))) {
    throw new WebToolsError(WebToolsErrorCode.BlockedAddress, BLOCKED_URL_MESSAGE, {
      details: { host },
    });
  }
  return url;
}
