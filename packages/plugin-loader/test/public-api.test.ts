import path from "node:path";
import { defineTool, toolResult } from "@hermes-agent/registry";
import { afterEach, beforeEach, describe, expect, expectTypeOf, test } from "vitest";
import { z } from "zod";
import * as api from "../src/index.js";
import * as testing from "../src/testing.js";
import {
  definePlugin,
  type HookPayload,
  type PluginContext,
  type PluginDefinition,
  type PreToolCallDirective,
} from "../src/index.js";
import { createPluginWorld, writePlugin, type PluginWorld } from "./helpers/plugin-fixture.js";

describe("public API", () => {
  test("exports exactly the curated names", () => {
    expect(Object.keys(api).sort()).toEqual(
      [
        "ACCEPT_HOOKS_ENV",
        "BLOCK_EXIT_CODE",
        "DEFAULT_BLOCK_MESSAGE",
        "DEFAULT_SHELL_HOOK_TIMEOUT_S",
        "HOOK_NAMES",
        "MAX_SHELL_HOOK_TIMEOUT_S",
        "MIDDLEWARE_KINDS",
        "PACKAGE_PLUGIN_KEY",
        "PLUGIN_CONTEXT_VERSION",
        "PLUGIN_KINDS",
        "PROJECT_PLUGINS_ENV",
        "PluginLoaderError",
        "PluginLoaderErrorCode",
        "PluginManager",
        "PluginToolOverrideError",
        "SAFE_MODE_ENV",
        "SHELL_HOOK_ALLOWLIST_FILE",
        "VERSION",
        "definePlugin",
        "disablePlugin",
        "discoverPlugins",
        "enablePlugin",
        "formatPluginReport",
        "isHookName",
        "isMiddlewareKind",
        "parseManifest",
        "parseShellHooks",
        "validateManifest",
      ].sort(),
    );
    expect(Object.keys(testing)).toEqual(["createRecordingHost"]);
  });

  test("Hermes' hook names", () => {
    expect(api.HOOK_NAMES).toEqual(
      expect.arrayContaining([
        "pre_tool_call",
        "post_tool_call",
        "transform_tool_result",
        "transform_terminal_output",
        "pre_llm_call",
        "post_llm_call",
        "on_session_start",
        "on_session_end",
        "pre_approval_request",
        "post_approval_response",
        "pre_api_request",
        "post_api_request",
        "api_request_error",
        "subagent_start",
        "transform_llm_output",
        "pre_gateway_dispatch",
      ]),
    );
    expect(api.MIDDLEWARE_KINDS).toEqual(["tool_request", "tool_execution", "llm_request"]);
  });
});

describe("types guide plugin authors", () => {
  test("hook payloads and results are typed per hook name", () => {
    expectTypeOf<HookPayload<"pre_tool_call">["toolName"]>().toEqualTypeOf<string>();
    expectTypeOf<HookPayload<"post_tool_call">["status"]>().toEqualTypeOf<
      "ok" | "error" | "blocked"
    >();
    const plugin = definePlugin({
      manifest: { name: "typed" },
      register(ctx) {
        expectTypeOf(ctx).toEqualTypeOf<PluginContext>();
        ctx.registerHook("pre_tool_call", (payload) => {
          expectTypeOf(payload.args).toEqualTypeOf<Readonly<Record<string, unknown>>>();
          const directive: PreToolCallDirective = { action: "block", message: "no" };
          return directive;
        });
        ctx.registerHook("transform_tool_result", ({ result }) => result.toUpperCase());
        // @ts-expect-error: a pre_tool_call hook cannot return a number
        ctx.registerHook("pre_tool_call", () => 42);
        ctx.registerMiddleware("tool_execution", async (call, next) => next(call.args));
        ctx.registerTool(
          defineTool({
            name: "typed_tool",
            toolset: "typed",
            schema: { parameters: z.object({ n: z.number() }) },
            handler: ({ n }) => {
              expectTypeOf(n).toEqualTypeOf<number>();
              return toolResult({ n });
            },
          }),
        );
      },
    });
    expectTypeOf(plugin).toEqualTypeOf<PluginDefinition>();
    expect(plugin.contextVersion).toBe(api.PLUGIN_CONTEXT_VERSION);
  });
});

describe("definePlugin through the loader", () => {
  let world: PluginWorld;
  beforeEach(async () => {
    world = await createPluginWorld();
    (globalThis as { __definePlugin?: typeof definePlugin }).__definePlugin = definePlugin;
  });
  afterEach(async () => {
    delete (globalThis as { __definePlugin?: unknown }).__definePlugin;
    await world.remove();
  });

  test("a definition exported as `plugin` loads; its requiresEnv merges with the manifest", async () => {
    writePlugin(path.join(world.userPlugins, "defined"), {
      manifest: "name: defined\n",
      code: `export const plugin = globalThis.__definePlugin({
        manifest: { name: "defined", requiresEnv: ["DEFINED_TOKEN"] },
        register(ctx) {
          ctx.registerTool({ name: "defined_tool", toolset: "defined", schema: { parameters: { type: "object" } }, handler: () => "ok" });
        },
      });`,
    });
    const report = await world.manager({ plugins: { enabled: ["defined"] } }).load();
    expect(report.plugins[0]).toMatchObject({
      state: "loaded",
      unavailableTools: [{ name: "defined_tool", reason: "requires DEFINED_TOKEN (not set)" }],
    });
  });

  test("a definition for a newer context is refused with a clear error", async () => {
    writePlugin(path.join(world.userPlugins, "newer"), {
      manifest: "name: newer\n",
      code: `export default globalThis.__definePlugin({ contextVersion: 2, register() {} });`,
    });
    const report = await world.manager({ plugins: { enabled: ["newer"] } }).load();
    expect(report.plugins[0]).toMatchObject({
      state: "failed",
      errorCode: "PLUGIN_LOADER_CONTEXT_VERSION",
    });
    expect(report.plugins[0]?.message).toMatch(/written for PluginContext version 2/);
  });
});
