import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { afterEach, beforeEach, expect, test } from "vitest";
import { createRuntime, type HermesRuntime } from "../../src/index.js";
import { parse, recordingLogger } from "../helpers/runtime-harness.js";

let home: TempDir;
const runtimes: HermesRuntime[] = [];
beforeEach(async () => {
  home = await createTempDir("hermes-agent-plugins-");
});
afterEach(async () => {
  for (const runtime of runtimes.splice(0)) await runtime.close();
  await home.remove();
});

function writeFile(relative: string, text: string): string {
  const file = path.join(home.path, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

async function start(env: Record<string, string> = {}): Promise<HermesRuntime> {
  const runtime = await createRuntime({
    hermesHome: home.path,
    cwd: home.path,
    env: { PATH: process.env.PATH, HOME: home.path, ...env },
    logger: recordingLogger(),
    approval: "deny",
  });
  runtimes.push(runtime);
  return runtime;
}

const GUARD_PLUGIN = `
export function register(ctx) {
  ctx.registerTool({
    name: "guarded_echo",
    toolset: "guard",
    schema: { description: "Echo", parameters: { type: "object", properties: { text: { type: "string" } } } },
    handler: (args) => JSON.stringify({ echo: args.text }),
  });
  ctx.registerHook("pre_tool_call", (payload) =>
    payload.args.text === "forbidden" ? { action: "block", message: "guard says no" } : undefined,
  );
  ctx.registerCommand("guard-status", () => "guard is on", "Show the guard");
}
`;

test("createRuntime loads enabled plugins: tools, hooks and commands go through the pipeline", async () => {
  writeFile("plugins/guard/plugin.yaml", "name: guard\nversion: 1.0.0\n");
  writeFile("plugins/guard/index.mjs", GUARD_PLUGIN);
  writeFile("plugins/idle/plugin.yaml", "name: idle\n");
  writeFile("config.yaml", "plugins:\n  enabled: [guard]\n");
  const runtime = await start();

  expect(parse(await runtime.handleFunctionCall("guarded_echo", { text: "hi" }))).toEqual({
    echo: "hi",
  });
  expect(parse(await runtime.handleFunctionCall("guarded_echo", { text: "forbidden" }))).toEqual({
    error: "guard says no",
  });
  expect(await runtime.plugins.commands.get("guard-status")?.handler({ args: "" })).toBe(
    "guard is on",
  );
  const report = runtime.plugins.manager.report();
  expect(report.plugins.map((plugin) => [plugin.key, plugin.state])).toEqual([
    ["guard", "loaded"],
    ["idle", "not_enabled"],
  ]);

  await runtime.close();
  expect(runtime.registry.hasTool("guarded_echo")).toBe(false);
  expect(runtime.plugins.commands.size).toBe(0);
});

/** A runtime with the guard plugin and one accepted pre_tool_call shell hook that prints `reply`. */
async function startWithShellHook(reply: string): Promise<HermesRuntime> {
  const hook = writeFile("hooks/pre-tool.sh", `#!/usr/bin/env bash\necho '${reply}'\n`);
  chmodSync(hook, 0o755);
  writeFile("plugins/guard/plugin.yaml", "name: guard\n");
  writeFile("plugins/guard/index.mjs", GUARD_PLUGIN);
  writeFile(
    "config.yaml",
    [
      "plugins:",
      "  enabled: [guard]",
      "hooks_auto_accept: true",
      "hooks:",
      "  pre_tool_call:",
      `    - command: ${hook}`,
      "      matcher: guarded_echo",
      "",
    ].join("\n"),
  );
  return await start();
}

test("shell hooks from config.yaml block tool calls in the runtime", async () => {
  const runtime = await startWithShellHook('{"decision": "block", "reason": "shell hook says no"}');
  expect(parse(await runtime.handleFunctionCall("guarded_echo", { text: "hi" }))).toEqual({
    error: "shell hook says no",
  });
});

test("a shell hook's modify answer replaces the arguments the tool receives", async () => {
  const runtime = await startWithShellHook(
    '{"decision": "modify", "tool_input": {"text": "rewritten"}}',
  );
  expect(parse(await runtime.handleFunctionCall("guarded_echo", { text: "hi" }))).toEqual({
    echo: "rewritten",
  });
});

test("ctx.dispatchTool goes through the pipeline; an approve directive nobody answers blocks", async () => {
  writeFile("plugins/guard/plugin.yaml", "name: guard\n");
  writeFile("plugins/guard/index.mjs", GUARD_PLUGIN);
  writeFile("plugins/relay/plugin.yaml", "name: relay\n");
  writeFile(
    "plugins/relay/index.mjs",
    `export function register(ctx) {
      ctx.registerTool({
        name: "relay",
        toolset: "relay",
        schema: { parameters: { type: "object", properties: { text: { type: "string" } } } },
        handler: (args) => ctx.dispatchTool("guarded_echo", { text: args.text }),
      });
      ctx.registerHook("pre_tool_call", ({ toolName, args }) =>
        toolName === "guarded_echo" && args.text === "ask" ? { action: "approve", message: "check with a human" } : undefined,
      );
    }`,
  );
  writeFile("config.yaml", "plugins:\n  enabled: [guard, relay]\n");
  const runtime = await start();
  expect(parse(await runtime.handleFunctionCall("relay", { text: "via relay" }))).toEqual({
    echo: "via relay",
  });
  expect(parse(await runtime.handleFunctionCall("relay", { text: "forbidden" }))).toEqual({
    error: "guard says no",
  });
  const asked = parse(await runtime.handleFunctionCall("guarded_echo", { text: "ask" }));
  expect(String(asked.error)).toMatch(/^BLOCKED: plugin approval/);
});

test("HERMES_SAFE_MODE: the runtime starts without plugins", async () => {
  writeFile("plugins/guard/plugin.yaml", "name: guard\n");
  writeFile("plugins/guard/index.mjs", GUARD_PLUGIN);
  writeFile("config.yaml", "plugins:\n  enabled: [guard]\n");
  const runtime = await start({ HERMES_SAFE_MODE: "1" });
  expect(runtime.registry.hasTool("guarded_echo")).toBe(false);
  expect(runtime.plugins.manager.report().safeMode).toBe(true);
});
