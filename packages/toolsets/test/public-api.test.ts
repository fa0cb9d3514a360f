import { expect, expectTypeOf, test } from "vitest";
import type { ToolDefinition, ToolRegistry } from "@hermes-agent/registry";
import * as api from "../src/index.js";
import type { ToolsetsRegistry } from "../src/index.js";

test("the public surface is exactly the documented names", () => {
  expect(Object.keys(api).sort()).toEqual(
    [
      "BROWSER_TOOLS",
      "CODING_TOOLS",
      "DEFAULT_SCHEMA_PATCHES",
      "HERMES_CORE_TOOLS",
      "HERMES_WEBHOOK_SAFE_TOOLS",
      "HOME_ASSISTANT_TOOLS",
      "KANBAN_TOOLS",
      "LEGACY_TOOLSET_MAP",
      "PLATFORM_PRESETS",
      "PLATFORM_PRESET_NAMES",
      "SANDBOX_ALLOWED_TOOLS",
      "TOOLSETS",
      "ToolsetsErrorCode",
      "TOOL_DEFINITIONS_CACHE_SIZE",
      "TOOL_DEFINITIONS_CACHE_TTL_MS",
      "ToolsetsError",
      "ToolsetCatalog",
      "toolsetCatalog",
      "VERSION",
      "clearToolDefinitionsCache",
      "createCustomToolset",
      "describeSandboxTools",
      "getToolDefinitions",
      "getToolset",
      "getToolsetInfo",
      "getToolsetNames",
      "patchBrowserNavigateSchema",
      "patchExecuteCodeSchema",
      "removeCustomToolset",
      "resolveLegacyToolset",
      "resolveMultipleToolsets",
      "resolveToolset",
      "sandboxToolsFor",
      "validateToolset",
    ].sort(),
  );
  expect(api.VERSION).toMatch(/^\d+\.\d+\.\d+/);
});

test("any ToolRegistry is a ToolsetsRegistry", () => {
  expectTypeOf<ToolRegistry>().toExtend<ToolsetsRegistry>();
});

test("getToolDefinitions returns a read-only list of OpenAI function definitions", () => {
  expectTypeOf(api.getToolDefinitions).returns.toEqualTypeOf<readonly ToolDefinition[]>();
});
