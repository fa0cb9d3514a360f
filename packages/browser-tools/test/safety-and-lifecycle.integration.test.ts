import { readdirSync, readFileSync } from "node:fs";
import { ToolRegistry } from "@hermes-agent/registry";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { registerBrowserTools } from "../src/index.js";
import { browserHarness } from "./helpers/browser-registry.js";
import { startSiteServer, type SiteServer } from "./helpers/site-server.js";

let site: SiteServer;

/** Chromium processes started by this test process (their parent is us). */
function chromiumChildren(): number {
  let count = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[1]) === process.pid && /chrom/i.test(stat)) count += 1;
    } catch {
      // The process exited while we looked.
    }
  }
  return count;
}

beforeAll(async () => {
  site = await startSiteServer();
});

afterAll(async () => {
  await site.close();
});

describe("URL safety", () => {
  test("private addresses are refused unless allowed, before any request", async () => {
    const h = browserHarness({ config: { browser: {} } });
    try {
      const before = site.requests.length;
      const result = await h.call("browser_navigate", { url: `${site.origin}/one` });
      expect(result).toEqual({
        success: false,
        error: "Blocked: URL targets a private or internal network address",
      });
      const meta = await h.call("browser_navigate", { url: "http://169.254.169.254/latest/" });
      expect(meta["error"]).toMatch(/^Blocked/);
      const scheme = await h.call("browser_navigate", { url: "file:///etc/passwd" });
      expect(scheme["error"]).toMatch(/Unsupported URL scheme 'file'/);
      expect(site.requests.length).toBe(before);
    } finally {
      await h.close();
    }
  });

  test("a redirect to a private address is refused", async () => {
    const port = new URL(site.origin).port;
    const h = browserHarness({
      config: { browser: {} },
      resolveHost: (host) => Promise.resolve(host === "localhost" ? ["93.184.216.34"] : []),
    });
    try {
      const target = encodeURIComponent(`${site.origin}/two`);
      const result = await h.call("browser_navigate", {
        url: `http://localhost:${port}/redirect?to=${target}`,
      });
      expect(result["success"]).toBe(false);
      expect(result["error"]).toMatch(/^Blocked: URL targets a private.*\/two$/);
      expect(site.requests).not.toContain("GET /two");
    } finally {
      await h.close();
    }
  });

  test("subresources on private addresses are refused too", async () => {
    const port = new URL(site.origin).port;
    const h = browserHarness({
      config: { browser: {} },
      resolveHost: (host) => Promise.resolve(host === "localhost" ? ["93.184.216.34"] : []),
    });
    try {
      site.requests.length = 0;
      await h.call("browser_navigate", { url: `http://localhost:${port}/one` });
      const fetched = await h.call("browser_console", {
        expression: `fetch("${site.origin}/two").then(() => "loaded", () => "refused")`,
      });
      expect(fetched["result"]).toBe("refused");
      expect(site.requests).toEqual(["GET /one"]);
    } finally {
      await h.close();
    }
  });
});

describe("session lifecycle", () => {
  test("an idle task's context closes after the inactivity timeout", async () => {
    const h = browserHarness({
      config: { browser: { allow_private_urls: true, inactivity_timeout: 0.3 } },
    });
    try {
      await h.call("browser_navigate", { url: `${site.origin}/one` });
      expect((await h.call("browser_snapshot"))["success"]).toBe(true);
      expect(chromiumChildren()).toBeGreaterThan(0);
      await expect.poll(() => chromiumChildren(), { timeout: 5000, interval: 50 }).toBe(0);
      expect((await h.call("browser_snapshot"))["error"]).toMatch(/No browser session/);
    } finally {
      await h.close();
    }
  });

  test("at most maxSessions contexts: the least recently used one is closed", async () => {
    const h = browserHarness({ maxSessions: 2 });
    try {
      await h.call("browser_navigate", { url: `${site.origin}/one` }, "a");
      await h.call("browser_navigate", { url: `${site.origin}/one` }, "b");
      await h.call("browser_snapshot", {}, "a");
      await h.call("browser_navigate", { url: `${site.origin}/two` }, "c");
      expect((await h.call("browser_snapshot", {}, "a"))["success"]).toBe(true);
      expect((await h.call("browser_snapshot", {}, "b"))["error"]).toMatch(/No browser session/);
      expect((await h.call("browser_snapshot", {}, "c"))["success"]).toBe(true);
    } finally {
      await h.close();
    }
  });

  test("after close() the tools refuse and Chromium is gone", async () => {
    const h = browserHarness();
    await h.call("browser_navigate", { url: `${site.origin}/one` });
    await h.close();
    const after = await h.call("browser_navigate", { url: `${site.origin}/one` });
    expect(after["error"]).toMatch(/shut down/);
  });
});

describe("availability", () => {
  test("without Chromium the tools are unavailable and say why", async () => {
    const registry = new ToolRegistry();
    const handle = registerBrowserTools(registry, {
      env: {},
      chromiumCandidates: ["/nonexistent/chromium"],
    });
    expect(registry.getDefinitions(["browser_navigate"])).toEqual([]);
    expect(handle.unavailableReason()).toMatch(/No Chromium found.*apt-get install chromium/);
    const out = JSON.parse(
      String(await registry.dispatch("browser_navigate", { url: "https://example.com" })),
    ) as Record<string, unknown>;
    expect(out["error"]).toMatch(/No Chromium found/);
    await handle.close();
  });

  test("a configured path that is not executable is reported", () => {
    const registry = new ToolRegistry();
    const handle = registerBrowserTools(registry, {
      config: { browser: { executable_path: "/nonexistent/chrome" } },
    });
    expect(handle.unavailableReason()).toBe(
      "browser.executable_path is set to /nonexistent/chrome, which is not an executable file.",
    );
  });

  test("browser_vision needs an image analyser", () => {
    const registry = new ToolRegistry();
    registerBrowserTools(registry, {});
    const names = registry
      .getDefinitions(["browser_navigate", "browser_vision"])
      .map((d) => d.function.name);
    expect(names).toEqual(["browser_navigate"]);
  });
});
