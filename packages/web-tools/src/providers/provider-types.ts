/** Names of the built-in search providers (`web.backend`). */
export const WEB_BACKENDS = ["firecrawl", "tavily", "exa", "brave", "searxng"] as const;

/** One of {@link WEB_BACKENDS}. */
export type WebBackend = (typeof WEB_BACKENDS)[number];

/** One search hit, in Hermes' shape. */
export interface SearchHit {
  readonly title: string;
  readonly url: string;
  readonly description: string;
  readonly position: number;
}

/** One extracted or crawled page, in Hermes' shape; `error` set when the page failed. */
export interface PageResult {
  readonly url: string;
  readonly title: string;
  readonly content: string;
  readonly error?: string | null;
}

/** Options of a provider crawl. */
export interface ProviderCrawlOptions {
  readonly limit: number;
  readonly depth: number;
  readonly instructions?: string | undefined;
}

/** What every provider call receives. */
export interface ProviderCallContext {
  readonly signal: AbortSignal;
}

/**
 * A search provider speaking its vendor's HTTP API. `extract` and `crawl` are present only when
 * the vendor has such an API; otherwise the tools fetch pages themselves.
 */
export interface WebProvider {
  readonly name: WebBackend;
  /** The origin of the API endpoint (trusted even when it is a private address). */
  readonly endpoint: string;
  search(query: string, limit: number, ctx: ProviderCallContext): Promise<SearchHit[]>;
  extract?(urls: readonly string[], ctx: ProviderCallContext): Promise<PageResult[]>;
  crawl?(
    url: string,
    options: ProviderCrawlOptions,
    ctx: ProviderCallContext,
  ): Promise<PageResult[]>;
}

/** The HTTP client a provider uses: `fetch` or a compatible function. */
export type FetchFunction = (input: string | URL, init?: RequestInit) => Promise<Response>;

/** Settings shared by every provider. */
export interface ProviderSettings {
  readonly fetch: FetchFunction;
  /** Milliseconds per API request (default 60 000). */
  readonly timeoutMs: number;
  /** Milliseconds between crawl status polls (Firecrawl). */
  readonly pollIntervalMs: number;
}
