import { parseConfigText } from "@hermes-agent/config";
import { afterEach, describe, expect, test } from "vitest";
import { startRuntime, type RuntimeHarness } from "../helpers/runtime-harness.js";
import {
  startScriptedModelServer,
  type Script,
  type ScriptedModelServer,
} from "../helpers/scripted-model-server.js";

let server: ScriptedModelServer | undefined;
let h: RuntimeHarness | undefined;
afterEach(async () => {
  await h?.dispose();
  await server?.close();
  h = undefined;
  server = undefined;
});

/** A runtime over the scripted model, with three tools an application added (deferrable). */
async function ticketRuntime(
  script: Script,
  toolSearch: string,
): Promise<{ harness: RuntimeHarness; created: Record<string, unknown>[] }> {
  server = await startScriptedModelServer(script);
  const config = parseConfigText(
    `model:\n  base_url: ${server.baseURL}\n  default: scripted-model\n  api_key_env: SCRIPTED_KEY\n` +
      `tool_search: ${toolSearch}\n`,
  ).config;
  h = await startRuntime({
    config,
    env: { PATH: process.env.PATH, LANG: "C.UTF-8", SCRIPTED_KEY: "test-key" },
    enabledToolsets: ["terminal", "tickets"],
  });
  const created: Record<string, unknown>[] = [];
  const tool = (name: string, description: string) => ({
    name,
    toolset: "tickets",
    schema: {
      description,
      parameters: { type: "object", properties: { title: { type: "string" } } },
    },
    handler: (args: Record<string, unknown>) => {
      if (name === "ticket_create") created.push(args);
      return JSON.stringify({ ok: name });
    },
  });
  h.runtime.registry.register(tool("ticket_create", "Create a support ticket with a title"));
  h.runtime.registry.register(tool("ticket_close", "Close a support ticket"));
  h.runtime.registry.register(tool("weather_lookup", "Look up the weather forecast"));
  return { harness: h, created };
}

function toolNames(index: number): string[] {
  return server?.requests[index]?.body.tools?.map((tool) => tool.function.name) ?? [];
}

describe("runAgent with tool search", () => {
  test("tool_search: on defers the added tools; tool_call is unwrapped into the pipeline", async () => {
    const { harness, created } = await ticketRuntime(
      [
        { toolCalls: [{ name: "tool_search", arguments: { query: "create ticket" } }] },
        {
          toolCalls: [
            { name: "tool_call", arguments: { name: "ticket_create", arguments: { title: "x" } } },
          ],
        },
        { content: "Ticket created." },
      ],
      "on",
    );
    const hooked: string[] = [];
    harness.runtime.hooks.registerHook("pre_tool_call", (payload) => {
      hooked.push(String(payload.toolName));
      return undefined;
    });
    const result = await harness.runtime.runAgent({ prompt: "open a ticket" });
    expect(result.status).toBe("completed");
    expect(result.finalText).toBe("Ticket created.");

    const first = toolNames(0);
    expect(first).toEqual(
      expect.arrayContaining(["terminal", "tool_search", "tool_describe", "tool_call"]),
    );
    expect(first.filter((name) => /^(ticket_|weather_)/.test(name))).toEqual([]);
    // The same list on every turn, so the prompt cache keeps working.
    expect(toolNames(1)).toEqual(first);
    expect(toolNames(2)).toEqual(first);

    const searchAnswer = server?.requests[1]?.body.messages.find((m) => m.role === "tool");
    const found = JSON.parse(String(searchAnswer?.content)) as { tools: { name: string }[] };
    expect(found.tools[0]?.name).toBe("ticket_create");
    expect(created).toEqual([{ title: "x" }]);
    expect(hooked).toEqual(["ticket_create"]);
  });

  test("a tool removed or registered again mid-run is searched as it is now", async () => {
    const toolMessage = (index: number): Record<string, unknown> => {
      const messages = server?.requests[index]?.body.messages ?? [];
      const last = messages.filter((m) => m.role === "tool").at(-1);
      return JSON.parse(String(last?.content)) as Record<string, unknown>;
    };
    const names = (answer: Record<string, unknown>): string[] =>
      (answer.tools as { name: string }[]).map((tool) => tool.name).sort();
    const { harness } = await ticketRuntime((_request, index) => {
      const registry = h?.runtime.registry;
      if (index === 0) {
        // A plugin unloaded (or an MCP server went away) while the model was thinking.
        registry?.deregister("ticket_create");
        return { toolCalls: [{ name: "tool_search", arguments: { query: "ticket" } }] };
      }
      if (index === 1) {
        return {
          toolCalls: [
            { name: "tool_describe", arguments: { name: "ticket_create" } },
            { name: "tool_call", arguments: { name: "ticket_create", arguments: {} } },
          ],
        };
      }
      if (index === 2) {
        // It comes back with another description.
        registry?.register({
          name: "ticket_create",
          toolset: "tickets",
          schema: {
            description: "Open a helpdesk case",
            parameters: { type: "object", properties: {} },
          },
          handler: () => JSON.stringify({ ok: "again" }),
        });
        return { toolCalls: [{ name: "tool_search", arguments: { query: "helpdesk" } }] };
      }
      return { content: "done" };
    }, "on");
    const result = await harness.runtime.runAgent({ prompt: "tickets" });
    expect(result.status).toBe("completed");

    const afterRemoval = toolMessage(1);
    expect(names(afterRemoval)).toEqual(["ticket_close"]);
    expect(afterRemoval.total_deferred).toBe(2);
    const answers = (server?.requests[2]?.body.messages ?? []).filter((m) => m.role === "tool");
    expect(String(answers.at(-2)?.content)).toContain("'ticket_create' is not available");
    expect(String(answers.at(-1)?.content)).toContain("'ticket_create' is not available");

    const afterReturn = toolMessage(3);
    expect(afterReturn.tools).toEqual([
      { name: "ticket_create", description: "Open a helpdesk case" },
    ]);
    expect(afterReturn.total_deferred).toBe(3);
  });

  test("auto: a small tool list is offered as it is", async () => {
    const { harness } = await ticketRuntime([{ content: "Nothing to do." }], "auto");
    await harness.runtime.runAgent({ prompt: "hello" });
    const names = toolNames(0);
    expect(names).toEqual(expect.arrayContaining(["terminal", "ticket_create", "weather_lookup"]));
    expect(names).not.toContain("tool_search");
  });
});
