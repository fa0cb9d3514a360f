import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { raw, startScriptedServer, type ScriptedServer } from "./helpers/scripted-server.js";
import { call, webRegistry } from "./helpers/web-registry.js";

let site: ScriptedServer;
let other: ScriptedServer;
beforeEach(async () => {
  site = await startScriptedServer();
  other = await startScriptedServer();
});
afterEach(async () => {
  await site.close();
  await other.close();
});

function html(title: string, body: string): ReturnType<typeof raw> {
  return raw(
    200,
    { "content-type": "text/html; charset=utf-8" },
    `<html><head><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`,
  );
}

function crawl(args: Record<string, unknown>) {
  const registry = webRegistry({ env: {}, trustedOrigins: [site.origin, other.origin] });
  return call(registry, "web_crawl", args);
}

describe("web_crawl with the built-in crawler", () => {
  test("walks the host breadth-first, honours robots.txt, skips other hosts and assets", async () => {
    site.route(
      "GET /robots.txt",
      raw(200, { "content-type": "text/plain" }, "User-agent: *\nDisallow: /private\n"),
    );
    site.route(
      "GET /",
      html(
        "Home",
        `<a href="/a">A</a> <a href="/b#part">B</a> <a href="/private/x">P</a> <a href="/logo.png">L</a>
         <a href="http://localhost:${new URL(site.origin).port}/elsewhere">same port, other host</a>
         <a href="${other.origin}/">other</a> <a href="mailto:x@example.com">mail</a>`,
      ),
    );
    site.route("GET /a", html("A", '<a href="/a/deep">deeper</a> <a href="/">home</a>'));
    site.route("GET /b", html("B", "<p>leaf</p>"));
    site.route("GET /a/deep", html("Deep", '<a href="/a/deeper">deepest</a>'));
    site.route("GET /a/deeper", html("Deeper", "<p>too deep</p>"));
    const answer = await crawl({ url: `${site.origin}/` });
    const results = answer.results as { url: string; title: string; content: string }[];
    expect(results.map((r) => r.url)).toEqual([
      `${site.origin}/`,
      `${site.origin}/a`,
      `${site.origin}/b`,
      `${site.origin}/a/deep`,
    ]);
    expect(results[1]).toEqual({
      url: `${site.origin}/a`,
      title: "A",
      content: expect.stringContaining("[deeper](") as string,
    });
    const paths = site.requests.map((r) => r.path);
    expect(paths).not.toContain("/private/x");
    expect(paths).not.toContain("/logo.png");
    expect(paths).not.toContain("/a/deeper");
    expect(other.requests).toHaveLength(0);
  });

  test("stops at limit pages", async () => {
    site.route(
      "GET /",
      html(
        "Home",
        Array.from({ length: 10 }, (_, i) => `<a href="/p${String(i)}">${String(i)}</a>`).join(" "),
      ),
    );
    for (let i = 0; i < 10; i += 1) site.route(`GET /p${String(i)}`, html(`P${String(i)}`, ""));
    const answer = await crawl({ url: `${site.origin}/`, limit: 3 });
    expect((answer.results as unknown[]).length).toBe(3);
    expect(site.requests.filter((r) => r.path.startsWith("/p"))).toHaveLength(2);
  });

  test("refuses to start where robots.txt disallows, and when robots.txt is unreachable", async () => {
    site.route(
      "GET /robots.txt",
      raw(200, { "content-type": "text/plain" }, "User-agent: HermesAgent\nDisallow: /\n"),
    );
    expect(await crawl({ url: `${site.origin}/docs` })).toEqual({
      error: `Error crawling website: robots.txt of ${new URL(site.origin).host} does not allow crawling ${site.origin}/docs (user agent HermesAgent)`,
    });
    other.route("GET /robots.txt", raw(503, {}, "down"));
    expect((await crawl({ url: `${other.origin}/` })).error).toMatch(/does not allow crawling/);
  });

  test("a 404 robots.txt means no rules; a broken link is reported, not fatal", async () => {
    site.route("GET /", html("Home", '<a href="/gone">gone</a>'));
    const answer = await crawl({ url: `${site.origin}/` });
    expect(answer.results).toEqual([
      { url: `${site.origin}/`, title: "Home", content: `[gone](${site.origin}/gone)` },
      { url: `${site.origin}/gone`, title: "", content: "", error: "HTTP 404" },
    ]);
  });

  test("a start page that redirects to another host is crawled where it landed", async () => {
    site.route("GET /", raw(301, { location: `${other.origin}/home` }, ""));
    other.route("GET /home", html("Moved", '<a href="/next">next</a>'));
    other.route("GET /next", html("Next", "<p>n</p>"));
    const answer = await crawl({ url: `${site.origin}/` });
    expect((answer.results as { url: string }[]).map((r) => r.url)).toEqual([
      `${other.origin}/home`,
      `${other.origin}/next`,
    ]);
    // The redirect is followed first; the new host's robots.txt then governs the rest.
    expect(other.requests.map((r) => r.path)).toEqual(["/home", "/robots.txt", "/next"]);
  });
});
