import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
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

function userPlugin(name: string, code: string, manifest = `name: ${name}\n`): string {
  return writePlugin(path.join(world.userPlugins, name), { manifest, code });
}

describe("enablement", () => {
  test("an enabled user plugin loads and its tool is dispatchable", async () => {
    userPlugin("echo", echoToolPlugin("echo_tool"));
    const report = await world.manager({ plugins: { enabled: ["echo"] } }).load();
    expect(report.plugins.map((p) => [p.key, p.state, p.tools])).toEqual([
      ["echo", "loaded", ["echo_tool"]],
    ]);
    expect(JSON.parse(String(await world.registry.dispatch("echo_tool", { text: "hi" })))).toEqual({
      echo: "hi",
      from: "echo_tool",
    });
  });

  test("a discovered plugin that is not enabled is reported with Hermes' hint", async () => {
    userPlugin("quiet", echoToolPlugin("quiet_tool"));
    const manager = world.manager({});
    const report = await manager.load();
    expect(world.registry.hasTool("quiet_tool")).toBe(false);
    expect(report.plugins[0]).toMatchObject({
      key: "quiet",
      state: "not_enabled",
      message: "not enabled in config (run `hermes-agent plugins enable quiet` to activate)",
    });
  });

  test("plugins.disabled wins over plugins.enabled", async () => {
    userPlugin("both", echoToolPlugin("both_tool"));
    const report = await world
      .manager({ plugins: { enabled: ["both"], disabled: ["both"] } })
      .load();
    expect(world.registry.hasTool("both_tool")).toBe(false);
    expect(report.plugins[0]?.state).toBe("disabled");
  });

  test("HERMES_SAFE_MODE loads no plugin and no shell hook", async () => {
    userPlugin("safe", echoToolPlugin("safe_tool"));
    const report = await world
      .manager(
        {
          plugins: { enabled: ["safe"] },
          hooks: { pre_tool_call: [{ command: "true" }] },
          hooks_auto_accept: true,
        },
        { HERMES_SAFE_MODE: "1" },
      )
      .load();
    expect(report.safeMode).toBe(true);
    expect(report.plugins).toEqual([]);
    expect(report.shellHooks).toEqual([]);
    expect(world.registry.hasTool("safe_tool")).toBe(false);
    expect(world.host.hooks.size).toBe(0);
  });

  test("a category plugin is enabled by its category/name key", async () => {
    writePlugin(path.join(world.userPlugins, "net", "ping"), {
      manifest: "name: ping",
      code: echoToolPlugin("ping_tool"),
    });
    const report = await world.manager({ plugins: { enabled: ["net/ping"] } }).load();
    expect(report.plugins[0]).toMatchObject({ key: "net/ping", state: "loaded" });
  });

  test("load is idempotent: a second call registers nothing twice", async () => {
    userPlugin(
      "once",
      `export function register(ctx) { ctx.registerHook("pre_tool_call", () => undefined); }`,
    );
    const manager = world.manager({ plugins: { enabled: ["once"] } });
    await manager.load();
    await manager.load();
    await Promise.all([manager.load(), manager.load()]);
    expect(world.host.hooks.get("pre_tool_call")).toHaveLength(1);
  });

  test("an exclusive plugin is skipped by the general loader", async () => {
    userPlugin(
      "memory",
      `globalThis.__exclusiveImported = true;\n${echoToolPlugin("memory_tool")}`,
      "name: memory\nkind: exclusive\n",
    );
    const report = await world.manager({ plugins: { enabled: ["memory"] } }).load();
    expect(report.plugins[0]?.state).toBe("skipped");
    expect(report.plugins[0]?.message).toMatch(/exclusive/);
    expect((globalThis as { __exclusiveImported?: boolean }).__exclusiveImported).toBeUndefined();
  });
});

describe("failures are isolated", () => {
  const enableAll = { plugins: { enabled: ["good", "bad"] } };

  test("a plugin that throws at import fails alone", async () => {
    userPlugin("good", echoToolPlugin("good_tool"));
    userPlugin("bad", `throw new Error("import boom");\nexport function register() {}`);
    const report = await world.manager(enableAll).load();
    const bad = report.plugins.find((p) => p.key === "bad");
    expect(bad).toMatchObject({ state: "failed", errorCode: "PLUGIN_LOADER_IMPORT_FAILED" });
    expect(bad?.message).toMatch(/failed to import .*import boom/);
    expect(world.registry.hasTool("good_tool")).toBe(true);
  });

  test("a plugin whose register throws fails and what it registered is rolled back", async () => {
    userPlugin("good", echoToolPlugin("good_tool"));
    userPlugin(
      "bad",
      `export function register(ctx) {
        ctx.registerTool({ name: "half_tool", toolset: "bad", schema: { parameters: { type: "object" } }, handler: () => "x" });
        ctx.registerHook("post_tool_call", () => undefined);
        throw new Error("register boom");
      }`,
    );
    const report = await world.manager(enableAll).load();
    expect(report.plugins.find((p) => p.key === "bad")).toMatchObject({
      state: "failed",
      errorCode: "PLUGIN_LOADER_REGISTER_FAILED",
      message: "Plugin 'bad' failed in register(): register boom",
    });
    expect(world.registry.hasTool("half_tool")).toBe(false);
    expect(world.host.hooks.has("post_tool_call")).toBe(false);
    expect(world.registry.hasTool("good_tool")).toBe(true);
  });

  test("an async register that rejects fails the same way", async () => {
    userPlugin("bad", `export async function register() { await null; throw new Error("late"); }`);
    const report = await world.manager({ plugins: { enabled: ["bad"] } }).load();
    expect(report.plugins[0]?.message).toMatch(/late/);
  });

  test("no register() function, no entry module, wrong context version", async () => {
    userPlugin("noreg", `export const x = 1;`);
    writePlugin(path.join(world.userPlugins, "noentry"), { manifest: "name: noentry" });
    userPlugin("future", `export const contextVersion = 99;\nexport function register() {}`);
    const report = await world
      .manager({ plugins: { enabled: ["noreg", "noentry", "future"] } })
      .load();
    const byKey = Object.fromEntries(report.plugins.map((p) => [p.key, p]));
    expect(byKey.noreg?.message).toMatch(/no register\(\) function/);
    expect(byKey.noentry).toMatchObject({
      state: "failed",
      errorCode: "PLUGIN_LOADER_ENTRY_MISSING",
    });
    expect(byKey.noentry?.message).toMatch(/add index\.js/);
    expect(byKey.future?.message).toBe(
      "Plugin 'future' was written for PluginContext version 99, but this runtime provides version 1. Upgrade hermes-agent, or install a release of the plugin made for this version.",
    );
  });

  test("a plugin with a broken manifest is failed, the others load", async () => {
    userPlugin("good", echoToolPlugin("good_tool"));
    writePlugin(path.join(world.userPlugins, "bad"), {
      manifest: "requires_env: {a: 1}",
      code: "",
    });
    const report = await world.manager(enableAll).load();
    expect(report.plugins.find((p) => p.key === "bad")?.errorCode).toBe(
      "PLUGIN_LOADER_INVALID_MANIFEST",
    );
    expect(world.registry.hasTool("good_tool")).toBe(true);
  });

  test("the manifest's main names the entry module", async () => {
    writePlugin(path.join(world.userPlugins, "custom"), {
      manifest: "name: custom\nmain: lib/start.mjs\n",
      files: { "lib/start.mjs": echoToolPlugin("custom_tool") },
    });
    await world.manager({ plugins: { enabled: ["custom"] } }).load();
    expect(world.registry.hasTool("custom_tool")).toBe(true);
  });
});

describe("requires_env", () => {
  test("missing env: the plugin loads, its tools are unavailable with the reason", async () => {
    userPlugin(
      "keyed",
      echoToolPlugin("keyed_tool"),
      "name: keyed\nrequires_env: [KEYED_API_KEY]\n",
    );
    const manager = world.manager({ plugins: { enabled: ["keyed"] } });
    const report = await manager.load();
    expect(report.plugins[0]).toMatchObject({
      state: "loaded",
      unavailableTools: [{ name: "keyed_tool", reason: "requires KEYED_API_KEY (not set)" }],
    });
    expect(world.registry.getDefinitions(["keyed_tool"])).toEqual([]);
    const availability = world.registry.checkToolAvailability({});
    expect(availability.unavailable).toEqual([
      { name: "plugin-tools", envVars: ["KEYED_API_KEY"], tools: ["keyed_tool"] },
    ]);
  });

  test("env present: the tools are available", async () => {
    userPlugin(
      "keyed",
      echoToolPlugin("keyed_tool"),
      "name: keyed\nrequires_env: [KEYED_API_KEY]\n",
    );
    const report = await world
      .manager({ plugins: { enabled: ["keyed"] } }, { KEYED_API_KEY: "k" })
      .load();
    expect(report.plugins[0]?.unavailableTools).toEqual([]);
    expect(world.registry.getDefinitions(["keyed_tool"])).toHaveLength(1);
  });
});

describe("reload", () => {
  const registerAll = (tag: string): string => `
export function register(ctx) {
  ctx.registerTool({ name: "tool_${tag}", toolset: "reloading", schema: { parameters: { type: "object" } }, handler: () => "${tag}" });
  ctx.registerHook("pre_tool_call", () => undefined);
  ctx.registerMiddleware("tool_request", () => undefined);
  ctx.registerCommand("cmd-${tag}", () => "${tag}");
  ctx.registerSkill("guide", "SKILL.md", "A guide");
  ctx.onUnload(() => { globalThis.__unloaded = (globalThis.__unloaded ?? 0) + 1; });
}`;

  test("reload removes everything the old instance registered and loads the new code", async () => {
    const dir = writePlugin(path.join(world.userPlugins, "live"), {
      manifest: "name: live",
      code: registerAll("v1"),
      files: { "SKILL.md": "# guide" },
    });
    const manager = world.manager({ plugins: { enabled: ["live"] } });
    await manager.load();
    expect(world.registry.hasTool("tool_v1")).toBe(true);
    expect([...world.host.commands.keys()]).toEqual(["cmd-v1"]);
    expect([...world.host.skills.keys()]).toEqual(["live:guide"]);

    writeFileSync(path.join(dir, "index.mjs"), registerAll("v2"));
    const report = await manager.reload();
    expect(world.registry.hasTool("tool_v1")).toBe(false);
    expect(world.registry.getToolNamesForToolset("reloading")).toEqual(["tool_v2"]);
    expect(world.host.hooks.get("pre_tool_call")).toHaveLength(1);
    expect(world.host.middleware.get("tool_request")).toHaveLength(1);
    expect([...world.host.commands.keys()]).toEqual(["cmd-v2"]);
    expect([...world.host.skills.keys()]).toEqual(["live:guide"]);
    expect((globalThis as { __unloaded?: number }).__unloaded).toBe(1);
    expect(report.plugins[0]).toMatchObject({
      tools: ["tool_v2"],
      hooks: ["pre_tool_call"],
      middleware: ["tool_request"],
      commands: ["cmd-v2"],
      skills: ["live:guide"],
    });
  });

  test("reload reads the config again: a plugin disabled meanwhile leaves nothing behind", async () => {
    userPlugin("gone", echoToolPlugin("gone_tool"));
    let config = { plugins: { enabled: ["gone"] } };
    const manager = world.manager(() => config);
    await manager.load();
    expect(world.registry.hasTool("gone_tool")).toBe(true);
    config = { plugins: { enabled: [] } };
    await manager.reload();
    expect(world.registry.hasTool("gone_tool")).toBe(false);
    expect(world.registry.getAllToolNames()).toEqual([]);
  });

  test("unload restores a built-in tool the plugin overrode", async () => {
    world.registry.register({
      name: "read_file",
      toolset: "file",
      schema: { parameters: { type: "object" } },
      handler: () => "built-in",
    });
    userPlugin(
      "shadow",
      `export function register(ctx) {
        ctx.registerTool({ name: "read_file", toolset: "shadow", override: true, schema: { parameters: { type: "object" } }, handler: () => "plugin" });
      }`,
    );
    const manager = world.manager({
      plugins: { enabled: ["shadow"], entries: { shadow: { allow_tool_override: true } } },
    });
    await manager.load();
    expect(await world.registry.dispatch("read_file", {})).toBe("plugin");
    await manager.unload();
    expect(await world.registry.dispatch("read_file", {})).toBe("built-in");
  });

  test("concurrent reloads run one after another and leave one copy of everything", async () => {
    userPlugin(
      "twice",
      `export function register(ctx) {
        ctx.registerTool({ name: "twice_tool", toolset: "twice", schema: { parameters: { type: "object" } }, handler: () => "" });
        ctx.registerHook("pre_tool_call", () => undefined);
      }`,
    );
    const manager = world.manager({ plugins: { enabled: ["twice"] } });
    await manager.load();
    const reports = await Promise.all([manager.reload(), manager.reload(), manager.load()]);
    expect(reports.map((report) => report.plugins[0]?.state)).toEqual([
      "loaded",
      "loaded",
      "loaded",
    ]);
    expect(world.host.hooks.get("pre_tool_call")).toHaveLength(1);
    expect(world.registry.getToolNamesForToolset("twice")).toEqual(["twice_tool"]);
    await manager.unload();
    expect(world.host.hooks.size).toBe(0);
    expect(world.registry.hasTool("twice_tool")).toBe(false);
  });

  test("registering after unload is refused", async () => {
    userPlugin("late", `export function register(ctx) { globalThis.__lateCtx = ctx; }`);
    const manager = world.manager({ plugins: { enabled: ["late"] } });
    await manager.load();
    await manager.unload();
    const ctx = (globalThis as { __lateCtx?: { registerHook(n: string, f: () => void): void } })
      .__lateCtx;
    expect(() => ctx?.registerHook("pre_tool_call", () => undefined)).toThrow(/was unloaded/);
    expect(world.host.hooks.size).toBe(0);
  });
});

describe("npm plugins load", () => {
  test("an npm plugin is enabled by its key or its package name", async () => {
    const dir = path.join(world.nodeModules, "@acme", "hermes-echo");
    writePlugin(dir, { files: { "dist/plugin.js": echoToolPlugin("npm_echo") } });
    writeFileSync(
      path.join(dir, "package.json"),
      JSON.stringify({
        name: "@acme/hermes-echo",
        type: "module",
        "hermes-agent": { plugin: "./dist/plugin.js" },
      }),
    );
    const report = await world.manager({ plugins: { enabled: ["@acme/hermes-echo"] } }).load();
    expect(report.plugins[0]).toMatchObject({ key: "hermes-echo", source: "npm", state: "loaded" });
    expect(world.registry.hasTool("npm_echo")).toBe(true);
  });
});
