import { createRequire } from "node:module";
import path from "node:path";
import { parseConfigText } from "@hermes-agent/config";
import { afterEach, describe, expect, test } from "vitest";
import { startRuntime, type RuntimeHarness } from "../helpers/runtime-harness.js";
import {
  startScriptedModelServer,
  type Script,
  type ScriptedModelServer,
} from "../helpers/scripted-model-server.js";

const require = createRequire(import.meta.url);
const FIXTURE = path.join(
  path.dirname(require.resolve("@hermes-agent/mcp/package.json")),
  "test/fixtures/fixture-server.mjs",
);
const EVERYTHING = path.join(
  path.dirname(require.resolve("@modelcontextprotocol/server-everything/package.json")),
  "dist/index.js",
);

let server: ScriptedModelServer | undefined;
let h: RuntimeHarness | undefined;
afterEach(async () => {
  await h?.dispose();
  await server?.close();
  h = undefined;
  server = undefined;
});

/** A runtime over the scripted model with MCP servers from config.yaml text, servers connected. */
async function mcpRuntime(script: Script, extraYaml: string): Promise<RuntimeHarness> {
  server = await startScriptedModelServer(script);
  const config = parseConfigText(
    `model:\n  base_url: ${server.baseURL}\n  default: scripted-model\n  api_key_env: SCRIPTED_KEY\n` +
      extraYaml,
  ).config;
  h = await startRuntime({
    config,
    env: { PATH: process.env.PATH, LANG: "C.UTF-8", SCRIPTED_KEY: "test-key" },
  });
  const servers = await h.runtime.waitForMcpServers({ timeoutMs: 30_000 });
  expect(servers.every((status) => status.state === "connected")).toBe(true);
  return h;
}

function toolNames(index: number): string[] {
  return server?.requests[index]?.body.tools?.map((tool) => tool.function.name) ?? [];
}

const stdioServer = (name: string, args: readonly string[]) =>
  `  ${name}:\n    command: ${JSON.stringify(process.execPath)}\n    args: ${JSON.stringify(args)}\n`;

/**
 * The fixture announces list_changed after answering `tool`; hold that call's end until the
 * server's new list is registered, so the loop's next turn sees it. Returns the undo.
 */
function awaitNewListAfter(harness: RuntimeHarness, tool: string): () => void {
  const changed = new Promise<void>((resolve) => {
    const off = harness.runtime.events.on("mcp:status", (event) => {
      if (event.status === "tools_changed") {
        off();
        resolve();
      }
    });
  });
  return harness.runtime.hooks.registerHook("post_tool_call", async (payload) => {
    if (payload.toolName === tool) await changed;
    return undefined;
  });
}

describe("runAgent with MCP servers of config.yaml", () => {
  test("the model is offered the servers' tools and its call reaches the server", async () => {
    const harness = await mcpRuntime(
      [
        { toolCalls: [{ name: "mcp__fixture__echo", arguments: { text: "from the model" } }] },
        { content: "Echoed." },
      ],
      `mcp_servers:\n${stdioServer("fixture", [FIXTURE])}`,
    );
    const result = await harness.runtime.runAgent({ prompt: "echo something" });
    expect(result.status).toBe("completed");
    expect(toolNames(0)).toEqual(expect.arrayContaining(["terminal", "mcp__fixture__echo"]));
    const answer = server?.requests[1]?.body.messages.find((message) => message.role === "tool");
    expect(JSON.parse(String(answer?.content))).toEqual({ result: "from the model" });
  });

  test("tools a server adds mid-task join the list with one message; otherwise the list is stable", async () => {
    const harness = await mcpRuntime(
      [
        { toolCalls: [{ name: "mcp__fixture__pid", arguments: {} }] },
        { toolCalls: [{ name: "mcp__fixture__add_tools", arguments: { count: 1 } }] },
        { toolCalls: [{ name: "mcp__fixture__pid", arguments: {} }] },
        { content: "Done." },
      ],
      `mcp_servers:\n${stdioServer("fixture", [FIXTURE])}`,
    );
    const before = harness.runtime.registry.generation;
    const gate = awaitNewListAfter(harness, "mcp__fixture__add_tools");
    const result = await harness.runtime.runAgent({ prompt: "grow your tools" });
    gate();
    expect(result.status).toBe("completed");
    expect(harness.runtime.registry.generation).not.toBe(before);

    expect(toolNames(1)).toEqual(toolNames(0));
    const added = toolNames(2).filter((name) => !toolNames(1).includes(name));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/^mcp__fixture__extra_\d+_0$/);
    expect(toolNames(3)).toEqual(toolNames(2));

    const notices = (server?.requests[3]?.body.messages ?? []).filter(
      (message) => message.role === "user" && String(message.content).startsWith("[Tool list"),
    );
    expect(notices.map((message) => message.content)).toEqual([
      `[Tool list changed] New tools are available: ${added[0]}.`,
    ]);
  });

  test("under tool search, a tool the server removed mid-task is no longer found or called", async () => {
    const harness = await mcpRuntime(
      [
        { toolCalls: [{ name: "tool_search", arguments: { query: "process id" } }] },
        {
          toolCalls: [
            {
              name: "tool_call",
              arguments: { name: "mcp__fixture__remove_tool", arguments: { name: "pid" } },
            },
          ],
        },
        { toolCalls: [{ name: "tool_search", arguments: { query: "process id" } }] },
        {
          toolCalls: [
            { name: "tool_call", arguments: { name: "mcp__fixture__pid", arguments: {} } },
          ],
        },
        { content: "Done." },
      ],
      `tool_search: on\nmcp_servers:\n${stdioServer("fixture", [FIXTURE])}`,
    );
    const gate = awaitNewListAfter(harness, "mcp__fixture__remove_tool");
    const result = await harness.runtime.runAgent({ prompt: "drop a tool" });
    gate();
    expect(result.status).toBe("completed");
    const lastTool = (index: number) =>
      String(
        server?.requests[index]?.body.messages.filter((message) => message.role === "tool").at(-1)
          ?.content,
      );
    const names = (text: string) =>
      (JSON.parse(text) as { tools: { name: string }[] }).tools.map((tool) => tool.name);
    expect(names(lastTool(1))).toContain("mcp__fixture__pid");
    expect(lastTool(2)).toContain("removed pid");
    expect(names(lastTool(3))).not.toContain("mcp__fixture__pid");
    expect(lastTool(4)).toContain("'mcp__fixture__pid' is not available");
    expect(harness.runtime.registry.hasTool("mcp__fixture__pid")).toBe(false);
  });

  test("a large MCP tool set is swapped for tool_search without naming any toolset", async () => {
    const harness = await mcpRuntime(
      [
        { toolCalls: [{ name: "tool_search", arguments: { query: "echo message" } }] },
        {
          toolCalls: [
            {
              name: "tool_call",
              arguments: { name: "mcp__everything__echo", arguments: { message: "deferred" } },
            },
          ],
        },
        { content: "Found and called." },
      ],
      `tool_search: auto\nmcp_servers:\n${stdioServer("everything", [EVERYTHING, "stdio"])}`,
    );
    const offeredByDefault = harness.runtime.getToolDefinitions().map((d) => d.function.name);
    expect(offeredByDefault).toContain("mcp__everything__echo");
    // A small context window, so the server's tools exceed tool search's share of it.
    const result = await harness.runtime.runAgent({
      prompt: "echo through a deferred tool",
      contextWindowTokens: 8_000,
    });
    expect(result.status).toBe("completed");
    const first = toolNames(0);
    expect(first).toEqual(expect.arrayContaining(["terminal", "tool_search", "tool_call"]));
    expect(first.filter((name) => name.startsWith("mcp__"))).toEqual([]);
    const searched = server?.requests[1]?.body.messages.find((message) => message.role === "tool");
    expect(String(searched?.content)).toContain("mcp__everything__echo");
    const called = server?.requests[2]?.body.messages.filter((message) => message.role === "tool");
    expect(JSON.parse(String(called?.at(-1)?.content))).toEqual({ result: "Echo: deferred" });
  });
});
