import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { isProcessAlive, killPids, waitForPidFile, waitUntil } from "@hermes-agent/test-utils";
import { jsonSchema, stepCountIs, streamText, tool } from "ai";
import { afterEach, describe, expect, test } from "vitest";
import { fromAiSdkTool, toAiSdkTools } from "../../src/adapters/ai-sdk.js";
import { parse, startRuntime, type RuntimeHarness } from "../helpers/runtime-harness.js";
import {
  startScriptedModelServer,
  type Script,
  type ScriptedModelServer,
} from "../helpers/scripted-model-server.js";

let server: ScriptedModelServer | undefined;
let h: RuntimeHarness | undefined;
const pids: number[] = [];
afterEach(async () => {
  killPids(pids.splice(0));
  await h?.dispose();
  await server?.close();
  h = undefined;
  server = undefined;
});

async function scripted(script: Script) {
  server = await startScriptedModelServer(script);
  const provider = createOpenAICompatible({
    name: "scripted",
    baseURL: server.baseURL,
    apiKey: "test-key",
  });
  return provider.chatModel("scripted-model");
}

function toolMessages(index: number): string[] {
  const messages = server?.requests[index]?.body.messages ?? [];
  return messages.filter((m) => m.role === "tool").map((m) => String(m.content));
}

describe("toAiSdkTools", () => {
  test("a two-step task: terminal then read_file, through streamText", async () => {
    h = await startRuntime();
    const file = join(h.home.path, "notes.txt");
    writeFileSync(file, "first line\nsecond line\n");
    const model = await scripted([
      { toolCalls: [{ name: "terminal", arguments: { command: "echo step-one" } }] },
      { toolCalls: [{ name: "read_file", arguments: { path: file } }] },
      { content: "Done: step-one and the notes." },
    ]);
    const tools = toAiSdkTools(h.runtime, { taskId: "ai-sdk-task" });
    expect(Object.keys(tools)).toEqual(expect.arrayContaining(["terminal", "read_file"]));
    expect(Object.keys(tools)).not.toContain("todo");
    const result = streamText({ model, tools, prompt: "do it", stopWhen: stepCountIs(5) });
    expect(await result.text).toBe("Done: step-one and the notes.");
    expect((await result.steps).length).toBe(3);
    const offered = server?.requests[0]?.body.tools?.map((t) => t.function.name) ?? [];
    expect(offered).toEqual(expect.arrayContaining(["terminal", "read_file"]));
    expect(parse(toolMessages(1)[0] ?? "{}")).toMatchObject({ output: "step-one\n" });
    expect(toolMessages(2)[1]).toContain("second line");
  });

  test("aborting the run kills the running command", async () => {
    h = await startRuntime();
    const pidFile = join(h.home.path, "sleep.pid");
    const model = await scripted([
      {
        toolCalls: [
          { name: "terminal", arguments: { command: `echo $$ > ${pidFile}; exec sleep 60` } },
        ],
      },
      { content: "never reached" },
    ]);
    const controller = new AbortController();
    const result = streamText({
      model,
      tools: toAiSdkTools(h.runtime),
      prompt: "sleep",
      stopWhen: stepCountIs(3),
      abortSignal: controller.signal,
    });
    const consumed = result.consumeStream({ onError: () => undefined });
    const pid = await waitForPidFile(pidFile);
    expect(pid).toBeGreaterThan(0);
    pids.push(pid);
    expect(isProcessAlive(pid)).toBe(true);
    controller.abort();
    await consumed;
    expect(await waitUntil(() => !isProcessAlive(pid))).toBe(true);
    expect(server?.requests.length).toBe(1);
  });

  test("the tool list follows the registry: a tool added later appears on the next call", async () => {
    h = await startRuntime({ enabledToolsets: ["hermes-cli", "ai-sdk"] });
    expect(Object.keys(toAiSdkTools(h.runtime))).not.toContain("shout");
    const shout = tool({
      description: "Upper-case a word",
      inputSchema: jsonSchema<{ word: string }>({
        type: "object",
        properties: { word: { type: "string" } },
        required: ["word"],
      }),
      execute: ({ word }) => Promise.resolve({ loud: word.toUpperCase() }),
    });
    h.runtime.registry.register(fromAiSdkTool("shout", shout));
    const tools = toAiSdkTools(h.runtime);
    expect(Object.keys(tools)).toContain("shout");
    expect(await h.runtime.handleFunctionCall("shout", '{"word": "hi"}')).toBe('{"loud":"HI"}');
    h.runtime.registry.deregister("shout");
    expect(Object.keys(toAiSdkTools(h.runtime))).not.toContain("shout");
  });

  test("fromAiSdkTool validates arguments and refuses a tool without execute", async () => {
    h = await startRuntime({ enabledToolsets: ["ai-sdk"] });
    const echo = tool({
      description: "Echo a number",
      inputSchema: jsonSchema<{ n: number }>({
        type: "object",
        properties: { n: { type: "number" } },
        required: ["n"],
      }),
      execute: ({ n }) => Promise.resolve(`n=${n}`),
    });
    h.runtime.registry.register(fromAiSdkTool("echo_n", echo, { toolset: "ai-sdk" }));
    expect(await h.runtime.handleFunctionCall("echo_n", { n: 3 })).toBe("n=3");
    const clientOnly = tool({ description: "x", inputSchema: jsonSchema({ type: "object" }) });
    expect(() => fromAiSdkTool("client_only", clientOnly)).toThrow(/no execute function/);
  });
});
