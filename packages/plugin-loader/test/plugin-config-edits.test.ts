import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createConfigSource } from "@hermes-agent/config";
import { afterEach, beforeEach, expect, test } from "vitest";
import { disablePlugin, enablePlugin, formatPluginReport } from "../src/index.js";
import {
  createPluginWorld,
  echoToolPlugin,
  writePlugin,
  type PluginWorld,
} from "./helpers/plugin-fixture.js";

let world: PluginWorld;
beforeEach(async () => {
  world = await createPluginWorld();
});
afterEach(async () => {
  await world.remove();
});

test("enable and disable edit config.yaml, keep comments, and the next reload follows", async () => {
  const configFile = path.join(world.home, "config.yaml");
  writeFileSync(configFile, "# my settings\nplugins:\n  disabled: [echo] # paused\n");
  writePlugin(path.join(world.userPlugins, "echo"), {
    manifest: "name: echo",
    code: echoToolPlugin("echo_tool"),
  });
  const source = createConfigSource({ home: world.home, watch: false });
  const plugins = () => source.readSync().plugins;
  const manager = world.manager(source);
  expect((await manager.load()).plugins[0]?.state).toBe("disabled");

  expect((await enablePlugin("echo", { home: world.home })).changed).toBe(true);
  expect(readFileSync(configFile, "utf8")).toContain("# my settings");
  expect(plugins()).toMatchObject({ enabled: ["echo"], disabled: [] });
  expect((await manager.reload()).plugins[0]?.state).toBe("loaded");
  expect(world.registry.hasTool("echo_tool")).toBe(true);

  await disablePlugin("echo", { home: world.home });
  expect(plugins()).toMatchObject({ enabled: [], disabled: ["echo"] });
  expect((await manager.reload()).plugins[0]?.state).toBe("disabled");
  expect(world.registry.hasTool("echo_tool")).toBe(false);
  source.close();
});

test("formatPluginReport lists each plugin's state, registrations, reasons and shell hooks", async () => {
  writePlugin(path.join(world.userPlugins, "good"), {
    manifest: "name: good\nversion: 1.2.0\nrequires_env: [GOOD_KEY]\n",
    code: `export function register(ctx) {
      ctx.registerTool({ name: "good_tool", toolset: "good", schema: { parameters: { type: "object" } }, handler: () => "" });
      ctx.registerHook("pre_tool_call", () => undefined);
      ctx.registerHook("pre_tool_call", () => undefined);
    }`,
  });
  writePlugin(path.join(world.userPlugins, "bad"), {
    manifest: "name: bad",
    code: "export const x = 1;",
  });
  writePlugin(path.join(world.userPlugins, "idle"), { manifest: "name: idle", code: "" });
  const report = await world
    .manager({
      plugins: { enabled: ["good", "bad"] },
      hooks: { pre_tool_call: [{ command: "true", matcher: "terminal", timeout: 5 }] },
    })
    .load();
  expect(formatPluginReport(report)).toBe(
    [
      "Plugins (1 failed, 1 loaded, 1 not enabled):",
      "  ✗ bad [user] Plugin 'bad' has no register() function: " +
        `${path.join(world.userPlugins, "bad", "index.mjs")} must export register(ctx) or a definePlugin(...) definition as 'plugin'.`,
      "  ✓ good 1.2.0 [user] tools: good_tool; hooks: pre_tool_call",
      "      unavailable: good_tool (requires GOOD_KEY (not set))",
      "  · idle [user] not enabled in config (run `hermes-agent plugins enable idle` to activate)",
      "Shell hooks:",
      "  ✗ pre_tool_call: true (matcher terminal, timeout 5s) not allowlisted",
    ].join("\n"),
  );
  expect(formatPluginReport({ safeMode: true, plugins: [], shellHooks: [] })).toMatch(
    /HERMES_SAFE_MODE/,
  );
});
