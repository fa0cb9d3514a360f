import { readFileSync } from "node:fs";
import { describe, expect, expectTypeOf, test } from "vitest";
import * as api from "../src/index.js";
import type { CallTool, McpManager, McpServerStatus, SamplingModel } from "../src/index.js";

describe("public API", () => {
  test("exports exactly the curated names", () => {
    expect(Object.keys(api).sort()).toEqual([
      "DEFAULT_RETRY_POLICY",
      "DEFAULT_TOOL_SEARCH_CONFIG",
      "MCP_RESULT_SIZE_CHARS",
      "McpError",
      "McpErrorCode",
      "TOOL_SEARCH_TOOL_NAMES",
      "ToolSearchSession",
      "VERSION",
      "clampToolName",
      "convertCallToolResult",
      "createMcpManager",
      "createOpenAiSamplingModel",
      "createToolSearch",
      "estimateDefinitionTokens",
      "formatConfigProblem",
      "importMcpServersJson",
      "loginMcpServer",
      "mcpToolName",
      "mcpToolsetName",
      "normalizeInputSchema",
      "parseMcpServerConfigs",
      "readToolSearchConfig",
      "registerMcpTools",
      "sanitizeMcpNameComponent",
    ]);
  });

  test("VERSION is the version in package.json", () => {
    const manifest = JSON.parse(
      readFileSync(new URL("../package.json", import.meta.url), "utf8"),
    ) as { version: string };
    expect(api.VERSION).toBe(manifest.version);
  });

  test("contract types", () => {
    expectTypeOf<McpManager["status"]>().returns.toEqualTypeOf<McpServerStatus[]>();
    expectTypeOf<CallTool>().parameter(0).toEqualTypeOf<string>();
    expectTypeOf<SamplingModel>().returns.resolves.toHaveProperty("content");
  });
});
