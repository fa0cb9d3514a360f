import { arr, joinUrl, obj, providerJson, searchHits, str } from "./provider-http.js";
import type {
  PageResult,
  ProviderCallContext,
  ProviderCrawlOptions,
  ProviderSettings,
  SearchHit,
  WebProvider,
} from "./provider-types.js";

/** Tavily's API; `TAVILY_API_URL` points at a proxy instead. */
export const TAVILY_DEFAULT_URL = "https://api.tavily.com";

function documents(answer: Record<string, unknown>, fallbackUrl: string): PageResult[] {
  const pages: PageResult[] = arr(answer.results).map((item) => {
    const doc = obj(item);
    return {
      url: str(doc.url) || fallbackUrl,
      title: str(doc.title),
      content: str(doc.raw_content) || str(doc.content),
    };
  });
  for (const failed of arr(answer.failed_results)) {
    const entry = obj(failed);
    pages.push({
      url: str(entry.url) || fallbackUrl,
      title: "",
      content: "",
      error: str(entry.error) || "extraction failed",
    });
  }
  return pages;
}

/** Tavily: `/search`, `/extract` and `/crawl`. */
export function createTavilyProvider(
  apiKey: string,
  baseUrl: string | undefined,
  settings: ProviderSettings,
): WebProvider {
  const base = baseUrl ?? TAVILY_DEFAULT_URL;
  const call = (path: string, body: Record<string, unknown>, ctx: ProviderCallContext) =>
    providerJson(
      {
        provider: "Tavily",
        url: joinUrl(base, path),
        headers: { authorization: `Bearer ${apiKey}` },
        body: { ...body, api_key: apiKey },
      },
      settings,
      ctx,
    );

  async function search(
    query: string,
    limit: number,
    ctx: ProviderCallContext,
  ): Promise<SearchHit[]> {
    const answer = obj(
      await call(
        "/search",
        {
          query,
          max_results: Math.min(limit, 20),
          include_raw_content: false,
          include_images: false,
        },
        ctx,
      ),
    );
    return searchHits(arr(answer.results), (hit) => ({
      title: str(hit.title),
      description: str(hit.content),
    }));
  }

  async function extract(urls: readonly string[], ctx: ProviderCallContext): Promise<PageResult[]> {
    const answer = obj(
      await call("/extract", { urls, include_images: false, format: "markdown" }, ctx),
    );
    return documents(answer, urls[0] ?? "");
  }

  async function crawl(
    url: string,
    options: ProviderCrawlOptions,
    ctx: ProviderCallContext,
  ): Promise<PageResult[]> {
    const answer = obj(
      await call(
        "/crawl",
        {
          url,
          limit: options.limit,
          max_depth: options.depth,
          format: "markdown",
          ...(options.instructions ? { instructions: options.instructions } : {}),
        },
        ctx,
      ),
    );
    return documents(answer, url).slice(0, options.limit);
  }

  return { name: "tavily", endpoint: base, search, extract, crawl };
}
