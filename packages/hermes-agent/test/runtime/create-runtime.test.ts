import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createTempDir, isProcessAlive, waitUntil } from "@hermes-agent/test-utils";
import { afterEach, describe, expect, test } from "vitest";
import { defineToolPackage, HermesAgentError } from "../../src/index.js";
import { parse, startRuntime, type RuntimeHarness } from "../helpers/runtime-harness.js";

const harnesses: RuntimeHarness[] = [];
async function start(...args: Parameters<typeof startRuntime>): Promise<RuntimeHarness> {
  const harness = await startRuntime(...args);
  harnesses.push(harness);
  return harness;
}
afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((harness) => harness.dispose()));
});

describe("composition", () => {
  test("the model is shown the terminal tools and the agent-loop tools of hermes-cli", async () => {
    const { runtime } = await start();
    const names = runtime.getToolDefinitions().map((definition) => definition.function.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "terminal",
        "process",
        "todo",
        "memory",
        "session_search",
        "delegate_task",
      ]),
    );
    const onlyTerminal = runtime.getToolDefinitions({ enabled: ["terminal"] });
    expect(onlyTerminal.map((definition) => definition.function.name)).toEqual([
      "process",
      "terminal",
    ]);
    const withoutMemory = runtime.getToolDefinitions({ disabled: ["memory"] });
    expect(withoutMemory.map((definition) => definition.function.name)).not.toContain("memory");
  });

  test("agent-loop tools reaching dispatch return Hermes' error", async () => {
    const { runtime } = await start();
    for (const name of ["todo", "memory", "session_search", "delegate_task"]) {
      expect(parse(await runtime.handleFunctionCall(name, {}))).toEqual({
        error: `${name} must be handled by the agent loop`,
      });
    }
  });

  test("an application's own tool takes the same pipeline", async () => {
    const { runtime } = await start();
    runtime.registry.register({
      name: "app_tool",
      toolset: "app",
      schema: { parameters: { type: "object", properties: {} } },
      handler: () => JSON.stringify({ ok: true }),
    });
    runtime.hooks.registerHook("pre_tool_call", (payload) =>
      payload.toolName === "app_tool"
        ? { action: "block", message: "app tools are paused" }
        : undefined,
    );
    expect(parse(await runtime.handleFunctionCall("app_tool", {}))).toEqual({
      error: "app tools are paused",
    });
  });

  test("a runtime runs real commands through the terminal tool in its cwd", async () => {
    const { runtime, home } = await start();
    const result = parse(await runtime.handleFunctionCall("terminal", { command: "pwd" }));
    expect(result).toMatchObject({ exit_code: 0, output: `${home.path}\n` });
  });

  test("a cwd written with ~ is the home of the runtime's environment (local backend)", async () => {
    const userHomeDir = await createTempDir("hermes-agent-user-home-");
    try {
      mkdirSync(path.join(userHomeDir.path, "proj"));
      const { runtime } = await start({
        cwd: "~/proj",
        env: { PATH: process.env.PATH, HOME: userHomeDir.path, LANG: "C.UTF-8" },
      });
      const result = parse(await runtime.handleFunctionCall("terminal", { command: "pwd" }));
      expect(result).toMatchObject({
        exit_code: 0,
        output: `${path.join(userHomeDir.path, "proj")}\n`,
      });
    } finally {
      await Promise.all(harnesses.splice(0).map((harness) => harness.dispose()));
      await userHomeDir.remove();
    }
  });
});

describe("approval of dangerous commands", () => {
  function victim(harness: RuntimeHarness): { dir: string; marker: string } {
    const dir = path.join(harness.home.path, "victim");
    mkdirSync(dir);
    const marker = path.join(dir, "marker");
    writeFileSync(marker, "still here");
    return { dir, marker };
  }

  test('with approval "deny" a dangerous command is refused and nothing runs', async () => {
    const harness = await start({ approval: "deny" });
    const { dir, marker } = victim(harness);
    const result = parse(
      await harness.runtime.handleFunctionCall("terminal", { command: `rm -rf ${dir}` }),
    );
    expect(result).toMatchObject({ exit_code: -1, status: "blocked" });
    expect(existsSync(marker)).toBe(true);
  });

  test("a human prompt answering once lets it run; the prompt saw the command", async () => {
    const asked: string[] = [];
    const harness = await start({
      approval: (request) => {
        asked.push(request.command);
        return Promise.resolve("once");
      },
    });
    const { dir, marker } = victim(harness);
    const result = parse(
      await harness.runtime.handleFunctionCall("terminal", { command: `rm -rf ${dir}` }),
    );
    expect(result).toMatchObject({ exit_code: 0 });
    expect(asked).toEqual([`rm -rf ${dir}`]);
    expect(existsSync(marker)).toBe(false);
  });
});

describe("isolation", () => {
  test("two runtimes in one process share no tools, hooks, approvals or task state", async () => {
    const a = await start({
      approval: () => Promise.resolve("session"),
    });
    const b = await start({ approval: "deny" });
    a.runtime.registry.register({
      name: "only_in_a",
      toolset: "app",
      schema: { parameters: { type: "object", properties: {} } },
      handler: () => "{}",
    });
    a.runtime.hooks.registerHook("pre_tool_call", () => ({
      action: "block",
      message: "a says no",
    }));
    expect(b.runtime.registry.hasTool("only_in_a")).toBe(false);
    expect(parse(await b.runtime.handleFunctionCall("only_in_a", {}))).toEqual({
      error: "Unknown tool: only_in_a",
    });
    expect(
      parse(await b.runtime.handleFunctionCall("terminal", { command: "echo b" })),
    ).toMatchObject({ output: "b\n" });
    a.runtime.approval.approveSession("shared", "recursive delete");
    expect(a.runtime.approval.isApproved("shared", "recursive delete")).toBe(true);
    expect(b.runtime.approval.isApproved("shared", "recursive delete")).toBe(false);
    expect(a.runtime.registry).not.toBe(b.runtime.registry);
    a.runtime.toolsets.define({ name: "ops", description: "Ops tools", tools: ["terminal"] });
    expect(a.runtime.getToolDefinitions({ enabled: ["ops"] }).map((d) => d.function.name)).toEqual([
      "terminal",
    ]);
    expect(b.runtime.getToolDefinitions({ enabled: ["ops"] })).toEqual([]);
  });
});

describe("tool packages", () => {
  test("a package that is not installed is absent; an installed one registers and is closed", async () => {
    const closed: string[] = [];
    const { runtime } = await start({
      toolPackages: [
        defineToolPackage({
          name: "@hermes-agent/not-a-real-package",
          load: () => import("@hermes-agent/not-a-real-package" as string),
          register: () => undefined,
        }),
        defineToolPackage({
          name: "example-tools",
          load: () => Promise.resolve({ greeting: "hello" }),
          register: (module, ctx) => {
            ctx.registry.register({
              name: "greet",
              toolset: "example",
              schema: { parameters: { type: "object", properties: {} } },
              handler: () => JSON.stringify({ text: module.greeting }),
            });
            return { close: () => void closed.push("example-tools") };
          },
        }),
      ],
    });
    expect(parse(await runtime.handleFunctionCall("greet", {}))).toEqual({ text: "hello" });
    await runtime.close();
    expect(closed).toEqual(["example-tools"]);
  });

  test("a package whose registration throws fails createRuntime with a clear error", async () => {
    await expect(
      start({
        toolPackages: [
          defineToolPackage({
            name: "broken-tools",
            load: () => Promise.resolve({}),
            register: () => {
              throw new Error("schema missing");
            },
          }),
        ],
      }),
    ).rejects.toSatisfy(
      (error: unknown) =>
        HermesAgentError.isInstance(error) && /schema missing/.test(error.message),
    );
  });
});

describe("close", () => {
  test("close() kills background processes (checked by pid) and is idempotent", async () => {
    const { runtime } = await start();
    const started = parse(
      await runtime.handleFunctionCall(
        "terminal",
        { command: "sleep 300", background: true },
        { taskId: "bg" },
      ),
    );
    const pid = started.pid as number;
    expect(typeof pid).toBe("number");
    expect(isProcessAlive(pid)).toBe(true);
    await Promise.all([runtime.close(), runtime.close()]);
    expect(await waitUntil(() => !isProcessAlive(pid), { timeoutMs: 5000 })).toBe(true);
    expect(runtime.closed).toBe(true);
    expect(
      parse(await runtime.handleFunctionCall("terminal", { command: "echo x" })).error,
    ).toMatch(/runtime is closed/);
  });

  test("aborting the runtime's signal closes it", async () => {
    const controller = new AbortController();
    const { runtime } = await start({ signal: controller.signal });
    controller.abort();
    expect(runtime.closed).toBe(true);
  });

  test("an already aborted signal refuses to start", async () => {
    await expect(start({ signal: AbortSignal.abort() })).rejects.toThrow();
  });
});
