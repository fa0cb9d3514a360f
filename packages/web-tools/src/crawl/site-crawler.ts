import type { HostRateLimiter } from "../fetch/host-rate-limiter.js";
import { safeFetch, type SafeFetchOptions } from "../fetch/safe-fetch.js";
import { pageFromResponse } from "../extract/page-extractor.js";
import type { PageResult } from "../providers/provider-types.js";
import { WebToolsError, WebToolsErrorCode } from "../web-tools-error.js";
import { loadRobotsRules, ROBOTS_USER_AGENT } from "./robots-rules.js";

/** Bounds of one crawl. */
export interface CrawlBounds {
  /** Pages returned at most. */
  readonly limit: number;
  /** Link hops from the start page (0 = only the start page). */
  readonly depth: number;
  /** Bytes downloaded at most, all pages together. */
  readonly maxTotalBytes: number;
}

/** Link hops a crawl follows from the start page by default. */
export const DEFAULT_CRAWL_DEPTH: number = 2;
/** Default total download budget of a crawl: 20 MiB. */
export const DEFAULT_CRAWL_MAX_BYTES: number = 20 * 1024 * 1024;

const NOT_PAGES =
  /\.(png|jpe?g|gif|webp|svg|ico|bmp|tiff?|mp[34]|m4a|wav|ogg|webm|avi|mov|zip|gz|tgz|bz2|xz|7z|rar|tar|exe|dmg|iso|woff2?|ttf|eot|css|js|mjs|map|wasm)$/i;

function canonical(url: URL): string {
  const copy = new URL(url.href);
  copy.hash = "";
  return copy.href;
}

/**
 * Crawl a site breadth-first from `startUrl`, staying on its host, honouring robots.txt and the
 * shared rate limits; every fetch goes through the same safety rules as web_extract.
 */
export async function crawlSite(
  startUrl: URL,
  bounds: CrawlBounds,
  fetchOptions: SafeFetchOptions,
  limiter: HostRateLimiter,
): Promise<PageResult[]> {
  let host = startUrl.host;
  let robots = await loadRobotsRules(startUrl.origin, fetchOptions);
  const assertAllowed = (url: URL) => {
    if (!robots.isAllowed(url.href)) {
      throw new WebToolsError(
        WebToolsErrorCode.RobotsDisallowed,
        `robots.txt of ${url.host} does not allow crawling ${url.href} (user agent ${ROBOTS_USER_AGENT})`,
      );
    }
  };
  assertAllowed(startUrl);
  const queue: { url: string; depth: number }[] = [{ url: canonical(startUrl), depth: 0 }];
  const seen = new Set<string>([canonical(startUrl)]);
  const pages: PageResult[] = [];
  let downloaded = 0;
  while (queue.length > 0 && pages.length < bounds.limit && downloaded < bounds.maxTotalBytes) {
    const next = queue.shift();
    if (next === undefined) break;
    const { url, depth } = next;
    let links: readonly string[];
    try {
      const response = await limiter.run(
        host,
        () =>
          safeFetch(url, {
            ...fetchOptions,
            limits: {
              ...fetchOptions.limits,
              maxBytes: Math.min(
                fetchOptions.limits?.maxBytes ?? Number.POSITIVE_INFINITY,
                bounds.maxTotalBytes - downloaded,
              ),
            },
          }),
        {
          intervalMs: robots.crawlDelayMs,
          ...(fetchOptions.signal ? { signal: fetchOptions.signal } : {}),
        },
      );
      downloaded += response.body.length;
      const finalUrl = new URL(response.url);
      if (finalUrl.host !== host) {
        if (depth > 0) continue;
        // The start page moved (http to https, bare domain to www): crawl where it landed.
        host = finalUrl.host;
        robots = await loadRobotsRules(finalUrl.origin, fetchOptions);
        assertAllowed(finalUrl);
      }
      seen.add(canonical(finalUrl));
      const page = await pageFromResponse(response);
      pages.push({ url: page.url, title: page.title, content: page.content });
      links = page.links;
    } catch (error) {
      if (fetchOptions.signal?.aborted) throw error;
      if (depth === 0) throw error;
      pages.push({ url, title: "", content: "", error: (error as Error).message });
      continue;
    }
    if (depth >= bounds.depth) continue;
    for (const link of links) {
      let target: URL;
      try {
        target = new URL(link);
      } catch {
        continue;
      }
      if (target.host !== host || NOT_PAGES.test(target.pathname)) continue;
      const key = canonical(target);
      if (seen.has(key) || !robots.isAllowed(key)) continue;
      seen.add(key);
      queue.push({ url: key, depth: depth + 1 });
    }
  }
  return pages;
}
