import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import {
  assertUrlSafe,
  FetchError,
  type HostResolver as AddressResolver,
} from "@hermes-agent/core";

/** Hermes' message for a URL whose host is a private or internal address. */
export { BLOCKED_URL_MESSAGE } from "@hermes-agent/core";

/** Resolves a host name to every address it has (default: `dns.lookup` with `all`). */
export type HostResolver = (hostname: string) => Promise<readonly string[]>;

const defaultResolver: HostResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

const NO_TRUSTED_ORIGINS: ReadonlySet<string> = new Set();

/** Schemes a page may load without a network check (inline content and internal pages). */
const LOCAL_SCHEMES: ReadonlySet<string> = new Set(["data:", "blob:", "about:"]);

/**
 * Decides which requests the browser may make, with the rules of web_extract: only http(s),
 * no private, loopback or link-local hosts unless allowed, never cloud metadata. Every request
 * the page makes (navigations, redirects, subresources) is checked, not only the first URL.
 */
export class UrlGuard {
  readonly #allowPrivate: () => boolean;
  readonly #resolveAddresses: AddressResolver;

  constructor(allowPrivate: () => boolean, resolve: HostResolver = defaultResolver) {
    this.#allowPrivate = allowPrivate;
    this.#resolveAddresses = async (hostname) =>
      (await resolve(hostname)).map((address) => ({ address, family: isIP(address) }));
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
    const policy = { allowPrivateUrls: this.#allowPrivate(), trustedOrigins: NO_TRUSTED_ORIGINS };
    try {
      await assertUrlSafe(url.href, policy, this.#resolveAddresses);
      return undefined;
    } catch (error) {
      if (FetchError.isInstance(error)) return error.message;
      throw error;
    }
  }
}
