import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { detectDangerousCommand, initializeDetector } from "@hermes-agent/approval";
import { isProcessAlive, killPids, waitForPidFile, waitUntil } from "@hermes-agent/test-utils";
import { Agent, OpenAIProvider, RunContext, Runner } from "@openai/agents";
import { afterEach, describe, expect, test } from "vitest";
import { toOpenAIAgentsTools } from "../../src/adapters/openai-agents.js";
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

async function scriptedRunner(script: Script): Promise<Runner> {
  server = await startScriptedModelServer(script);
  const modelProvider = new OpenAIProvider({
    apiKey: "test-key",
    baseURL: server.baseURL,
    useResponses: false,
  });
  return new Runner({ modelProvider, tracingDisabled: true });
}

function toolOutputs(index: number): string[] {
  const messages = server?.requests[index]?.body.messages ?? [];
  return messages.filter((m) => m.role === "tool").map((m) => String(m.content));
}

/** A temp dir with a marker file, and a recursive delete of it the detector flags. */
function deletableDir(home: string): { dir: string; marker: string; command: string } {
  const dir = join(home, "disposable-dir");
  mkdirSync(dir);
  const marker = join(dir, "marker.txt");
  writeFileSync(marker, "still here");
  return { dir, marker, command: `rm -rf ${dir}` };
}

describe("toOpenAIAgentsTools", () => {
  test("a two-step task: terminal then read_file", async () => {
    h = await startRuntime();
    const file = join(h.home.path, "notes.txt");
    writeFileSync(file, "alpha\nbeta\n");
    const runner = await scriptedRunner([
      { toolCalls: [{ name: "terminal", arguments: { command: "echo agents-step" } }] },
      { toolCalls: [{ name: "read_file", arguments: { path: file } }] },
      { content: "All done." },
    ]);
    const agent = new Agent({
      name: "worker",
      model: "scripted-model",
      tools: toOpenAIAgentsTools(h.runtime, { taskId: "agents-task" }),
    });
    const result = await runner.run(agent, "do it", { stream: true });
    await result.completed;
    expect(result.finalOutput).toBe("All done.");
    expect(parse(toolOutputs(1)[0] ?? "{}")).toMatchObject({ output: "agents-step\n" });
    expect(toolOutputs(2)[1]).toContain("beta");
  });

  test("a dangerous command is an interruption: rejected it never runs, approved it runs once", async () => {
    h = await startRuntime();
    const { dir, marker, command } = deletableDir(h.home.path);
    await initializeDetector();
    const match = detectDangerousCommand(command);
    expect(match).not.toBeNull();
    expect(match?.hardline).toBe(false);
    const script: Script = [
      { toolCalls: [{ name: "terminal", arguments: { command }, id: "call_1" }] },
      { content: "It was refused." },
      { toolCalls: [{ name: "terminal", arguments: { command }, id: "call_2" }] },
      { content: "Deleted." },
    ];
    const runner = await scriptedRunner(script);
    const agent = new Agent({
      name: "worker",
      model: "scripted-model",
      tools: toOpenAIAgentsTools(h.runtime),
    });

    const first = await runner.run(agent, "clean up", { stream: true });
    await first.completed;
    expect(first.interruptions).toHaveLength(1);
    expect(first.interruptions[0]?.name).toBe("terminal");
    expect(existsSync(marker)).toBe(true);
    first.state.reject(first.interruptions[0]!);
    const denied = await runner.run(agent, first.state, { stream: true });
    await denied.completed;
    expect(denied.finalOutput).toBe("It was refused.");
    expect(existsSync(marker)).toBe(true);

    const second = await runner.run(agent, "clean up again", { stream: true });
    await second.completed;
    expect(second.interruptions).toHaveLength(1);
    second.state.approve(second.interruptions[0]!);
    const approved = await runner.run(agent, second.state, { stream: true });
    await approved.completed;
    expect(approved.finalOutput).toBe("Deleted.");
    expect(existsSync(dir)).toBe(false);
    // The approval was for that call only: the session holds no approval of the rule.
    expect(h.runtime.approval.isApproved("default", match!.patternKey)).toBe(false);
  });

  test("a dangerous call invoked outside a run's approval is left to the runtime (deny)", async () => {
    h = await startRuntime();
    const { marker, command } = deletableDir(h.home.path);
    const terminal = toOpenAIAgentsTools(h.runtime).find((t) => t.name === "terminal");
    const output: unknown = await terminal?.invoke(new RunContext(), JSON.stringify({ command }));
    expect(String(output)).toMatch(/denied|blocked|approv/i);
    expect(existsSync(marker)).toBe(true);
  });

  test("a harmless command needs no approval", async () => {
    h = await startRuntime();
    const runner = await scriptedRunner([
      { toolCalls: [{ name: "terminal", arguments: { command: "echo safe" } }] },
      { content: "ok" },
    ]);
    const agent = new Agent({ name: "w", model: "m", tools: toOpenAIAgentsTools(h.runtime) });
    const result = await runner.run(agent, "go", { stream: true });
    await result.completed;
    expect(result.interruptions).toHaveLength(0);
    expect(result.finalOutput).toBe("ok");
  });

  test("aborting the run kills the running command", async () => {
    h = await startRuntime();
    const pidFile = join(h.home.path, "sleep.pid");
    const runner = await scriptedRunner([
      {
        toolCalls: [
          { name: "terminal", arguments: { command: `echo $$ > ${pidFile}; exec sleep 60` } },
        ],
      },
      { content: "never reached" },
    ]);
    const agent = new Agent({ name: "w", model: "m", tools: toOpenAIAgentsTools(h.runtime) });
    const controller = new AbortController();
    const result = await runner.run(agent, "sleep", { stream: true, signal: controller.signal });
    const finished = result.completed.catch(() => undefined);
    const pid = await waitForPidFile(pidFile);
    expect(pid).toBeGreaterThan(0);
    pids.push(pid);
    expect(isProcessAlive(pid)).toBe(true);
    controller.abort();
    await finished;
    expect(await waitUntil(() => !isProcessAlive(pid))).toBe(true);
    expect(server?.requests.length).toBe(1);
  });
});
