import { afterEach, expect, test } from "vitest";
import { parse, startRuntime, type RuntimeHarness } from "../helpers/runtime-harness.js";

const harnesses: RuntimeHarness[] = [];
afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((harness) => harness.dispose()));
});

async function start(env: Record<string, string | undefined> = {}): Promise<RuntimeHarness> {
  const harness = await startRuntime({
    env: { PATH: process.env.PATH, LANG: "C.UTF-8", ...env },
  });
  harnesses.push(harness);
  return harness;
}

test("the runtime registers the browser tools, with web_extract's URL safety", async () => {
  const { runtime } = await start({ CHROME_PATH: "/usr/bin/chromium" });
  const names = runtime.getToolDefinitions().map((d) => d.function.name);
  expect(names).toEqual(
    expect.arrayContaining(["browser_navigate", "browser_snapshot", "browser_click"]),
  );
  expect(names).not.toContain("browser_vision");
  const blocked = parse(
    await runtime.handleFunctionCall("browser_navigate", { url: "http://127.0.0.1:9/" }),
  );
  expect(blocked).toEqual({
    success: false,
    error: "Blocked: URL targets a private or internal network address",
  });
});

test("without Chromium the browser tools are hidden and the reason is logged", async () => {
  const { runtime, logger } = await start({ CHROME_PATH: "/nonexistent/chromium" });
  const names = runtime.getToolDefinitions().map((d) => d.function.name);
  expect(names.filter((n) => n.startsWith("browser_"))).toEqual([]);
  expect(logger.lines).toContain(
    "info browser tools unavailable: CHROME_PATH is set to /nonexistent/chromium, which is not an executable file.",
  );
});
