import { arr, joinUrl, obj, providerJson, searchHits, str } from "./provider-http.js";
import type {
  ProviderCallContext,
  ProviderSettings,
  SearchHit,
  WebProvider,
} from "./provider-types.js";

/** A self-hosted SearXNG instance (`SEARXNG_URL`, no key): `GET /search?format=json`. */
export function createSearxngProvider(baseUrl: string, settings: ProviderSettings): WebProvider {
  async function search(
    query: string,
    limit: number,
    ctx: ProviderCallContext,
  ): Promise<SearchHit[]> {
    const hits: SearchHit[] = [];
    const seen = new Set<string>();
    for (let page = 1; hits.length < limit && page <= 3; page += 1) {
      const url = new URL(joinUrl(baseUrl, "/search"));
      url.searchParams.set("q", query);
      url.searchParams.set("format", "json");
      url.searchParams.set("pageno", String(page));
      const answer = obj(await providerJson({ provider: "SearXNG", url: url.href }, settings, ctx));
      // Pages overlap (and an instance may ignore `pageno`): keep each URL once, and stop
      // paging when a page brings nothing new.
      const fresh = arr(answer.results).filter((item) => {
        const link = str(obj(item).url);
        if (link === "" || seen.has(link)) return false;
        seen.add(link);
        return true;
      });
      if (fresh.length === 0) break;
      hits.push(
        ...searchHits(
          fresh.slice(0, limit - hits.length),
          (hit) => ({ title: str(hit.title), description: str(hit.content) }),
          hits.length + 1,
        ),
      );
    }
    return hits;
  }

  return { name: "searxng", endpoint: baseUrl, search };
}
