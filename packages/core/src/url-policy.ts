import { isIP } from "node:net";
import { FetchError, FetchErrorCode } from "./fetch-error.js";
import { isBlockedAddress, isMetadataAddress, isMetadataHostname } from "./network-address.js";

/** Hermes' message for a URL whose host is a private or internal address. */
export const BLOCKED_URL_MESSAGE = "Blocked: URL targets a private or internal network address";

/** Which destinations a fetch may reach. */
export interface UrlPolicy {
  /** `web.allow_private_urls`: let fetches reach loopback, private and link-local addresses. */
  readonly allowPrivateUrls: boolean;
  /**
   * Origins (`http://127.0.0.1:8080`) exempt from the private-address rule, one hop at a time:
   * the configured provider endpoints (a self-hosted SearXNG or Firecrawl). A redirect away from
   * a trusted origin is checked like any other URL.
   */
  readonly trustedOrigins: ReadonlySet<string>;
}

/** Parse a URL the model gave; only http and https are accepted. */
export function parseWebUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new FetchError(
      FetchErrorCode.InvalidUrl,
      `Invalid URL: ${JSON.stringify(raw)}. Give an absolute http(s) URL such as https://example.com/page.`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new FetchError(
      FetchErrorCode.UnsupportedScheme,
      `Unsupported URL scheme '${url.protocol.replace(/:$/, "")}': only http and https URLs can be fetched.`,
    );
  }
  return url;
}

/** The host of a URL without IPv6 brackets. */
export function bareHostname(url: URL): string {
  const host = url.hostname;
  return host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
}

/** True when the private-address rule does not apply to this URL. */
export function isExempt(url: URL, policy: UrlPolicy): boolean {
  return policy.allowPrivateUrls || policy.trustedOrigins.has(url.origin);
}

/** True when a connection to `address` must be refused under `exempt` (one hop's exemption). */
export function isRefusedAddress(address: string, exempt: boolean): boolean {
  return isMetadataAddress(address) || (!exempt && isBlockedAddress(address));
}

/**
 * Checks that need no DNS: metadata host names and IP-literal hosts. Names are checked again
 * after resolution, on the addresses the connection will actually use. Cloud metadata is
 * refused even for exempt URLs.
 */
export function assertHostAllowed(url: URL, policy: UrlPolicy): void {
  const host = bareHostname(url);
  const exempt = isExempt(url, policy);
  if (isMetadataHostname(host) || (isIP(host) !== 0 && isRefusedAddress(host, exempt))) {
    throw new FetchError(FetchErrorCode.BlockedAddress, BLOCKED_URL_MESSAGE, {
      details: { host },
    });
  }
}

/** Build a policy from config values and provider endpoints. */
export function createUrlPolicy(
  allowPrivateUrls: boolean,
  trustedOrigins: Iterable<string> = [],
): UrlPolicy {
  const origins = new Set<string>();
  for (const origin of trustedOrigins) {
    try {
      origins.add(new URL(origin).origin);
    } catch {
      // An unparsable endpoint is reported when the provider is called; it trusts nothing.
    }
  }
  return { allowPrivateUrls, trustedOrigins: origins };
}
