import { expect, test } from "vitest";
import * as api from "../src/index.js";

test("the public API is exactly what index.ts lists", () => {
  expect(Object.keys(api).sort()).toEqual([
    "BLOCKED_URL_MESSAGE",
    "BROWSER_TOOLSET",
    "BrowserToolsError",
    "BrowserToolsErrorCode",
    "CHROMIUM_ARGS",
    "DEFAULT_COMMAND_TIMEOUT_S",
    "DEFAULT_INACTIVITY_TIMEOUT_S",
    "DEFAULT_MAX_SESSIONS",
    "SNAPSHOT_CHAR_LIMIT",
    "VERSION",
    "findChromium",
    "registerBrowserTools",
  ]);
});
