import { expect, it } from "vitest";
import * as discovery from "../src/discovery.js";
import * as root from "../src/index.js";

it("exports exactly the documented runtime names", () => {
  expect(Object.keys(root).sort()).toEqual(
    [
      "CHECK_GRACE_MS",
      "CHECK_TTL_MS",
      "DEFAULT_ABORT_GRACE_MS",
      "DEFAULT_MAX_RESULT_CHARS",
      "DEFAULT_DISPATCH_TIMEOUT_MS",
      "DEFAULT_TOOL_EMOJI",
      "MAX_ERROR_CHARS",
      "RegistryError",
      "RegistryErrorCode",
      "SPILL_PREVIEW_CHARS",
      "ToolRegistry",
      "VERSION",
      "compileCoercer",
      "defineTool",
      "isMultimodalResult",
      "registry",
      "sanitizeToolError",
      "spillDirectory",
      "toolError",
      "toolOutputText",
      "toolResult",
    ].sort(),
  );
  expect(Object.keys(discovery).sort()).toEqual(
    [
      "DISCOVERY_CACHE_FILE",
      "discoverBuiltinTools",
      "discoveryCachePath",
      "findToolModules",
      "isCompilerLoaded",
    ].sort(),
  );
});

it("shares one default registry", () => {
  expect(root.registry).toBeInstanceOf(root.ToolRegistry);
});
