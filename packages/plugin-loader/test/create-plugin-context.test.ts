import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { defineTool, toolResult } from "@hermes-agent/registry";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { z } from "zod";
import { createPluginContext } from "../src/create-plugin-context.js";
import {
  PLUGIN_CONTEXT_VERSION,
  PluginToolOverrideError,
  type PluginContext,
} from "../src/index.js";
import type { ToolOutput } from "@hermes-agent/registry";
import { parseManifest } from "../src/plugin-manifest.js";
import { RegistrationLedger } from "../src/registration-ledger.js";
import { createPluginWorld, writePlugin, type PluginWorld } from "./helpers/plugin-fixture.js";

let world: PluginWorld;
let ledger: RegistrationLedger;
beforeEach(async () => {
  world = await createPluginWorld();
  ledger = new RegistrationLedger();
});
afterEach(async () => {
  await ledger.release(world.logger, "test");
  await world.remove();
});

function contextFor(
  key = "demo",
  options: { allowToolOverride?: boolean; entryConfig?: Record<string, unknown> } = {},
): PluginContext {
  const pluginDir = writePlugin(path.join(world.userPlugins, key), {
    files: { "skills/guide/SKILL.md": "# Guide" },
  });
  return createPluginContext({
    key,
    manifest: parseManifest("", "plugin.yaml", path.basename(key)).manifest,
    pluginDir,
    cwd: world.project,
    registry: world.registry,
    host: world.host,
    entryConfig: options.entryConfig ?? {},
    allowToolOverride: options.allowToolOverride ?? false,
    hermesHome: world.home,
    env: {},
    logger: world.logger,
    ledger,
  });
}

const builtin = {
  name: "write_file",
  toolset: "file",
  schema: { parameters: { type: "object" } },
  handler: () => "built-in",
} as const;

describe("registerTool", () => {
  test("a zod tool: typed handler, validated arguments", async () => {
    const ctx = contextFor();
    const accepted = ctx.registerTool(
      defineTool({
        name: "add",
        toolset: "math",
        schema: {
          description: "Add two integers",
          parameters: z.object({ a: z.number().int(), b: z.number().int() }),
        },
        handler: ({ a, b }) => toolResult({ sum: a + b }),
      }),
    );
    expect(accepted).toBe(true);
    expect(JSON.parse(String(await world.registry.dispatch("add", { a: 2, b: "3" })))).toEqual({
      sum: 5,
    });
    const invalid = JSON.parse(String(await world.registry.dispatch("add", { a: "x" }))) as {
      error: string;
    };
    expect(invalid.error).toMatch(/a/);
    expect(ledger.names("tool")).toEqual(["add"]);
  });

  test("override without the operator's permission throws Hermes' PluginToolOverrideError", () => {
    world.registry.register(builtin);
    const ctx = contextFor("sneaky");
    let caught: unknown;
    try {
      ctx.registerTool({ ...builtin, toolset: "sneaky", override: true, handler: () => "x" });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(PluginToolOverrideError);
    expect((caught as Error).message).toBe(
      "Plugin 'sneaky' cannot override built-in tool 'write_file'. Set plugins.entries.sneaky.allow_tool_override: true in config.yaml to allow this plugin to replace built-in tools.",
    );
    expect(world.registry.getEntry("write_file")?.toolset).toBe("file");
  });

  test("override with allow_tool_override replaces the tool", async () => {
    world.registry.register(builtin);
    const ctx = contextFor("trusted", { allowToolOverride: true });
    expect(
      ctx.registerTool({ ...builtin, toolset: "trusted", override: true, handler: () => "plugin" }),
    ).toBe(true);
    expect(await world.registry.dispatch("write_file", {})).toBe("plugin");
  });

  test("shadowing without override is refused with a warning", () => {
    world.registry.register(builtin);
    const ctx = contextFor("shadow");
    expect(ctx.registerTool({ ...builtin, toolset: "shadow", handler: () => "x" })).toBe(false);
    expect(world.logger.text("warn")).toMatch(
      /\[plugin shadow\] tried to shadow the tool 'write_file' .* without override: true/,
    );
    expect(world.registry.getEntry("write_file")?.toolset).toBe("file");
  });

  test("override on a new name just registers", () => {
    const ctx = contextFor();
    expect(ctx.registerTool({ ...builtin, name: "fresh", toolset: "demo", override: true })).toBe(
      true,
    );
  });

  test("an invalid spec throws the registry's error naming the tool", () => {
    const ctx = contextFor();
    expect(() =>
      ctx.registerTool({ name: "broken", toolset: "", schema: builtin.schema, handler: () => "" }),
    ).toThrow(/broken/);
  });
});

describe("registerHook", () => {
  test("known hooks are stored; unknown names warn and are still stored", () => {
    const ctx = contextFor();
    ctx.registerHook("pre_tool_call", () => undefined);
    ctx.registerHook("on_custom_event", () => undefined);
    expect(world.host.hooks.get("pre_tool_call")).toHaveLength(1);
    expect(world.host.hooks.get("on_custom_event")).toHaveLength(1);
    expect(world.logger.text("warn")).toMatch(/unknown hook 'on_custom_event'/);
    expect(world.host.hooks.get("pre_tool_call")?.[0]?.owner).toEqual({
      kind: "plugin",
      key: "demo",
    });
  });

  test("a hook that throws or rejects is logged and ignored; the others still answer", async () => {
    const ctx = contextFor();
    ctx.registerHook("pre_tool_call", () => {
      throw new Error("sync boom");
    });
    ctx.registerHook("pre_tool_call", () => Promise.reject(new Error("async boom")));
    ctx.registerHook("pre_tool_call", ({ toolName }) =>
      toolName === "terminal" ? { action: "block", message: "no terminal" } : undefined,
    );
    const results = await world.host.invokeHook("pre_tool_call", {
      toolName: "terminal",
      args: {},
    });
    expect(results).toEqual([{ action: "block", message: "no terminal" }]);
    expect(world.logger.text("warn")).toMatch(/hook 'pre_tool_call' failed .*sync boom/);
    expect(world.logger.text("warn")).toMatch(/async boom/);
  });

  test("a hook without a function is refused", () => {
    const ctx = contextFor();
    expect(() => ctx.registerHook("pre_tool_call", undefined as never)).toThrow(
      /without a function/,
    );
  });
});

describe("registerMiddleware", () => {
  const tool = {
    name: "echo",
    toolset: "demo",
    schema: { parameters: { type: "object" } },
    handler: (args: Record<string, unknown>) => JSON.stringify(args),
  };

  test("tool_request rewrites arguments; a failing one leaves them unchanged", async () => {
    world.registry.register(tool);
    const ctx = contextFor();
    ctx.registerMiddleware("tool_request", () => {
      throw new Error("bad rewrite");
    });
    ctx.registerMiddleware("tool_request", (request) => ({ ...request.args, added: true }));
    expect(await world.host.callTool("echo", { a: 1 })).toBe('{"a":1,"added":true}');
    expect(world.logger.text("warn")).toMatch(/tool_request middleware failed .*bad rewrite/);
  });

  test("tool_execution: fail open before next, result kept after next, tool runs once", async () => {
    let runs = 0;
    world.registry.register({ ...tool, handler: () => `run ${++runs}` });
    const ctx = contextFor();
    ctx.registerMiddleware("tool_execution", () => {
      throw new Error("before next");
    });
    ctx.registerMiddleware("tool_execution", async (call, next) => {
      await next(call.args);
      const second: ToolOutput = await next(call.args);
      throw new Error(`after next with ${String(second)}`);
    });
    expect(await world.host.callTool("echo", {})).toBe("run 1");
    expect(runs).toBe(1);
    const warnings = world.logger.text("warn");
    expect(warnings).toMatch(/before next/);
    expect(warnings).toMatch(/its result is kept/);
  });

  test("tool_execution: when the tool itself fails, the middleware's error propagates", async () => {
    const ctx = contextFor();
    ctx.registerMiddleware("tool_execution", async (call, next) => {
      try {
        return await next(call.args);
      } catch {
        throw new Error("translated");
      }
    });
    const [entry] = world.host.middleware.get("tool_execution") ?? [];
    const guarded = entry?.value as (
      call: { toolName: string; args: object },
      next: () => Promise<string>,
    ) => Promise<string>;
    await expect(
      guarded({ toolName: "x", args: {} }, () => Promise.reject(new Error("tool failed"))),
    ).rejects.toThrow("translated");
  });

  test("an unknown kind is refused", () => {
    const ctx = contextFor();
    expect(() =>
      ctx.registerMiddleware("after_everything" as never, (() => undefined) as never),
    ).toThrow(/unknown kind 'after_everything'; use tool_request, tool_execution or llm_request/);
  });
});

describe("registerCommand and registerSkill", () => {
  test("command names are normalised; handlers are isolated", async () => {
    const ctx = contextFor();
    ctx.registerCommand("/Deploy Now", ({ args }) => `deploying ${args}`, "Deploy", "<env>");
    ctx.registerCommand("explode", () => {
      throw new Error("kaboom");
    });
    const deploy = world.host.commands.get("deploy-now")?.value;
    expect(deploy).toMatchObject({ description: "Deploy", argsHint: "<env>" });
    expect(await deploy?.handler({ args: "prod" })).toBe("deploying prod");
    expect(await world.host.commands.get("explode")?.value.handler({ args: "" })).toBe(
      "/explode (Plugin 'demo') failed: kaboom",
    );
  });

  test("a command name taken elsewhere is skipped with a warning, not a failure", () => {
    contextFor("first").registerCommand("status", () => "a");
    contextFor("second").registerCommand("status", () => "b");
    expect(world.host.commands.get("status")?.owner).toEqual({ kind: "plugin", key: "first" });
    expect(world.logger.text("warn")).toMatch(/\[plugin second\] command '\/status' was not added/);
  });

  test("skills are addressed <plugin>:<name> with an absolute path; a missing file throws", () => {
    const ctx = contextFor();
    ctx.registerSkill("guide", "skills/guide/SKILL.md", "How to");
    const skill = world.host.skills.get("demo:guide")?.value;
    expect(skill?.path).toBe(path.join(world.userPlugins, "demo", "skills", "guide", "SKILL.md"));
    expect(skill?.description).toBe("How to");
    expect(() => ctx.registerSkill("ghost", "skills/ghost/SKILL.md")).toThrow(/does not exist/);
    expect(() => ctx.registerSkill("bad name", "skills/guide/SKILL.md")).toThrow(/letters, digits/);
  });
});

describe("the rest of the context", () => {
  test("dispatchTool goes through the host", async () => {
    world.registry.register({ ...builtin, handler: () => "written" });
    expect(await contextFor().dispatchTool("write_file", {})).toBe("written");
    expect(JSON.parse(String(await contextFor("b").dispatchTool("nope", {})))).toEqual({
      error: "Unknown tool: nope",
    });
  });

  test("config, logger, dataDir, version", () => {
    const ctx = contextFor("cfg", { entryConfig: { threshold: 3 } });
    expect(ctx.config).toEqual({ threshold: 3 });
    expect(ctx.contextVersion).toBe(PLUGIN_CONTEXT_VERSION);
    expect(ctx.key).toBe("cfg");
    expect(ctx.cwd).toBe(world.project);
    ctx.logger.info("hello");
    expect(world.logger.text("info")).toBe("[plugin cfg] hello");
    const dataDir = ctx.dataDir;
    expect(dataDir).toBe(path.join(world.home, "plugin-data", "cfg"));
    expect(existsSync(dataDir)).toBe(true);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
  });

  test("a category key maps to a flat data folder name", () => {
    expect(contextFor("net/ping").dataDir).toBe(path.join(world.home, "plugin-data", "net__ping"));
  });
});
