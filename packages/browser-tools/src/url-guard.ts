import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { isBlockedAddress, isMetadataAddress, isMetadataHostname } from "@hermes-agent/core";

/** Hermes' message for a URL whose host is a private or internal address. */
export const BLOCKED_URL_MESSAGE = "Blocked: URL targets a private or internal network address";

/** Resolves a host name to every address it has (default: `dns.lookup` with `all`). */
export type HostResolver = (hostname: string) => Promise<readonly string[]>;

const defaultResolver: HostResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/** Schemes a page may load without a network check (inline content and internal pages). */
const LOCAL_SCHEMES: ReadonlySet<string> = new Set(["data:", "blob:", "about:"]);

/**
 * Decides which requests the browser may make, with the rules of web_extract: only http(s),
 * no private, loopback or link-local hosts unless allowed, never cloud metadata. Every request
 * the page makes (navigations, redirects, subresources) is checked, not only the first URL.
 */
export class UrlGuard {
  readonly #allowPrivate: () => boolean;
  readonly #resolve: HostResolver;

  constructor(allowPrivate: () => boolean, resolve: HostResolver = defaultResolver) {
    this.#allowPrivate = allowPrivate;
    this.#resolve = resolve;
  }

  /** Why the model's URL cannot be opened, or undefined when it may be. */
  async refuseNavigation(raw: string): Promise<string | undefined> {
    let url: URL;
    try {
      url = new URL(raw.trim());
    } catch {
      return `Invalid URL: ${JSON.stringify(raw)}. Give an absolute http(s) URL such as https://example.com/page.`;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      return `Unsupported URL scheme '${url.protocol.replace(/:$/, "")}': only http and https URLs can be opened.`;
    }
    return this.refuseRequest(url.href);
  }

  /** Why a request the page makes must be refused, or undefined when it may go out. */
  async refuseRequest(raw: string): Promise<string | undefined> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return `Invalid URL: ${JSON.stringify(raw)}`;
    }
    if (LOCAL_SCHEMES.has(url.protocol)) return undefined;
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      return `Unsupported URL scheme '${url.protocol.replace(/:$/, "")}'`;
    }
    const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
    if (isMetadataHostname(host)) return BLOCKED_URL_MESSAGE;
    const allowPrivate = this.#allowPrivate();
    let addresses: readonly string[];
    if (isIP(host) !== 0) {
      addresses = [host];
    } else {
      try {
        addresses = await this.#resolve(host);
      } catch {
        return `Could not resolve host '${host}'`;
      }
    }
    for (const address of addresses) {
      if (isMetadataAddress(address) || (!allowPrivate && isBlockedAddress(address))) {
        return BLOCKED_URL_MESSAGE;
      }
    }
    return undefined;
  }
}
