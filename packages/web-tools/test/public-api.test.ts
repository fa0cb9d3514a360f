import { expect, test } from "vitest";
import * as api from "../src/index.js";

test("the public API is exactly what index.ts lists", () => {
  expect(Object.keys(api).sort()).toEqual([
    "BACKEND_ENV",
    "BLOCKED_URL_MESSAGE",
    "DEFAULT_FETCH_LIMITS",
    "VERSION",
    "WEB_BACKENDS",
    "WEB_TOOLSET",
    "WebToolsError",
    "WebToolsErrorCode",
    "isBlockedAddress",
    "registerWebTools",
  ]);
});

test("errors carry stable codes and are recognised across copies", () => {
  const error = new api.WebToolsError(
    api.WebToolsErrorCode.BlockedAddress,
    api.BLOCKED_URL_MESSAGE,
  );
  expect(api.WebToolsError.isInstance(error)).toBe(true);
  expect(error.code).toBe("WEB_TOOLS_BLOCKED_ADDRESS");
});
