import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { startScriptedServer, type ScriptedServer } from "./helpers/scripted-server.js";
import { call, webRegistry } from "./helpers/web-registry.js";

let api: ScriptedServer;
beforeEach(async () => {
  api = await startScriptedServer();
});
afterEach(async () => {
  await api.close();
});

// Public addresses for the page hosts the providers fetch for us; nothing connects to them.
const publicDns = async () => [{ address: "93.184.215.14", family: 4 }];

describe("Firecrawl", () => {
  const deps = () => ({
    env: { FIRECRAWL_API_KEY: "fc-test-key-123456", FIRECRAWL_API_URL: api.origin },
    resolveHost: publicDns,
    crawlPollIntervalMs: 5,
  });

  test("web_search posts to /v2/search with a bearer key and returns data.web", async () => {
    api.route("POST /v2/search", {
      json: {
        success: true,
        data: {
          web: [
            {
              url: "https://docs.python.org/3.13/whatsnew/3.13.html",
              title: "What's New In Python 3.13",
              description: "Summary of release highlights",
              position: 1,
            },
            {
              url: "https://realpython.com/python313-new-features/",
              title: "Python 3.13: Cool New Features",
              description: "Free-threaded CPython",
              position: 2,
            },
          ],
        },
        creditsUsed: 2,
      },
    });
    const result = await call(webRegistry(deps()), "web_search", {
      query: "Python 3.13 features",
      limit: 2,
    });
    expect(result).toEqual({
      success: true,
      data: {
        web: [
          {
            title: "What's New In Python 3.13",
            url: "https://docs.python.org/3.13/whatsnew/3.13.html",
            description: "Summary of release highlights",
            position: 1,
          },
          {
            title: "Python 3.13: Cool New Features",
            url: "https://realpython.com/python313-new-features/",
            description: "Free-threaded CPython",
            position: 2,
          },
        ],
      },
    });
    const sent = api.requests[0];
    expect(sent?.headers.authorization).toBe("Bearer fc-test-key-123456");
    expect(sent?.body).toEqual({ query: "Python 3.13 features", limit: 2 });
  });

  test("web_extract scrapes each URL with /v2/scrape and keeps per-URL failures", async () => {
    api.route("POST /v2/scrape", (_n, body) => {
      const url = (body as { url: string }).url;
      if (url.includes("missing")) {
        return {
          json: {
            success: true,
            data: {
              markdown: "",
              metadata: { sourceURL: url, statusCode: 404, error: "Not Found" },
            },
          },
        };
      }
      return {
        json: {
          success: true,
          data: {
            markdown: "# Example Domain\n\nThis domain is for use in examples.",
            metadata: { title: "Example Domain", sourceURL: url, url, statusCode: 200 },
          },
        },
      };
    });
    const result = await call(webRegistry(deps()), "web_extract", {
      urls: ["https://example.com/", "https://example.com/missing"],
    });
    expect(result).toEqual({
      results: [
        {
          url: "https://example.com/",
          title: "Example Domain",
          content: "# Example Domain\n\nThis domain is for use in examples.",
          error: null,
        },
        { url: "https://example.com/missing", title: "", content: "", error: "Not Found" },
      ],
    });
    expect(api.requests.map((r) => (r.body as { formats: string[] }).formats)).toEqual([
      ["markdown"],
      ["markdown"],
    ]);
  });

  test("web_crawl starts a crawl job, polls until completed and returns the pages", async () => {
    api.route("POST /v2/crawl", {
      json: { success: true, id: "crawl-7", url: `${api.origin}/v2/crawl/crawl-7` },
    });
    api.route("GET /v2/crawl/crawl-7", (n) =>
      n < 3
        ? { json: { status: "scraping", total: 2, completed: n - 1, creditsUsed: 1, data: [] } }
        : {
            json: {
              status: "completed",
              total: 2,
              completed: 2,
              creditsUsed: 2,
              data: [
                {
                  markdown: "# Docs home",
                  metadata: { title: "Docs", sourceURL: "https://docs.example.com/" },
                },
                {
                  markdown: "# Install",
                  metadata: { title: "Install", sourceURL: "https://docs.example.com/install" },
                },
              ],
            },
          },
    );
    const result = await call(webRegistry(deps()), "web_crawl", {
      url: "https://docs.example.com/",
      instructions: "installation steps",
      limit: 5,
    });
    expect(result).toEqual({
      results: [
        { url: "https://docs.example.com/", title: "Docs", content: "# Docs home" },
        { url: "https://docs.example.com/install", title: "Install", content: "# Install" },
      ],
    });
    const started = api.requests[0]?.body as Record<string, unknown>;
    expect(started).toMatchObject({
      url: "https://docs.example.com/",
      limit: 5,
      prompt: "installation steps",
    });
    expect(api.requests.filter((r) => r.method === "GET")).toHaveLength(3);
  });

  test("an API error becomes Hermes' error JSON with the status and the message", async () => {
    api.route("POST /v2/search", {
      status: 402,
      json: { success: false, error: "Insufficient credits" },
    });
    const result = await call(webRegistry(deps()), "web_search", { query: "x" });
    expect(result).toEqual({
      error: "Error searching web: Firecrawl API error: HTTP 402: Insufficient credits",
    });
  });
});

describe("Tavily", () => {
  const deps = () => ({
    env: { TAVILY_API_KEY: "tvly-test-abcdef123456", TAVILY_API_URL: api.origin },
    resolveHost: publicDns,
  });

  test("web_search maps results[].content to description", async () => {
    api.route("POST /search", {
      json: {
        query: "rust async runtime",
        follow_up_questions: null,
        answer: null,
        images: [],
        results: [
          {
            title: "Tokio",
            url: "https://tokio.rs/",
            content: "An asynchronous runtime for Rust",
            score: 0.98,
            raw_content: null,
          },
          {
            title: "async-std",
            url: "https://async.rs/",
            content: "Async version of the Rust standard library",
            score: 0.91,
            raw_content: null,
          },
        ],
        response_time: 1.02,
      },
    });
    const result = await call(webRegistry(deps()), "web_search", {
      query: "rust async runtime",
      limit: 30,
    });
    expect(result).toEqual({
      success: true,
      data: {
        web: [
          {
            title: "Tokio",
            url: "https://tokio.rs/",
            description: "An asynchronous runtime for Rust",
            position: 1,
          },
          {
            title: "async-std",
            url: "https://async.rs/",
            description: "Async version of the Rust standard library",
            position: 2,
          },
        ],
      },
    });
    expect(api.requests[0]?.body).toMatchObject({
      query: "rust async runtime",
      max_results: 20,
      api_key: "tvly-test-abcdef123456",
    });
    expect(api.requests[0]?.headers.authorization).toBe("Bearer tvly-test-abcdef123456");
  });

  test("web_extract uses /extract and reports failed_results", async () => {
    api.route("POST /extract", {
      json: {
        results: [
          {
            url: "https://tokio.rs/",
            raw_content: "Tokio is a runtime for writing reliable applications.",
            images: [],
          },
        ],
        failed_results: [{ url: "https://down.example.org/", error: "Failed to fetch url" }],
        response_time: 0.4,
      },
    });
    const result = await call(webRegistry(deps()), "web_extract", {
      urls: ["https://down.example.org/", "https://tokio.rs/"],
    });
    expect(result).toEqual({
      results: [
        { url: "https://down.example.org/", title: "", content: "", error: "Failed to fetch url" },
        {
          url: "https://tokio.rs/",
          title: "",
          content: "Tokio is a runtime for writing reliable applications.",
          error: null,
        },
      ],
    });
  });

  test("web_crawl uses /crawl with max_depth, limit and instructions", async () => {
    api.route("POST /crawl", {
      json: {
        base_url: "https://tokio.rs/",
        results: [
          { url: "https://tokio.rs/", raw_content: "Home" },
          { url: "https://tokio.rs/tokio/tutorial", raw_content: "Tutorial" },
        ],
        response_time: 2.5,
      },
    });
    const result = await call(webRegistry(deps()), "web_crawl", {
      url: "https://tokio.rs/",
      instructions: "tutorials",
      limit: 1,
    });
    expect(result).toEqual({ results: [{ url: "https://tokio.rs/", title: "", content: "Home" }] });
    expect(api.requests[0]?.body).toMatchObject({
      url: "https://tokio.rs/",
      limit: 1,
      max_depth: 2,
      instructions: "tutorials",
    });
  });
});

describe("Exa", () => {
  const deps = () => ({
    env: { EXA_API_KEY: "exa-test-key-0987654321", EXA_API_URL: api.origin },
    resolveHost: publicDns,
  });

  test("web_search sends x-api-key and describes hits by their highlights", async () => {
    api.route("POST /search", {
      json: {
        requestId: "b5947044c4b78efa9552a7c89b306d95",
        resolvedSearchType: "neural",
        results: [
          {
            id: "https://arxiv.org/abs/2307.06435",
            title: "A Comprehensive Overview of Large Language Models",
            url: "https://arxiv.org/abs/2307.06435",
            publishedDate: "2023-07-12T00:00:00.000Z",
            author: "Naveed, Humza",
            highlights: [
              "LLMs have shown remarkable capabilities.",
              "This survey covers architectures.",
            ],
            highlightScores: [0.46, 0.41],
          },
        ],
        costDollars: { total: 0.005 },
      },
    });
    const result = await call(webRegistry(deps()), "web_search", { query: "llm survey", limit: 3 });
    expect(result).toEqual({
      success: true,
      data: {
        web: [
          {
            title: "A Comprehensive Overview of Large Language Models",
            url: "https://arxiv.org/abs/2307.06435",
            description:
              "LLMs have shown remarkable capabilities. … This survey covers architectures.",
            position: 1,
          },
        ],
      },
    });
    expect(api.requests[0]?.headers["x-api-key"]).toBe("exa-test-key-0987654321");
    expect(api.requests[0]?.body).toMatchObject({ query: "llm survey", numResults: 3 });
  });

  test("web_extract uses /contents and turns error statuses into per-URL errors", async () => {
    api.route("POST /contents", {
      json: {
        requestId: "e492118ccdedcba5088bfc4357a8a125",
        results: [
          {
            id: "https://arxiv.org/abs/2307.06435",
            url: "https://arxiv.org/abs/2307.06435",
            title: "LLM overview",
            text: "Abstract: ...",
          },
        ],
        statuses: [
          { id: "https://arxiv.org/abs/2307.06435", status: "success", source: "cached" },
          {
            id: "https://gone.example.net/",
            status: "error",
            error: { tag: "CRAWL_NOT_FOUND", httpStatusCode: 404 },
          },
        ],
      },
    });
    const result = await call(webRegistry(deps()), "web_extract", {
      urls: ["https://arxiv.org/abs/2307.06435", "https://gone.example.net/"],
    });
    expect(result).toEqual({
      results: [
        {
          url: "https://arxiv.org/abs/2307.06435",
          title: "LLM overview",
          content: "Abstract: ...",
          error: null,
        },
        {
          url: "https://gone.example.net/",
          title: "",
          content: "",
          error: "CRAWL_NOT_FOUND (HTTP 404)",
        },
      ],
    });
  });
});

describe("Brave Search", () => {
  test("web_search reads web.results and strips highlight tags", async () => {
    api.route("GET /res/v1/web/search", {
      json: {
        type: "search",
        query: { original: "hermes agent", more_results_available: true },
        mixed: { type: "mixed", main: [{ type: "web", index: 0, all: false }] },
        web: {
          type: "search",
          results: [
            {
              title: "<strong>Hermes</strong> Agent",
              url: "https://hermes-agent.nousresearch.com/",
              is_source_local: false,
              description:
                "The self-improving <strong>agent</strong> by Nous Research &amp; friends",
              profile: { name: "Nous Research" },
              language: "en",
            },
          ],
          family_friendly: true,
        },
      },
    });
    const registry = webRegistry({
      env: { BRAVE_SEARCH_API_KEY: "BSA-test-key", BRAVE_SEARCH_API_URL: api.origin },
    });
    const result = await call(registry, "web_search", { query: "hermes agent", limit: 50 });
    expect(result).toEqual({
      success: true,
      data: {
        web: [
          {
            title: "Hermes Agent",
            url: "https://hermes-agent.nousresearch.com/",
            description: "The self-improving agent by Nous Research & friends",
            position: 1,
          },
        ],
      },
    });
    const sent = api.requests[0];
    expect(sent?.headers["x-subscription-token"]).toBe("BSA-test-key");
    expect(sent?.query.get("q")).toBe("hermes agent");
    expect(sent?.query.get("count")).toBe("20");
  });
});

describe("SearXNG", () => {
  test("web_search asks for format=json, pages until the limit, no key", async () => {
    const result = (page: number) => ({
      url: `https://example.org/${String(page)}`,
      title: `Result ${String(page)}`,
      content: `Snippet ${String(page)}`,
      engine: "duckduckgo",
      engines: ["duckduckgo", "brave"],
      positions: [page],
      score: 1 / page,
      category: "general",
    });
    api.route("GET /search", (n) => ({
      json: {
        query: "q",
        number_of_results: 0,
        results: n === 1 ? [result(1), result(2)] : [result(3)],
        answers: [],
        suggestions: [],
        unresponsive_engines: [],
      },
    }));
    const registry = webRegistry({ env: { SEARXNG_URL: api.origin } });
    const answer = await call(registry, "web_search", { query: "q", limit: 3 });
    expect((answer.data as { web: unknown[] }).web).toEqual([
      { title: "Result 1", url: "https://example.org/1", description: "Snippet 1", position: 1 },
      { title: "Result 2", url: "https://example.org/2", description: "Snippet 2", position: 2 },
      { title: "Result 3", url: "https://example.org/3", description: "Snippet 3", position: 3 },
    ]);
    expect(api.requests.map((r) => [r.query.get("format"), r.query.get("pageno")])).toEqual([
      ["json", "1"],
      ["json", "2"],
    ]);
    expect(api.requests[0]?.headers.authorization).toBeUndefined();
  });

  test("overlapping pages give each URL once; a page with nothing new ends the paging", async () => {
    const item = (n: number) => ({
      url: `https://example.org/${String(n)}`,
      title: `Result ${String(n)}`,
      content: `Snippet ${String(n)}`,
    });
    // An instance that ignores `pageno` answers every page with the same two results.
    api.route("GET /search", () => ({ json: { results: [item(1), item(2)] } }));
    const registry = webRegistry({ env: { SEARXNG_URL: api.origin } });
    const answer = await call(registry, "web_search", { query: "q", limit: 5 });
    expect((answer.data as { web: { url: string; position: number }[] }).web).toEqual([
      { title: "Result 1", url: "https://example.org/1", description: "Snippet 1", position: 1 },
      { title: "Result 2", url: "https://example.org/2", description: "Snippet 2", position: 2 },
    ]);
    expect(api.requests).toHaveLength(2);
  });

  test("a later page that repeats some URLs adds only the new ones, numbered on", async () => {
    const item = (n: number) => ({
      url: `https://example.org/${String(n)}`,
      title: `R${String(n)}`,
    });
    api.route("GET /search", (n) => ({
      json: { results: n === 1 ? [item(1), item(2)] : [item(2), item(3)] },
    }));
    const registry = webRegistry({ env: { SEARXNG_URL: api.origin } });
    const answer = await call(registry, "web_search", { query: "q", limit: 3 });
    const web = (answer.data as { web: { url: string; position: number }[] }).web;
    expect(web.map((h) => [h.url, h.position])).toEqual([
      ["https://example.org/1", 1],
      ["https://example.org/2", 2],
      ["https://example.org/3", 3],
    ]);
  });
});

describe("backend choice", () => {
  test("web.backend wins over the key order; checkFn and requiresEnv follow the choice", async () => {
    api.route("POST /search", { json: { results: [] } });
    const env = {
      TAVILY_API_KEY: "tvly-abcdefabcdef",
      EXA_API_KEY: "exa-key",
      EXA_API_URL: api.origin,
    };
    const registry = webRegistry({ env, config: { web: { backend: "exa" } } });
    await call(registry, "web_search", { query: "x" });
    expect(api.requests[0]?.headers["x-api-key"]).toBe("exa-key");
    expect(registry.getEntry("web_search")?.requiresEnv).toEqual(["EXA_API_KEY"]);
    expect(registry.getDefinitions(["web_search"])).toHaveLength(1);
  });

  test("without any key web_search is hidden and says which variables to set", async () => {
    const registry = webRegistry({ env: {} });
    expect(
      registry
        .getDefinitions(["web_search", "web_extract", "web_crawl"])
        .map((d) => d.function.name),
    ).toEqual(["web_crawl", "web_extract"]);
    expect(registry.getEntry("web_search")?.requiresEnv).toEqual([
      "TAVILY_API_KEY",
      "EXA_API_KEY",
      "FIRECRAWL_API_KEY",
      "SEARXNG_URL",
      "BRAVE_SEARCH_API_KEY",
    ]);
    const result = await call(registry, "web_search", { query: "x" });
    expect(result.error).toMatch(
      /^Error searching web: No web search provider configured\. Set one of TAVILY_API_KEY/,
    );
  });

  test("a configured backend without its key is unavailable; an unknown one is named", async () => {
    const missing = webRegistry({ env: {}, config: { web: { backend: "tavily" } } });
    expect(missing.getDefinitions(["web_search"])).toEqual([]);
    expect(await call(missing, "web_search", { query: "x" })).toEqual({
      error: "Error searching web: Web backend 'tavily' is not configured: set TAVILY_API_KEY.",
    });
    const unknown = webRegistry({ env: {}, config: { web: { backend: "bing" } } });
    expect((await call(unknown, "web_search", { query: "x" })).error).toBe(
      "Error searching web: Unknown web backend 'bing' in web.backend. Use one of: firecrawl, tavily, exa, brave, searxng.",
    );
  });

  test("a provider that does not answer in time gives a timeout error", async () => {
    api.route("POST /search", { handler: () => undefined });
    const registry = webRegistry({
      env: { TAVILY_API_KEY: "k", TAVILY_API_URL: api.origin },
      providerTimeoutMs: 150,
    });
    expect(await call(registry, "web_search", { query: "x" })).toEqual({
      error: "Error searching web: Tavily API timed out after 0.15 s",
    });
  });
});
