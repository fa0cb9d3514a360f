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
    for (let page = 1; hits.length < limit && page <= 3; page += 1) {
      const url = new URL(joinUrl(baseUrl, "/search"));
      url.searchParams.set("q", query);
      url.searchParams.set("format", "json");
      url.searchParams.set("pageno", String(page));
      const answer = obj(await providerJson({ provider: "SearXNG", url: url.href }, settings, ctx));
      const results = arr(answer.results);
      const taken = results.slice(0, limit - hits.length);
      hits.push(
        ...searchHits(
          taken,
          (hit) => ({ title: str(hit.title), description: str(hit.content) }),
          hits.length + 1,
        ),
      );
      if (results.length === 0) break;
    }
    return hits;
  }

  return { name: "searxng", endpoint: baseUrl, search };
}
