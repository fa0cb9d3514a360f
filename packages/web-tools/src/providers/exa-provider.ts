import { arr, joinUrl, obj, providerJson, searchHits, str } from "./provider-http.js";
import type {
  PageResult,
  ProviderCallContext,
  ProviderSettings,
  SearchHit,
  WebProvider,
} from "./provider-types.js";

/** Exa's API; `EXA_API_URL` points elsewhere (a proxy, or a test server). */
export const EXA_DEFAULT_URL = "https://api.exa.ai";

function describe(hit: Record<string, unknown>): string {
  const highlights = arr(hit.highlights).filter((h): h is string => typeof h === "string");
  if (highlights.length > 0) return highlights.join(" … ");
  const summary = str(hit.summary);
  if (summary) return summary;
  const text = str(hit.text);
  return text.length > 500 ? `${text.slice(0, 500)}…` : text;
}

/** Exa: `/search` (with highlights) and `/contents`. */
export function createExaProvider(
  apiKey: string,
  baseUrl: string | undefined,
  settings: ProviderSettings,
): WebProvider {
  const base = baseUrl ?? EXA_DEFAULT_URL;
  const call = (path: string, body: Record<string, unknown>, ctx: ProviderCallContext) =>
    providerJson(
      { provider: "Exa", url: joinUrl(base, path), headers: { "x-api-key": apiKey }, body },
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
          numResults: limit,
          type: "auto",
          contents: { highlights: { numSentences: 3, highlightsPerUrl: 2 } },
        },
        ctx,
      ),
    );
    return searchHits(arr(answer.results), (hit) => ({
      title: str(hit.title),
      description: describe(hit),
    }));
  }

  async function extract(urls: readonly string[], ctx: ProviderCallContext): Promise<PageResult[]> {
    const answer = obj(await call("/contents", { urls, text: true }, ctx));
    const found = new Map<string, PageResult>();
    for (const item of arr(answer.results)) {
      const doc = obj(item);
      const url = str(doc.url) || str(doc.id);
      found.set(url, { url, title: str(doc.title), content: str(doc.text) });
    }
    const failures = new Map<string, string>();
    for (const item of arr(answer.statuses)) {
      const status = obj(item);
      if (str(status.status) === "error") {
        const error = obj(status.error);
        const code =
          typeof error.httpStatusCode === "number" ? ` (HTTP ${String(error.httpStatusCode)})` : "";
        failures.set(str(status.id), `${str(error.tag) || "extraction failed"}${code}`);
      }
    }
    return urls.map(
      (url) =>
        found.get(url) ?? {
          url,
          title: "",
          content: "",
          error: failures.get(url) ?? "extraction failed",
        },
    );
  }

  return { name: "exa", endpoint: base, search, extract };
}
