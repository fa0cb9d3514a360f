import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { isProcessAlive, killPids, waitForPidFile, waitUntil } from "@hermes-agent/test-utils";
import { ToolMessage } from "@langchain/core/messages";
import { afterEach, describe, expect, test } from "vitest";
import { toLangChainTools } from "../../src/adapters/langchain.js";
import { parse, startRuntime, type RuntimeHarness } from "../helpers/runtime-harness.js";

let h: RuntimeHarness | undefined;
const pids: number[] = [];
afterEach(async () => {
  killPids(pids.splice(0));
  await h?.dispose();
  h = undefined;
});

function byName(tools: ReturnType<typeof toLangChainTools>, name: string) {
  const found = tools.find((t) => t.name === name);
  if (found === undefined) throw new Error(`no ${name} tool`);
  return found;
}

describe("toLangChainTools", () => {
  test("a two-step task: terminal then read_file, invoked as model tool calls", async () => {
    h = await startRuntime();
    const file = join(h.home.path, "notes.txt");
    writeFileSync(file, "gamma\ndelta\n");
    const tools = toLangChainTools(h.runtime, { taskId: "lc-task" });
    expect(tools.map((t) => t.name)).not.toContain("todo");
    const terminal = byName(tools, "terminal");
    expect(terminal.schema).toMatchObject({ type: "object" });
    const first: unknown = await terminal.invoke({
      type: "tool_call",
      id: "call_1",
      name: "terminal",
      args: { command: "echo lc-step" },
    });
    expect(first).toBeInstanceOf(ToolMessage);
    const message = first as ToolMessage;
    expect(message.tool_call_id).toBe("call_1");
    expect(parse(String(message.content))).toMatchObject({ output: "lc-step\n" });
    const second: unknown = await byName(tools, "read_file").invoke({ path: file });
    expect(String(second)).toContain("delta");
  });

  test("dangerous commands go to the runtime's approval (deny here): the call is refused", async () => {
    h = await startRuntime();
    const target = join(h.home.path, "nonexistent-hermes-test-dir");
    const result: unknown = await byName(toLangChainTools(h.runtime), "terminal").invoke({
      command: `rm -rf ${target}`,
    });
    expect(String(result)).toMatch(/denied|blocked|approv/i);
  });

  test("aborting the run kills the running command", async () => {
    h = await startRuntime();
    const pidFile = join(h.home.path, "sleep.pid");
    const controller = new AbortController();
    const running = byName(toLangChainTools(h.runtime), "terminal")
      .invoke({ command: `echo $$ > ${pidFile}; exec sleep 60` }, { signal: controller.signal })
      .catch((error: unknown) => error);
    const pid = await waitForPidFile(pidFile);
    expect(pid).toBeGreaterThan(0);
    pids.push(pid);
    controller.abort();
    await running;
    expect(await waitUntil(() => !isProcessAlive(pid))).toBe(true);
  });

  test("the tool list follows the registry generation", async () => {
    h = await startRuntime({ enabledToolsets: ["hermes-cli", "extra"] });
    expect(toLangChainTools(h.runtime).map((t) => t.name)).not.toContain("ping");
    h.runtime.registry.register({
      name: "ping",
      toolset: "extra",
      schema: { name: "ping", description: "Answer pong", parameters: { type: "object" } },
      handler: () => "pong",
    });
    const ping = byName(toLangChainTools(h.runtime), "ping");
    expect(await ping.invoke({})).toBe("pong");
  });
});
