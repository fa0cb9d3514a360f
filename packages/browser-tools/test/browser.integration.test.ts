import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { browserHarness, refOf, type BrowserHarness } from "./helpers/browser-registry.js";
import { startSiteServer, type SiteServer } from "./helpers/site-server.js";

let site: SiteServer;
let h: BrowserHarness;

beforeAll(async () => {
  site = await startSiteServer();
  h = browserHarness();
});

afterAll(async () => {
  await h.close();
  await site.close();
});

describe("browser tools against real Chromium", () => {
  test("fills and submits a form", async () => {
    const nav = await h.call("browser_navigate", { url: `${site.origin}/form` });
    expect(nav).toEqual({ success: true, url: `${site.origin}/form`, title: "Sign up" });
    const snap = await h.call("browser_snapshot");
    expect(snap["success"]).toBe(true);
    expect(snap["snapshot"]).toContain('heading "Sign up" [level=1]');
    expect(snap["snapshot"]).toContain('textbox "Your name"');
    expect(snap["element_count"]).toBe(4);
    const name = refOf(snap["snapshot"], 'textbox "Your name"');
    expect(await h.call("browser_type", { ref: name, text: "Ada" })).toEqual({
      success: true,
      typed: "Ada",
      element: name,
    });
    await h.call("browser_click", { ref: refOf(snap["snapshot"], 'checkbox "Newsletter"') });
    const again = await h.call("browser_snapshot");
    expect(again["snapshot"]).toContain('value="Ada"');
    expect(again["snapshot"]).toContain('checkbox "Newsletter" [checked]');
    expect(await h.call("browser_press", { key: "Enter" })).toEqual({
      success: true,
      pressed: "Enter",
    });
    // The key press returns once dispatched; the navigation it starts finishes after it.
    await expect
      .poll(() => h.call("browser_console", { expression: "document.title" }), { timeout: 15_000 })
      .toEqual({ success: true, result: "Thanks", result_type: "string" });
    const after = await h.call("browser_snapshot", { full: true });
    expect(after["snapshot"]).toContain('heading "Hello Ada"');
    expect(after["snapshot"]).toContain('text: "news=yes"');
  });

  test("navigates by link and goes back", async () => {
    await h.call("browser_navigate", { url: `${site.origin}/one` });
    const snap = await h.call("browser_snapshot");
    expect(
      await h.call("browser_click", { ref: refOf(snap["snapshot"], "Go to two") }),
    ).toMatchObject({
      success: true,
    });
    await expect
      .poll(
        async () =>
          (await h.call("browser_console", { expression: "location.pathname" }))["result"],
      )
      .toBe("/two");
    expect(await h.call("browser_back")).toEqual({ success: true, url: `${site.origin}/one` });
  });

  test("a stale or unknown ref is an error asking for a new snapshot", async () => {
    await h.call("browser_navigate", { url: `${site.origin}/mutating` });
    const snap = await h.call("browser_snapshot");
    const vanish = refOf(snap["snapshot"], "Vanish");
    expect(await h.call("browser_click", { ref: vanish })).toEqual({
      success: true,
      clicked: vanish,
    });
    const stale = await h.call("browser_click", { ref: vanish });
    expect(stale["success"]).toBe(false);
    expect(stale["error"]).toMatch(/stale.*new browser_snapshot/);
    const unknown = await h.call("browser_click", { ref: "@e99" });
    expect(unknown["error"]).toMatch(/Unknown ref '@e99'.*browser_snapshot/);
    await h.call("browser_navigate", { url: `${site.origin}/one` });
    const afterNav = await h.call("browser_click", { ref: "@e1" });
    expect(afterNav["error"]).toMatch(/Unknown ref/);
  });

  test("a page that never finishes loading times out with a clear error", async () => {
    const slow = browserHarness({
      config: { browser: { allow_private_urls: true, command_timeout: 1 } },
    });
    try {
      const result = await slow.call("browser_navigate", { url: `${site.origin}/hang` });
      expect(result["success"]).toBe(false);
      expect(result["error"]).toMatch(/timed out after 1s/);
      const next = await slow.call("browser_navigate", { url: `${site.origin}/two` });
      expect(next).toMatchObject({ success: true, title: "Page two" });
    } finally {
      await slow.close();
    }
  });

  test("a popup becomes the page the tools act on until it closes", async () => {
    await h.call("browser_navigate", { url: `${site.origin}/popup` }, "popup");
    const snap = await h.call("browser_snapshot", {}, "popup");
    await h.call("browser_click", { ref: refOf(snap["snapshot"], "Open popup") }, "popup");
    await expect
      .poll(
        async () =>
          (await h.call("browser_console", { expression: "document.title" }, "popup"))["result"],
      )
      .toBe("Popup page");
    const inPopup = await h.call("browser_snapshot", {}, "popup");
    expect(inPopup["snapshot"]).toContain("Inside the popup");
    await h.call("browser_click", { ref: refOf(inPopup["snapshot"], "Close me") }, "popup");
    await expect
      .poll(
        async () =>
          (await h.call("browser_console", { expression: "document.title" }, "popup"))["result"],
      )
      .toBe("Opener");
  });

  test("each task has its own cookies", async () => {
    await h.call("browser_navigate", { url: `${site.origin}/set-cookie?v=mint` }, "alice");
    await h.call("browser_navigate", { url: `${site.origin}/show-cookie` }, "alice");
    await h.call("browser_navigate", { url: `${site.origin}/show-cookie` }, "bob");
    const alice = await h.call("browser_snapshot", {}, "alice");
    const bob = await h.call("browser_snapshot", {}, "bob");
    expect(alice["snapshot"]).toContain("cookie=flavour=mint");
    expect(bob["snapshot"]).toContain("cookie=none");
  });

  test("console messages, page errors and images", async () => {
    await h.call("browser_navigate", { url: `${site.origin}/console` }, "console");
    await expect
      .poll(async () => (await h.call("browser_console", {}, "console"))["total_errors"])
      .toBe(1);
    const logs = await h.call("browser_console", { clear: true }, "console");
    expect(logs["console_messages"]).toEqual([
      expect.objectContaining({ type: "log", text: "hello from page" }),
      expect.objectContaining({ type: "warning", text: "careful" }),
    ]);
    expect((logs["js_errors"] as { message: string }[])[0]?.message).toBe("boom in page");
    expect((await h.call("browser_console", {}, "console"))["total_messages"]).toBe(0);
    await h.call("browser_navigate", { url: `${site.origin}/images` }, "console");
    const images = await h.call("browser_get_images", {}, "console");
    expect(images["count"]).toBe(2);
    expect(images["images"]).toContainEqual({
      src: `${site.origin}/pixel.svg`,
      alt: "A red pixel",
      width: 4,
      height: 4,
    });
  });

  test("scroll checks its direction", async () => {
    await h.call("browser_navigate", { url: `${site.origin}/big?n=2000` }, "scroll");
    expect(await h.call("browser_scroll", { direction: "down" }, "scroll")).toEqual({
      success: true,
      scrolled: "down",
    });
    const y = await h.call("browser_console", { expression: "window.scrollY" }, "scroll");
    expect(Number(y["result"])).toBeGreaterThan(0);
    const left = await h.call("browser_scroll", { direction: "left" }, "scroll");
    expect(left["error"]).toMatch(/'direction' must be one of/);
  });

  test("tools other than navigate need a page first", async () => {
    const result = await h.call("browser_snapshot", {}, "fresh-task");
    expect(result["success"]).toBe(false);
    expect(result["error"]).toMatch(/browser_navigate/);
  });

  test("browser_vision sends a screenshot to the analyser", async () => {
    const seen: string[] = [];
    const v = browserHarness({
      analyzeImage: (file, question) => {
        seen.push(question);
        return Promise.resolve(existsSync(file) ? `saw a page (${question})` : "missing file");
      },
    });
    try {
      await v.call("browser_navigate", { url: `${site.origin}/one` });
      const result = await v.call("browser_vision", { question: "what colour?" });
      expect(result["success"]).toBe(true);
      expect(result["analysis"]).toBe("saw a page (what colour?)");
      expect(String(result["screenshot_path"])).toMatch(
        /cache\/screenshots\/browser_screenshot_.*\.png$/,
      );
      expect(seen).toEqual(["what colour?"]);
    } finally {
      await v.close();
    }
  });
});
