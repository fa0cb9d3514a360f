import type * as Dns from "node:dns/promises";
import { isIP } from "node:net";
import { FetchError, FetchErrorCode } from "./fetch-error.js";
import type { HostResolver } from "./safe-fetch.js";
import {
  assertHostAllowed,
  bareHostname,
  BLOCKED_URL_MESSAGE,
  isExempt,
  isRefusedAddress,
  parseWebUrl,
  type UrlPolicy,
} from "./url-policy.js";

const defaultResolver: HostResolver = (hostname) =>
  // node:dns is loaded by the first lookup, not with @hermes-agent/core.
  (process.getBuiltinModule("node:dns/promises") as typeof Dns).lookup(hostname, {
    all: true,
    verbatim: true,
  });

/**
 * Check a URL before handing it to a provider that fetches it for us: http(s) only, and its host
 * must not resolve to a private or internal address. (Our own fetches check again on connect and
 * on every redirect.) A host that does not resolve is refused too (fail closed).
 */
export async function assertUrlSafe(
  raw: string,
  policy: UrlPolicy,
  resolve: HostResolver = defaultResolver,
): Promise<URL> {
  const url = parseWebUrl(raw);
  assertHostAllowed(url, policy);
  const host = bareHostname(url);
  if (isIP(host) !== 0) return url;
  const exempt = isExempt(url, policy);
  let addresses: readonly { address: string }[];
  try {
    addresses = await resolve(host);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw new FetchError(
      FetchErrorCode.Network,
      `Could not resolve host '${host}'${typeof code === "string" ? ` (${code})` : ""}; the URL was not fetched.`,
      { cause: error },
    );
  }
  if (addresses.some((a) => isRefusedAddress(a.address, exempt))) {
    throw new FetchError(FetchErrorCode.BlockedAddress, BLOCKED_URL_MESSAGE, {
      details: { host },
    });
  }
  return url;
}
