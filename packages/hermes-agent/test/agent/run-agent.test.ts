import { existsSync, readFileSync } from "node:fs";
import { parseConfigText } from "@hermes-agent/config";
import { isProcessAlive, waitUntil } from "@hermes-agent/test-utils";
import { afterEach, describe, expect, test } from "vitest";
import { HermesAgentError, type RuntimeOptions } from "../../src/index.js";
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

async function agentRuntime(script: Script, options: RuntimeOptions = {}): Promise<RuntimeHarness> {
  server = await startScriptedModelServer(script);
  const config = parseConfigText(
    `model:\n  base_url: ${server.baseURL}\n  default: scripted-model\n  api_key_env: SCRIPTED_KEY\n`,
  ).config;
  h = await startRuntime({
    config,
    env: { PATH: process.env.PATH, LANG: "C.UTF-8", SCRIPTED_KEY: "test-key" },
    ...options,
  });
  return h;
}

describe("runAgent", () => {
  test("multi-turn: a tool call through the pipeline, then the answer; usage and stats add up", async () => {
    const harness = await agentRuntime([
      { toolCalls: [{ name: "terminal", arguments: { command: "echo from-the-tool" } }] },
      { content: "The command printed from-the-tool." },
    ]);
    const ends: string[] = [];
    harness.runtime.events.on("tool:end", (event) => ends.push(`${event.tool}:${event.status}`));
    const result = await harness.runtime.runAgent({ prompt: "run the command" });
    expect(result).toMatchObject({
      status: "completed",
      finalText: "The command printed from-the-tool.",
      iterations: 2,
      model: "scripted-model",
      toolCalls: { total: 1, errors: 0, byTool: { terminal: 1 } },
      usage: { promptTokens: 20, completionTokens: 10, totalTokens: 30 },
    });
    expect(ends).toEqual(["terminal:ok"]);
    const second = server?.requests[1]?.body;
    const toolMessage = second?.messages.find((message) => message.role === "tool");
    expect(JSON.parse(String(toolMessage?.content))).toMatchObject({ output: "from-the-tool\n" });
    expect(server?.requests[0]?.authorization).toBe("Bearer test-key");
    expect(server?.requests[0]?.body.stream).toBe(true);
    const names = server?.requests[0]?.body.tools?.map((tool) => tool.function.name);
    expect(names).toEqual(expect.arrayContaining(["terminal", "todo", "memory"]));
    expect(server?.requests[0]?.body.messages[0]?.role).toBe("system");
    const stored = await harness.runtime.sessions.read(result.sessionId);
    expect(stored.messages.map((message) => message.role)).toEqual([
      "user",
      "assistant",
      "tool",
      "assistant",
    ]);
  });

  test("streamed text reaches onText in pieces", async () => {
    const harness = await agentRuntime([{ content: "one two three four five six", chunks: 4 }]);
    const pieces: string[] = [];
    const result = await harness.runtime.runAgent({
      prompt: "count",
      onText: (delta) => pieces.push(delta),
    });
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join("")).toBe("one two three four five six");
    expect(result.finalText).toBe("one two three four five six");
  });

  test("read-only calls of one turn run in parallel; other turns run in order", async () => {
    const harness = await agentRuntime([
      {
        toolCalls: [
          { name: "read_file", arguments: { path: "a" } },
          { name: "search_files", arguments: { pattern: "b" } },
        ],
      },
      {
        toolCalls: [
          { name: "read_file", arguments: { path: "c" } },
          { name: "slow_write", arguments: { path: "d" } },
        ],
      },
      { content: "done" },
    ]);
    const log: string[] = [];
    let arrived = 0;
    let releaseBoth: () => void = () => undefined;
    const bothStarted = new Promise<void>((resolve) => (releaseBoth = resolve));
    const readTool = (name: string) => ({
      name,
      toolset: "read-testing",
      override: true,
      schema: { parameters: { type: "object", properties: {} } },
      handler: async (args: Record<string, unknown>) => {
        log.push(`start ${name} ${JSON.stringify(args)}`);
        arrived++;
        if (arrived === 2) releaseBoth();
        if (arrived <= 2) await bothStarted;
        log.push(`end ${name}`);
        return JSON.stringify({ ok: true });
      },
    });
    harness.runtime.registry.register(readTool("read_file"));
    harness.runtime.registry.register(readTool("search_files"));
    harness.runtime.registry.register({
      name: "slow_write",
      toolset: "read-testing",
      schema: { parameters: { type: "object", properties: { path: { type: "string" } } } },
      handler: async () => {
        log.push("start slow_write");
        await new Promise((resolve) => setTimeout(resolve, 20));
        log.push("end slow_write");
        return "{}";
      },
    });
    const result = await harness.runtime.runAgent({
      prompt: "read",
      toolsets: ["read-testing", "terminal"],
    });
    expect(result.status).toBe("completed");
    expect(log.slice(0, 2).every((line) => line.startsWith("start"))).toBe(true);
    expect(log.slice(4)).toEqual([
      'start read_file {"path":"c"}',
      "end read_file",
      "start slow_write",
      "end slow_write",
    ]);
  });

  test("a 429 is retried with backoff, then the run succeeds", async () => {
    const harness = await agentRuntime([
      { status: 429, error: "slow down", headers: { "retry-after-ms": "10" } },
      { content: "after the retry" },
    ]);
    const result = await harness.runtime.runAgent({ prompt: "hi" });
    expect(result).toMatchObject({ status: "completed", finalText: "after the retry" });
    expect(server?.requests).toHaveLength(2);
  });

  test("a 401 fails the run with what to set; a 404 names the model", async () => {
    const harness = await agentRuntime([
      { status: 401, error: "bad key" },
      { status: 404, error: "no such model" },
    ]);
    const denied = await harness.runtime.runAgent({ prompt: "hi" });
    expect(denied.status).toBe("failed");
    expect(denied.error).toMatch(/refused the API key \(401; key from \$SCRIPTED_KEY/);
    expect(denied.error).toMatch(/OPENAI_API_KEY/);
    const missing = await harness.runtime.runAgent({ prompt: "hi" });
    expect(missing.error).toMatch(/404 for model 'scripted-model'.*model\.default/);
    expect(server?.requests).toHaveLength(2);
  });

  test("no endpoint configured: a clear error saying what to set", async () => {
    h = await startRuntime({ env: { PATH: process.env.PATH } });
    const error: unknown = await h.runtime
      .runAgent({ prompt: "hi" })
      .catch((caught: unknown) => caught);
    expect(HermesAgentError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(
      /No model endpoint is configured \(missing: base_url, api_key, model\)/,
    );
    expect((error as Error).message).toMatch(/model\.base_url/);
  });

  test("the agent-loop tools are handled by the loop, per session", async () => {
    const harness = await agentRuntime([
      {
        toolCalls: [
          {
            name: "todo",
            arguments: { todos: [{ id: "1", content: "plan", status: "in_progress" }] },
          },
          {
            name: "memory",
            arguments: { action: "add", target: "user", content: "Likes terse replies" },
          },
        ],
      },
      { content: "noted" },
    ]);
    const result = await harness.runtime.runAgent({ prompt: "remember" });
    const tools = result.messages.filter((message) => message.role === "tool");
    expect(JSON.parse(String(tools[0]?.content))).toMatchObject({
      summary: { total: 1, in_progress: 1 },
    });
    expect(JSON.parse(String(tools[1]?.content))).toMatchObject({ success: true, target: "user" });
    expect(await harness.runtime.memory.entries("user")).toEqual(["Likes terse replies"]);
  });

  test("maxIterations stops a model that never finishes", async () => {
    const harness = await agentRuntime(() => ({
      toolCalls: [{ name: "todo", arguments: {} }],
    }));
    const result = await harness.runtime.runAgent({ prompt: "loop", maxIterations: 3 });
    expect(result).toMatchObject({ status: "max_iterations", iterations: 3 });
    expect(server?.requests).toHaveLength(3);
  });

  test("interrupt: aborting kills the running tool and returns what was done", async () => {
    const harness = await agentRuntime([
      {
        toolCalls: [
          { name: "terminal", arguments: { command: "(echo $BASHPID > pid; exec sleep 30)" } },
        ],
      },
      { content: "never reached" },
    ]);
    const controller = new AbortController();
    const pidFile = `${harness.home.path}/pid`;
    harness.runtime.events.on("tool:start", () => {
      void waitUntil(() => existsSync(pidFile), { timeoutMs: 20_000 }).then(() => {
        controller.abort();
      });
    });
    const started = Date.now();
    const result = await harness.runtime.runAgent({ prompt: "wait", signal: controller.signal });
    expect(result.status).toBe("interrupted");
    expect(Date.now() - started).toBeLessThan(25_000);
    expect(result.messages.at(-1)?.role).toBe("tool");
    const pid = Number(readFileSync(pidFile, "utf8").trim());
    expect(await waitUntil(() => !isProcessAlive(pid), { timeoutMs: 5000 })).toBe(true);
  });

  test("a background process completion is injected before the next model call", async () => {
    const harness = await agentRuntime([
      {
        toolCalls: [
          {
            name: "terminal",
            arguments: {
              command: "sleep 0.2; echo bg-finished",
              background: true,
              notify_on_complete: true,
            },
          },
        ],
      },
      { toolCalls: [{ name: "terminal", arguments: { command: "sleep 1" } }] },
      { content: "saw it" },
    ]);
    const result = await harness.runtime.runAgent({ prompt: "start it" });
    expect(result.status).toBe("completed");
    const third = server?.requests[2]?.body.messages ?? [];
    const notice = third.find(
      (message) =>
        message.role === "user" && String(message.content).includes("Background process"),
    );
    expect(String(notice?.content)).toContain("bg-finished");
  });

  test("a watched pattern in a background process's output is injected before the next model call", async () => {
    const harness = await agentRuntime([
      {
        toolCalls: [
          {
            name: "terminal",
            arguments: {
              command: "sleep 0.2; echo 'server ready on :9000'; sleep 30",
              background: true,
              watch_patterns: ["ready on"],
            },
          },
        ],
      },
      { toolCalls: [{ name: "terminal", arguments: { command: "sleep 1" } }] },
      { content: "saw it" },
    ]);
    const result = await harness.runtime.runAgent({ prompt: "start the server" });
    expect(result.status).toBe("completed");
    const third = server?.requests[2]?.body.messages ?? [];
    const notice = third.find(
      (message) =>
        message.role === "user" && String(message.content).includes('matching "ready on"'),
    );
    expect(String(notice?.content)).toContain("server ready on :9000");
  });

  test("delegate_task runs a child through the same loop and returns its summary", async () => {
    const harness = await agentRuntime((request) => {
      const last = request.body.messages.at(-1);
      if (last?.role === "user" && String(last.content).startsWith("Summarise the child goal")) {
        return { content: "child summary: 42" };
      }
      if (last?.role === "tool") return { content: "parent done" };
      return {
        toolCalls: [
          {
            name: "delegate_task",
            arguments: { goal: "Summarise the child goal", context: "numbers" },
          },
        ],
      };
    });
    const result = await harness.runtime.runAgent({ prompt: "delegate it" });
    expect(result.finalText).toBe("parent done");
    const tool = result.messages.find((message) => message.role === "tool");
    const payload = JSON.parse(String(tool?.content)) as {
      results: Array<Record<string, unknown>>;
    };
    expect(payload.results[0]).toMatchObject({ status: "completed", summary: "child summary: 42" });
    const childRequest = server?.requests.find((request) =>
      String(request.body.messages.at(-1)?.content).startsWith("Summarise the child goal"),
    );
    const childTools = childRequest?.body.tools?.map((entry) => entry.function.name) ?? [];
    expect(childTools).not.toContain("memory");
    expect(childTools).toContain("delegate_task");
  });

  test("llm_request middleware and pre_llm_call context shape the request", async () => {
    const harness = await agentRuntime([{ content: "ok" }]);
    harness.runtime.hooks.registerMiddleware("llm_request", (request) => ({
      ...request,
      temperature: 0.1,
    }));
    harness.runtime.hooks.registerHook("pre_llm_call", () => ({
      context: "Extra: the user is on call.",
    }));
    await harness.runtime.runAgent({ prompt: "status?" });
    const body = server?.requests[0]?.body as unknown as Record<string, unknown> & {
      messages: Array<{ content: string }>;
    };
    expect(body.temperature).toBe(0.1);
    expect(body.messages.at(-1)?.content).toBe("status?\n\nExtra: the user is on call.");
    expect(body).not.toHaveProperty("sessionId");
  });
});
