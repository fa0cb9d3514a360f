import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { raw, startScriptedServer, type ScriptedServer } from "./helpers/scripted-server.js";
import { call, webRegistry } from "./helpers/web-registry.js";
import type { ResolvedAddress } from "../src/index.js";

const BLOCKED = "Blocked: URL targets a private or internal network address";

let site: ScriptedServer;
let api: ScriptedServer;
beforeEach(async () => {
  site = await startScriptedServer();
  api = await startScriptedServer();
  site.route("GET /secret", raw(200, { "content-type": "text/plain" }, "internal data"));
});
afterEach(async () => {
  await site.close();
  await api.close();
});

function errorOf(answer: Record<string, unknown>): unknown {
  return (answer.results as { error: unknown }[])[0]?.error;
}

describe("private-address rules", () => {
  test("loopback, private and metadata URLs are refused before anything is fetched", async () => {
    const registry = webRegistry({ env: {} });
    for (const url of [
      `${site.origin}/secret`,
      `http://localhost:${new URL(site.origin).port}/secret`,
      "http://169.254.169.254/latest/meta-data/",
      "http://[::1]/",
      "http://[::ffff:127.0.0.1]/",
      "http://metadata.google.internal/computeMetadata/v1/",
      "http://10.0.0.8/admin",
    ]) {
      expect(errorOf(await call(registry, "web_extract", { urls: [url] })), url).toBe(BLOCKED);
    }
    expect(site.requests).toHaveLength(0);
  });

  test("web.allow_private_urls lets them through", async () => {
    const registry = webRegistry({ env: {}, config: { web: { allow_private_urls: true } } });
    const answer = await call(registry, "web_extract", { urls: [`${site.origin}/secret`] });
    expect((answer.results as { content: string }[])[0]?.content).toBe("internal data");
  });

  test("host names are checked after DNS resolution, on every address", async () => {
    const resolveHost = async (host: string): Promise<ResolvedAddress[]> =>
      host === "mixed.example"
        ? [
            { address: "93.184.215.14", family: 4 },
            { address: "10.0.0.5", family: 4 },
          ]
        : [{ address: "169.254.169.254", family: 4 }];
    const registry = webRegistry({ env: {}, resolveHost });
    for (const url of ["http://metadata-alias.example/", "http://mixed.example/"]) {
      expect(errorOf(await call(registry, "web_extract", { urls: [url] }))).toBe(BLOCKED);
    }
  });

  test("a name that resolves public for the check and private on connect is refused (DNS rebinding)", async () => {
    let lookups = 0;
    const resolveHost = async (): Promise<ResolvedAddress[]> => {
      lookups += 1;
      return lookups === 1
        ? [{ address: "93.184.215.14", family: 4 }]
        : [{ address: "127.0.0.1", family: 4 }];
    };
    const port = new URL(site.origin).port;
    const registry = webRegistry({ env: {}, resolveHost });
    const answer = await call(registry, "web_extract", {
      urls: [`http://rebind.example:${port}/secret`],
    });
    expect(errorOf(answer)).toBe(BLOCKED);
    expect(lookups).toBe(2);
    expect(site.requests).toHaveLength(0);
  });

  test("a redirect from a trusted origin to a private address is refused", async () => {
    api.route("GET /go", raw(302, { location: `${site.origin}/secret` }, ""));
    api.route("GET /meta", raw(301, { location: "http://169.254.169.254/latest/meta-data/" }, ""));
    const registry = webRegistry({ env: {}, trustedOrigins: [api.origin] });
    const answer = await call(registry, "web_extract", {
      urls: [`${api.origin}/go`, `${api.origin}/meta`],
    });
    expect((answer.results as { error: unknown }[]).map((r) => r.error)).toEqual([
      BLOCKED,
      BLOCKED,
    ]);
    expect(site.requests).toHaveLength(0);
  });

  test("a provider fetching for us never receives a private URL", async () => {
    api.route("POST /extract", { json: { results: [], failed_results: [] } });
    const registry = webRegistry({ env: { TAVILY_API_KEY: "tvly-k", TAVILY_API_URL: api.origin } });
    const answer = await call(registry, "web_extract", { urls: [`${site.origin}/secret`] });
    expect(errorOf(answer)).toBe(BLOCKED);
    expect(api.requests).toHaveLength(0);
    const crawl = await call(registry, "web_crawl", { url: "http://192.168.0.1/" });
    expect(crawl).toEqual({ error: `Error crawling website: ${BLOCKED}` });
  });

  test("cloud metadata stays refused when private URLs are allowed", async () => {
    const resolveHost = async (): Promise<ResolvedAddress[]> => [
      { address: "169.254.169.254", family: 4 },
    ];
    const registry = webRegistry({
      env: {},
      resolveHost,
      config: { web: { allow_private_urls: true } },
    });
    for (const url of [
      "http://169.254.169.254/latest/meta-data/",
      "http://[::ffff:169.254.169.254]/",
      "http://100.100.100.200/",
      "http://metadata.google.internal/",
      "http://imds.example/",
    ]) {
      expect(errorOf(await call(registry, "web_extract", { urls: [url] })), url).toBe(BLOCKED);
    }
  });

  test("HERMES_ALLOW_PRIVATE_URLS and security.allow_private_urls are honoured; the variable wins", async () => {
    const url = `${site.origin}/secret`;
    const viaEnv = webRegistry({ env: { HERMES_ALLOW_PRIVATE_URLS: "true" } });
    expect((await call(viaEnv, "web_extract", { urls: [url] })).results).toMatchObject([
      { content: "internal data" },
    ]);
    const viaSecurity = webRegistry({
      env: {},
      config: { security: { allow_private_urls: true } },
    });
    expect((await call(viaSecurity, "web_extract", { urls: [url] })).results).toMatchObject([
      { content: "internal data" },
    ]);
    const envSaysNo = webRegistry({
      env: { HERMES_ALLOW_PRIVATE_URLS: "0" },
      config: { web: { allow_private_urls: true } },
    });
    expect(errorOf(await call(envSaysNo, "web_extract", { urls: [url] }))).toBe(BLOCKED);
  });

  test("a host that does not resolve is not fetched (fail closed)", async () => {
    const resolveHost = async (): Promise<ResolvedAddress[]> => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND nowhere.invalid"), {
        code: "ENOTFOUND",
      });
    };
    api.route("POST /extract", { json: { results: [] } });
    const registry = webRegistry({
      env: { TAVILY_API_KEY: "tvly-k", TAVILY_API_URL: api.origin },
      resolveHost,
    });
    const answer = await call(registry, "web_extract", { urls: ["https://nowhere.invalid/page"] });
    expect(errorOf(answer)).toBe(
      "Could not resolve host 'nowhere.invalid' (ENOTFOUND); the URL was not fetched.",
    );
    expect(api.requests).toHaveLength(0);
  });

  test("URLs with credentials in the query are fetched locally, never sent to the provider", async () => {
    api.route("POST /extract", {
      json: { results: [{ url: "https://public.example/", raw_content: "public page" }] },
    });
    site.route("GET /signed", raw(200, { "content-type": "text/plain" }, "signed content"));
    const registry = webRegistry({
      env: { TAVILY_API_KEY: "tvly-k", TAVILY_API_URL: api.origin },
      resolveHost: async () => [{ address: "93.184.215.14", family: 4 }],
      trustedOrigins: [site.origin],
    });
    const signed = `${site.origin}/signed?token=abc123secretvalue`;
    const answer = await call(registry, "web_extract", {
      urls: ["https://public.example/", signed],
    });
    expect(answer.results).toEqual([
      { url: "https://public.example/", title: "", content: "public page", error: null },
      { url: `${site.origin}/signed?token=***`, title: "", content: "signed content", error: null },
    ]);
    expect(JSON.stringify(api.requests.map((r) => r.body))).not.toContain("abc123secretvalue");
  });
});
