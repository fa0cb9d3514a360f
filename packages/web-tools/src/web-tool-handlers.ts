import { redactSecrets } from "@hermes-agent/core";
import { toolError, type ToolCallContext } from "@hermes-agent/registry";
import { crawlSite, DEFAULT_CRAWL_DEPTH, DEFAULT_CRAWL_MAX_BYTES } from "./crawl/site-crawler.js";
import { capContent, effectiveCharLimit } from "./extract/char-limit.js";
import { extractPage } from "./extract/page-extractor.js";
import { assertUrlSafe } from "./fetch/check-url.js";
import { HostRateLimiter } from "./fetch/host-rate-limiter.js";
import { DEFAULT_FETCH_LIMITS, type SafeFetchOptions } from "./fetch/safe-fetch.js";
import { createUrlPolicy, type UrlPolicy } from "./fetch/url-policy.js";
import type { PageResult, ProviderSettings, WebProvider } from "./providers/provider-types.js";
import { createProvider } from "./providers/create-provider.js";
import { chooseBackend, type BackendChoice } from "./providers/select-provider.js";
import { WebSettingsReader, type WebCallSettings, type WebToolsDeps } from "./web-settings.js";
import { WEB_BACKENDS } from "./providers/provider-types.js";

/** Most URLs one web_extract call handles (Hermes' limit); extra URLs are ignored. */
export const MAX_EXTRACT_URLS = 5;
/** Pages a web_crawl returns when the caller gives no limit. */
export const DEFAULT_CRAWL_LIMIT = 10;
/** Most pages one web_crawl returns. */
export const MAX_CRAWL_LIMIT = 50;
/** Characters of all crawled pages together that a result carries before per-page capping. */
const CRAWL_CHAR_BUDGET = 80_000;

function message(error: unknown): string {
  return redactSecrets(error instanceof Error ? error.message : String(error));
}

function clampInt(value: unknown, fallback: number, min: number, max: number): number {
  const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof number !== "number" || !Number.isFinite(number)) return fallback;
  return Math.max(min, Math.min(Math.trunc(number), max));
}

function outputPage(page: PageResult, charLimit: number): PageResult {
  const error = page.error ? redactSecrets(page.error) : null;
  return {
    url: redactSecrets(page.url),
    title: page.title,
    content: error ? page.content : capContent(page.content, charLimit),
    error,
  };
}

/** Query parameter names that carry credentials (Hermes' list). */
const CREDENTIAL_PARAMS: ReadonlySet<string> = new Set([
  "access_token",
  "api_key",
  "apikey",
  "auth_token",
  "authorization",
  "awsaccesskeyid",
  "client_secret",
  "credential",
  "credentials",
  "jwt",
  "password",
  "passwd",
  "secret",
  "session_id",
  "signature",
  "token",
  "x-amz-security-token",
  "x-amz-signature",
  "x_amz_security_token",
  "x_amz_signature",
]);

function hasCredentialQuery(url: string): boolean {
  try {
    for (const [key, value] of new URL(url).searchParams) {
      if (value !== "" && CREDENTIAL_PARAMS.has(key.toLowerCase())) return true;
    }
  } catch {
    return false;
  }
  return false;
}

function normalized(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}

/** Pair provider pages with the requested URLs: exact URL, then normalized URL, then order. */
function matchPages(
  urls: readonly string[],
  pages: readonly PageResult[],
): Map<string, PageResult> {
  const matched = new Map<string, PageResult>();
  const left = [...pages];
  for (const url of urls) {
    const index = left.findIndex((p) => p.url === url || normalized(p.url) === normalized(url));
    const [page] = index >= 0 ? left.splice(index, 1) : [];
    if (page) matched.set(url, page);
  }
  for (const url of urls) {
    if (!matched.has(url) && left.length > 0) matched.set(url, left.shift() as PageResult);
  }
  return matched;
}

/** The web tools' behaviour, independent of the registry. */
export class WebToolHandlers {
  readonly #settings: WebSettingsReader;
  readonly #deps: WebToolsDeps;
  readonly #limiter: HostRateLimiter;

  constructor(deps: WebToolsDeps) {
    this.#deps = deps;
    this.#settings = new WebSettingsReader(deps);
    this.#limiter = new HostRateLimiter(deps.rateLimits);
  }

  /** The backend in force now. */
  choice(settings: WebCallSettings = this.#settings.current()): BackendChoice {
    return chooseBackend(settings.backend, settings.env);
  }

  /** `checkFn` of web_search: true only when the chosen provider is configured. */
  searchAvailable(): boolean {
    return this.choice().configured;
  }

  #provider(settings: WebCallSettings): WebProvider | undefined {
    const choice = this.choice(settings);
    if (!choice.configured || choice.backend === undefined) return undefined;
    const providerSettings: ProviderSettings = {
      fetch: this.#deps.fetch ?? ((input, init) => fetch(input, init)),
      timeoutMs: this.#deps.providerTimeoutMs ?? 60_000,
      pollIntervalMs: this.#deps.crawlPollIntervalMs ?? 2_000,
    };
    return createProvider(choice.backend, settings.env, providerSettings);
  }

  #policy(settings: WebCallSettings, provider: WebProvider | undefined): UrlPolicy {
    const origins = [...(this.#deps.trustedOrigins ?? [])];
    if (provider && provider.endpoint !== "") origins.push(provider.endpoint);
    return createUrlPolicy(settings.allowPrivateUrls, origins);
  }

  #fetchOptions(policy: UrlPolicy, signal: AbortSignal): SafeFetchOptions {
    return {
      policy,
      signal,
      limits: { ...DEFAULT_FETCH_LIMITS, ...this.#deps.fetchLimits },
      ...(this.#deps.resolveHost ? { resolve: this.#deps.resolveHost } : {}),
      ...(this.#deps.userAgent ? { userAgent: this.#deps.userAgent } : {}),
    };
  }

  #missingProvider(settings: WebCallSettings): string {
    const choice = this.choice(settings);
    if (choice.unknown !== undefined) {
      return `Unknown web backend '${choice.unknown}' in web.backend. Use one of: ${WEB_BACKENDS.join(", ")}.`;
    }
    if (choice.backend !== undefined) {
      return `Web backend '${choice.backend}' is not configured: set ${choice.requiredEnv.join(" or ")}.`;
    }
    return `No web search provider configured. Set one of ${choice.requiredEnv.join(", ")} (or choose one with web.backend in config.yaml).`;
  }

  /** web_search(query, limit=5). */
  async search(args: Record<string, unknown>, ctx: ToolCallContext): Promise<string> {
    const query = typeof args.query === "string" ? args.query.trim() : "";
    if (query === "") return toolError("Error searching web: query must be a non-empty string");
    const limit = clampInt(args.limit, 5, 1, 100);
    const settings = this.#settings.current();
    const provider = this.#provider(settings);
    if (!provider) return toolError(`Error searching web: ${this.#missingProvider(settings)}`);
    try {
      const hits = await provider.search(query, limit, { signal: ctx.signal });
      const web = hits.slice(0, limit).map((hit) => ({ ...hit, url: redactSecrets(hit.url) }));
      return JSON.stringify({ success: true, data: { web } });
    } catch (error) {
      this.#settings.logger.warn(`web_search via ${provider.name} failed: ${message(error)}`);
      return toolError(`Error searching web: ${message(error)}`);
    }
  }

  /** web_extract(urls, char_limit?). */
  async extract(args: Record<string, unknown>, ctx: ToolCallContext): Promise<string> {
    const raw = typeof args.urls === "string" ? [args.urls] : args.urls;
    if (!Array.isArray(raw) || raw.length === 0 || raw.some((u) => typeof u !== "string")) {
      return toolError("Error extracting content: urls must be a non-empty list of URL strings");
    }
    const urls = (raw as string[]).slice(0, MAX_EXTRACT_URLS);
    const settings = this.#settings.current();
    const charLimit = effectiveCharLimit(args.char_limit ?? settings.extractCharLimit);
    const provider = this.#provider(settings);
    const policy = this.#policy(settings, undefined);
    try {
      const checks = await Promise.all(
        urls.map((url) =>
          assertUrlSafe(url, policy, this.#deps.resolveHost).then(
            () => undefined,
            (error: unknown) => message(error),
          ),
        ),
      );
      const safe = urls.filter((_, i) => checks[i] === undefined);
      // URLs carrying credentials in their query are never handed to a third-party provider.
      const viaProvider = provider?.extract ? safe.filter((u) => !hasCredentialQuery(u)) : [];
      const ourselves = safe.filter((u) => !viaProvider.includes(u));
      const fetched = new Map<string, PageResult>();
      const fetchOptions = this.#fetchOptions(policy, ctx.signal);
      await Promise.all([
        (async () => {
          if (viaProvider.length === 0 || !provider?.extract) return;
          const pages = await provider.extract(viaProvider, { signal: ctx.signal });
          for (const [url, page] of matchPages(viaProvider, pages)) fetched.set(url, page);
        })(),
        ...ourselves.map(async (url) => {
          fetched.set(url, await this.#ownExtract(url, fetchOptions));
        }),
      ]);
      const results = urls.map((url, i) => {
        const blocked = checks[i];
        if (blocked !== undefined)
          return outputPage({ url, title: "", content: "", error: blocked }, charLimit);
        const page = fetched.get(url) ?? {
          url,
          title: "",
          content: "",
          error: "extraction failed",
        };
        return outputPage({ ...page, url }, charLimit);
      });
      return JSON.stringify({ results });
    } catch (error) {
      this.#settings.logger.warn(`web_extract failed: ${message(error)}`);
      return toolError(`Error extracting content: ${message(error)}`);
    }
  }

  async #ownExtract(url: string, options: SafeFetchOptions): Promise<PageResult> {
    let host = url;
    try {
      host = new URL(url).hostname;
    } catch {
      // Reported by extractPage.
    }
    try {
      const page = await this.#limiter.run(host, () => extractPage(url, options), {
        ...(options.signal ? { signal: options.signal } : {}),
      });
      return { url, title: page.title, content: page.content };
    } catch (error) {
      if (options.signal?.aborted) throw error;
      this.#settings.logger.info(`web_extract ${redactSecrets(url)}: ${message(error)}`);
      return { url, title: "", content: "", error: message(error) };
    }
  }

  /** web_crawl(url, instructions?, limit?). */
  async crawl(args: Record<string, unknown>, ctx: ToolCallContext): Promise<string> {
    const start = typeof args.url === "string" ? args.url.trim() : "";
    if (start === "") return toolError("Error crawling website: url must be a non-empty string");
    const limit = clampInt(args.limit, DEFAULT_CRAWL_LIMIT, 1, MAX_CRAWL_LIMIT);
    const instructions = typeof args.instructions === "string" ? args.instructions : undefined;
    const settings = this.#settings.current();
    const provider = this.#provider(settings);
    const policy = this.#policy(settings, undefined);
    const perPage = effectiveCharLimit(Math.floor(CRAWL_CHAR_BUDGET / limit));
    try {
      const startUrl = await assertUrlSafe(start, policy, this.#deps.resolveHost);
      const pages = provider?.crawl
        ? await provider.crawl(
            startUrl.href,
            { limit, depth: DEFAULT_CRAWL_DEPTH, instructions },
            { signal: ctx.signal },
          )
        : await crawlSite(
            startUrl,
            { limit, depth: DEFAULT_CRAWL_DEPTH, maxTotalBytes: DEFAULT_CRAWL_MAX_BYTES },
            this.#fetchOptions(policy, ctx.signal),
            this.#limiter,
          );
      const results = pages.slice(0, limit).map((page) => {
        const shaped = outputPage(page, perPage);
        return shaped.error === null
          ? { url: shaped.url, title: shaped.title, content: shaped.content }
          : shaped;
      });
      return JSON.stringify({ results });
    } catch (error) {
      this.#settings.logger.warn(`web_crawl ${redactSecrets(start)} failed: ${message(error)}`);
      return toolError(`Error crawling website: ${message(error)}`);
    }
  }
}
