import { arr, joinUrl, obj, plainText, providerJson, searchHits, str } from "./provider-http.js";
import type {
  ProviderCallContext,
  ProviderSettings,
  SearchHit,
  WebProvider,
} from "./provider-types.js";

/** Brave Search API; `BRAVE_SEARCH_API_URL` points elsewhere (a proxy, or a test server). */
export const BRAVE_DEFAULT_URL = "https://api.search.brave.com";

/** Brave Search: `GET /res/v1/web/search` (search only; pages are fetched by the tools). */
export function createBraveProvider(
  apiKey: string,
  baseUrl: string | undefined,
  settings: ProviderSettings,
): WebProvider {
  const base = baseUrl ?? BRAVE_DEFAULT_URL;

  async function search(
    query: string,
    limit: number,
    ctx: ProviderCallContext,
  ): Promise<SearchHit[]> {
    const url = new URL(joinUrl(base, "/res/v1/web/search"));
    url.searchParams.set("q", query);
    url.searchParams.set("count", String(Math.min(limit, 20)));
    const answer = obj(
      await providerJson(
        { provider: "Brave Search", url: url.href, headers: { "x-subscription-token": apiKey } },
        settings,
        ctx,
      ),
    );
    return searchHits(arr(obj(answer.web).results).slice(0, limit), (hit) => ({
      title: plainText(str(hit.title)),
      description: plainText(str(hit.description)),
    }));
  }

  return { name: "brave", endpoint: base, search };
}
