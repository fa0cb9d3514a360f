import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { hermesConfigSchema } from "@hermes-agent/config";
import { isProcessAlive, waitUntil } from "@hermes-agent/test-utils";
import { afterEach, describe, expect, test } from "vitest";
import { createToolSearch, readToolSearchConfig } from "@hermes-agent/mcp";
import type { McpProgressEvent } from "../../src/index.js";
import { parse, startRuntime, type RuntimeHarness } from "../helpers/runtime-harness.js";

const require = createRequire(import.meta.url);
const EVERYTHING = path.join(
  path.dirname(require.resolve("@modelcontextprotocol/server-everything/package.json")),
  "dist/index.js",
);

/** Pids of this process's children running `script`. */
function childrenRunning(script: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (ppid === process.pid && cmdline.includes(script)) pids.push(Number(entry));
    } catch {
      // the process went away while we looked
    }
  }
  return pids;
}

const harnesses: RuntimeHarness[] = [];
afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((harness) => harness.dispose()));
});

describe("MCP servers in the runtime", () => {
  test("createRuntime starts mcp_servers in the background; calls take the pipeline; close() stops them", async () => {
    const config = hermesConfigSchema.parse({
      mcp_servers: {
        everything: { command: process.execPath, args: [EVERYTHING, "stdio"] },
        broken: { command: "node", url: "http://127.0.0.1:9/mcp" },
      },
    });
    const harness = await startRuntime({ config });
    harnesses.push(harness);
    const { runtime } = harness;
    expect(
      await waitUntil(() => runtime.registry.hasTool("mcp__everything__echo"), {
        timeoutMs: 15_000,
      }),
    ).toBe(true);
    expect(
      runtime.getToolDefinitions({ enabled: ["everything"] }).map((d) => d.function.name),
    ).toContain("mcp__everything__echo");

    const seen: string[] = [];
    runtime.hooks.registerHook("pre_tool_call", (payload) => {
      seen.push(String(payload.toolName));
      return undefined;
    });
    expect(
      parse(await runtime.handleFunctionCall("mcp__everything__echo", { message: "via pipeline" })),
    ).toEqual({
      result: "Echo: via pipeline",
    });
    expect(seen).toEqual(["mcp__everything__echo"]);

    const progress: McpProgressEvent[] = [];
    runtime.events.on("mcp:progress", (event) => progress.push(event));
    await runtime.handleFunctionCall("mcp__everything__trigger_long_running_operation", {
      duration: 0.1,
      steps: 2,
    });
    expect(progress.map((p) => [p.server, p.tool, p.progress, p.total])).toEqual([
      ["everything", "trigger-long-running-operation", 1, 2],
      ["everything", "trigger-long-running-operation", 2, 2],
    ]);
    expect(harness.logger.lines.some((l) => l.includes("mcp_servers.broken.url"))).toBe(true);

    const pids = childrenRunning(EVERYTHING);
    expect(pids).toHaveLength(1);
    await runtime.close();
    expect(pids.filter((pid) => isProcessAlive(pid))).toEqual([]);
    expect(childrenRunning(EVERYTHING)).toEqual([]);
  });

  test("tool search over the runtime: tool_call is unwrapped into handleFunctionCall, so hooks apply", async () => {
    const config = hermesConfigSchema.parse({
      mcp_servers: { everything: { command: process.execPath, args: [EVERYTHING, "stdio"] } },
    });
    const harness = await startRuntime({ config });
    harnesses.push(harness);
    const { runtime } = harness;
    expect(
      await waitUntil(() => runtime.registry.hasTool("mcp__everything__echo"), {
        timeoutMs: 15_000,
      }),
    ).toBe(true);
    const blocked: string[] = [];
    runtime.hooks.registerHook("pre_tool_call", (payload) => {
      if (payload.toolName !== "mcp__everything__get_env") return undefined;
      blocked.push(String(payload.toolName));
      return { action: "block", message: "environment dumps are not allowed" };
    });
    const search = createToolSearch({
      definitions: runtime.getToolDefinitions({ enabled: ["terminal", "everything"] }),
      isDeferrable: (name) => runtime.registry.getToolsetForTool(name)?.startsWith("mcp-") === true,
      contextWindowTokens: 8_000,
      config: readToolSearchConfig(runtime.config.tool_search),
      callTool: (name, args, ctx) => runtime.handleFunctionCall(name, args, ctx),
    });
    expect(search.active).toBe(true);
    const visible = search.definitions.map((d) => d.function.name);
    expect(visible).toEqual(
      expect.arrayContaining(["terminal", "tool_search", "tool_describe", "tool_call"]),
    );
    expect(visible.some((name) => name.startsWith("mcp__"))).toBe(false);

    const found = parse(String(await search.dispatch("tool_search", '{"query": "echo message"}')));
    expect((found.tools as { name: string }[])[0]?.name).toBe("mcp__everything__echo");
    const echoed = await search.dispatch("tool_call", {
      name: "mcp__everything__echo",
      arguments: { message: "deferred" },
    });
    expect(parse(String(echoed))).toEqual({ result: "Echo: deferred" });
    const refused = parse(
      String(
        await search.dispatch("tool_call", { name: "mcp__everything__get_env", arguments: {} }),
      ),
    );
    expect(String(refused.error)).toContain("environment dumps are not allowed");
    expect(blocked).toEqual(["mcp__everything__get_env"]);
  });
});
