import { setTimeout as sleep } from "node:timers/promises";
import { WebToolsError, WebToolsErrorCode } from "../web-tools-error.js";
import { arr, joinUrl, obj, providerJson, str } from "./provider-http.js";
import type {
  PageResult,
  ProviderCallContext,
  ProviderCrawlOptions,
  ProviderSettings,
  SearchHit,
  WebProvider,
} from "./provider-types.js";

/** Firecrawl's cloud API; `FIRECRAWL_API_URL` points at a self-hosted instance instead. */
export const FIRECRAWL_DEFAULT_URL = "https://api.firecrawl.dev";

/** The longest a crawl job is waited for. */
const CRAWL_DEADLINE_MS = 300_000;

function pageOf(document: unknown, fallbackUrl: string): PageResult {
  const doc = obj(document);
  const metadata = obj(doc.metadata);
  const url = str(metadata.sourceURL) || str(metadata.url) || fallbackUrl;
  const status = typeof metadata.statusCode === "number" ? metadata.statusCode : 200;
  const error = str(metadata.error) || (status >= 400 ? `HTTP ${String(status)}` : "");
  return {
    url,
    title: str(metadata.title),
    content: str(doc.markdown),
    ...(error ? { error } : {}),
  };
}

/** Firecrawl v2: `/v2/search`, `/v2/scrape` and the asynchronous `/v2/crawl` job API. */
export function createFirecrawlProvider(
  apiKey: string | undefined,
  baseUrl: string | undefined,
  settings: ProviderSettings,
): WebProvider {
  const base = baseUrl ?? FIRECRAWL_DEFAULT_URL;
  const headers: Record<string, string> = apiKey ? { authorization: `Bearer ${apiKey}` } : {};
  const call = (path: string, ctx: ProviderCallContext, body?: unknown) =>
    providerJson(
      {
        provider: "Firecrawl",
        url: path.startsWith("http") ? path : joinUrl(base, path),
        headers,
        body,
      },
      settings,
      ctx,
    );

  async function search(
    query: string,
    limit: number,
    ctx: ProviderCallContext,
  ): Promise<SearchHit[]> {
    const answer = obj(await call("/v2/search", ctx, { query, limit }));
    const data = answer.data;
    const items = Array.isArray(data) ? data : arr(obj(data).web);
    return items.slice(0, limit).map((item, index) => {
      const hit = obj(item);
      return {
        title: str(hit.title),
        url: str(hit.url),
        description: str(hit.description) || str(hit.snippet),
        position: typeof hit.position === "number" ? hit.position : index + 1,
      };
    });
  }

  async function extract(urls: readonly string[], ctx: ProviderCallContext): Promise<PageResult[]> {
    const results: PageResult[] = [];
    for (const url of urls) {
      try {
        const answer = obj(
          await call("/v2/scrape", ctx, { url, formats: ["markdown"], onlyMainContent: true }),
        );
        if (answer.success === false) {
          results.push({
            url,
            title: "",
            content: "",
            error: str(answer.error) || "scrape failed",
          });
        } else {
          results.push({ ...pageOf(answer.data, url), url });
        }
      } catch (error) {
        if (ctx.signal.aborted) throw error;
        results.push({ url, title: "", content: "", error: (error as Error).message });
      }
    }
    return results;
  }

  async function crawl(
    url: string,
    options: ProviderCrawlOptions,
    ctx: ProviderCallContext,
  ): Promise<PageResult[]> {
    const started = obj(
      await call("/v2/crawl", ctx, {
        url,
        limit: options.limit,
        maxDiscoveryDepth: options.depth,
        ...(options.instructions ? { prompt: options.instructions } : {}),
        scrapeOptions: { formats: ["markdown"], onlyMainContent: true },
      }),
    );
    const id = str(started.id);
    if (!id)
      throw new WebToolsError(WebToolsErrorCode.Provider, "Firecrawl did not return a crawl id");
    const deadline = Date.now() + CRAWL_DEADLINE_MS;
    let status = obj(await call(`/v2/crawl/${encodeURIComponent(id)}`, ctx));
    while (str(status.status) === "scraping" || str(status.status) === "pending") {
      if (Date.now() > deadline) {
        throw new WebToolsError(
          WebToolsErrorCode.Timeout,
          `Firecrawl crawl ${id} did not finish in time`,
        );
      }
      await sleep(settings.pollIntervalMs, undefined, { signal: ctx.signal });
      status = obj(await call(`/v2/crawl/${encodeURIComponent(id)}`, ctx));
    }
    if (str(status.status) !== "completed") {
      throw new WebToolsError(
        WebToolsErrorCode.Provider,
        `Firecrawl crawl ${str(status.status) || "ended"}: ${str(status.error) || "no pages"}`,
      );
    }
    const pages = arr(status.data).map((doc) => pageOf(doc, url));
    let next = str(status.next);
    const endpoint = new URL(base).origin;
    while (next && pages.length < options.limit && new URL(next).origin === endpoint) {
      const more = obj(await call(next, ctx));
      pages.push(...arr(more.data).map((doc) => pageOf(doc, url)));
      next = str(more.next);
    }
    return pages.slice(0, options.limit);
  }

  return { name: "firecrawl", endpoint: base, search, extract, crawl };
}
