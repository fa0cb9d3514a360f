import { createStderrLogger, type Logger } from "@hermes-agent/core";
import type { FetchLimits, HostResolver } from "./fetch/safe-fetch.js";
import type { RateLimits } from "./fetch/host-rate-limiter.js";
import type { FetchFunction } from "./providers/provider-types.js";
import type { EnvLookup } from "./providers/select-provider.js";

/** The `web:` section of config.yaml as the web tools read it. */
export interface WebConfigSection {
  /** `web.backend`: firecrawl, tavily, exa, brave (or brave-free), searxng. */
  readonly backend?: string | null | undefined;
  /** `web.allow_private_urls`: let fetches reach private and loopback addresses. */
  readonly allow_private_urls?: boolean | undefined;
  /** `web.extract_char_limit`: default per-page budget of web_extract. */
  readonly extract_char_limit?: number | null | undefined;
}

/** A loaded config (or any object with a `web` section). */
export interface WebConfigInput {
  readonly web?: WebConfigSection | null | undefined;
  /** Hermes' newer spelling `security.allow_private_urls` is honoured too. */
  readonly security?: { readonly allow_private_urls?: unknown } | null | undefined;
}

const TRUE_WORDS = new Set(["true", "1", "yes", "on"]);
const FALSE_WORDS = new Set(["false", "0", "no", "off"]);

function truthy(value: unknown): boolean {
  return (
    value === true || (typeof value === "string" && TRUE_WORDS.has(value.trim().toLowerCase()))
  );
}

/** What `registerWebTools` takes besides the registry. Everything is optional. */
export interface WebToolsDeps {
  /** The loaded config, or a function returning the current one (read on every call). */
  readonly config?: WebConfigInput | (() => WebConfigInput);
  /** Where API keys are read; an object or a lookup function (default `process.env`, per call). */
  readonly env?: Readonly<Record<string, string | undefined>> | EnvLookup;
  /** HTTP client for provider APIs (default global `fetch`). */
  readonly fetch?: FetchFunction;
  /** DNS resolution of page hosts (default `dns.lookup`, all addresses). */
  readonly resolveHost?: HostResolver;
  /**
   * Origins exempt from the private-address rule besides the provider endpoints, e.g. a local
   * documentation server. Redirects away from them are checked as usual.
   */
  readonly trustedOrigins?: readonly string[];
  /** Limits of each page fetch (redirects 5, 10 MiB, 30 s by default). */
  readonly fetchLimits?: Partial<FetchLimits>;
  /** Shared rate limits of page fetches (4 at once by default). */
  readonly rateLimits?: Partial<RateLimits>;
  /** Milliseconds per provider API request (default 60 000). */
  readonly providerTimeoutMs?: number;
  /** Milliseconds between Firecrawl crawl status polls (default 2 000). */
  readonly crawlPollIntervalMs?: number;
  /** User agent of page fetches. */
  readonly userAgent?: string;
  /** Where failures are logged (URLs redacted); default stderr, warnings and up. */
  readonly logger?: Logger;
}

/** The settings in force for one call. */
export interface WebCallSettings {
  readonly backend: string | undefined;
  readonly allowPrivateUrls: boolean;
  readonly extractCharLimit: number | undefined;
  readonly env: EnvLookup;
}

/** Reads config and env fresh for every call, so edits take effect without a restart. */
export class WebSettingsReader {
  readonly #deps: WebToolsDeps;
  readonly logger: Logger;

  constructor(deps: WebToolsDeps) {
    this.#deps = deps;
    this.logger = deps.logger ?? createStderrLogger({ name: "hermes-web-tools" });
  }

  /** The env lookup in force. */
  env(): EnvLookup {
    const source = this.#deps.env;
    if (typeof source === "function") return source;
    const table = source ?? process.env;
    return (name) => table[name];
  }

  /** Current settings. */
  current(): WebCallSettings {
    const config =
      typeof this.#deps.config === "function" ? this.#deps.config() : this.#deps.config;
    const web = config?.web ?? {};
    const limit = web.extract_char_limit;
    const env = this.env();
    // HERMES_ALLOW_PRIVATE_URLS wins over config either way, as in Hermes.
    const override = (env("HERMES_ALLOW_PRIVATE_URLS") ?? "").trim().toLowerCase();
    const allowPrivateUrls = TRUE_WORDS.has(override)
      ? true
      : FALSE_WORDS.has(override)
        ? false
        : truthy(web.allow_private_urls) || truthy(config?.security?.allow_private_urls);
    return {
      backend: typeof web.backend === "string" ? web.backend : undefined,
      allowPrivateUrls,
      extractCharLimit: typeof limit === "number" ? limit : undefined,
      env,
    };
  }
}
