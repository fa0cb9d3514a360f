import { afterEach, describe, expect, test } from "vitest";
import type { ChildAgentRunner, ChildTask } from "../../src/index.js";
import { parse, startRuntime, type RuntimeHarness } from "../helpers/runtime-harness.js";

let h: RuntimeHarness | undefined;
afterEach(async () => {
  await h?.dispose();
  h = undefined;
});

/** A child runner that really runs a command through the runtime under the child's task id. */
function terminalRunner(seen: ChildTask[]): ChildAgentRunner {
  return async (task) => {
    seen.push(task);
    const result = parse(
      await (h as RuntimeHarness).runtime.handleFunctionCall(
        "terminal",
        { command: `printf '%s' "${task.goal.length}"` },
        { taskId: task.taskId, signal: task.signal },
      ),
    );
    return { summary: `goal has ${String(result.output)} characters`, apiCalls: 1 };
  };
}

describe("delegate_task", () => {
  test("runs one child with its own task id and a restricted toolset; returns its summary", async () => {
    const seen: ChildTask[] = [];
    h = await startRuntime({ childAgentRunner: terminalRunner(seen) });
    const session = await h.runtime.startSession({ toolsets: ["terminal", "memory"] });
    const result = parse(
      await session.handleAgentTool("delegate_task", { goal: "count this", context: "ctx" }),
    );
    const results = result.results as Array<Record<string, unknown>>;
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      task_index: 0,
      status: "completed",
      summary: "goal has 10 characters",
      api_calls: 1,
    });
    expect(seen[0]).toMatchObject({
      goal: "count this",
      context: "ctx",
      depth: 1,
      toolsets: ["terminal", "memory"],
      blockedTools: ["memory"],
      parentSessionId: session.id,
    });
    expect(seen[0]?.taskId).toMatch(new RegExp(`^${session.taskId}-sub0-`));
  });

  test("three tasks run in parallel, never more than the limit at once across calls", async () => {
    let running = 0;
    let peak = 0;
    const release: Array<() => void> = [];
    h = await startRuntime({
      childAgentRunner: async (task) => {
        running++;
        peak = Math.max(peak, running);
        await new Promise<void>((resolve) => release.push(resolve));
        running--;
        return { summary: `done ${task.goal}` };
      },
    });
    const session = await h.runtime.startSession();
    const tasks = [{ goal: "a" }, { goal: "b" }, { goal: "c" }];
    const first = session.handleAgentTool("delegate_task", { tasks });
    const second = session.handleAgentTool("delegate_task", { tasks: [{ goal: "d" }] });
    while (release.length < 3) await new Promise((resolve) => setImmediate(resolve));
    expect(running).toBe(3);
    while (release.length > 0 || running > 0) {
      release.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    const results = parse(await first).results as Array<Record<string, unknown>>;
    expect(results.map((entry) => entry.summary)).toEqual(["done a", "done b", "done c"]);
    expect((parse(await second).results as Array<Record<string, unknown>>)[0]?.summary).toBe(
      "done d",
    );
    expect(peak).toBe(3);
  });

  test("depth: a child at the deepest level cannot delegate, and its children lose delegate_task", async () => {
    const seen: ChildTask[] = [];
    h = await startRuntime({ childAgentRunner: terminalRunner(seen) });
    const child = await h.runtime.startSession({ depth: 1 });
    await child.handleAgentTool("delegate_task", { goal: "grandchild work" });
    expect(seen[0]).toMatchObject({ depth: 2, blockedTools: ["memory", "delegate_task"] });
    const grandchild = await h.runtime.startSession({ depth: 2 });
    expect(
      parse(await grandchild.handleAgentTool("delegate_task", { goal: "too deep" })).error,
    ).toMatch(/not available at depth 2/);
  });

  test("a child that runs too long times out and its work is interrupted", async () => {
    let aborted = false;
    h = await startRuntime({
      delegation: { childTimeoutMs: 200 },
      childAgentRunner: async (task) => {
        const result = await (h as RuntimeHarness).runtime.handleFunctionCall(
          "terminal",
          { command: "sleep 30" },
          { taskId: task.taskId, signal: task.signal },
        );
        aborted = task.signal.aborted;
        return { summary: result };
      },
    });
    const session = await h.runtime.startSession();
    const result = parse(await session.handleAgentTool("delegate_task", { goal: "hang" }));
    const entry = (result.results as Array<Record<string, unknown>>)[0];
    expect(entry).toMatchObject({ status: "timeout", summary: "" });
    expect(String(entry?.error)).toMatch(/did not finish within/);
    await expect.poll(() => aborted).toBe(true);
  });

  test("a failing child is reported as failed; the others still finish", async () => {
    h = await startRuntime({
      childAgentRunner: (task) =>
        task.goal === "bad"
          ? Promise.reject(new Error("model endpoint refused"))
          : Promise.resolve({ summary: "fine" }),
    });
    const session = await h.runtime.startSession();
    const result = parse(
      await session.handleAgentTool("delegate_task", {
        tasks: [{ goal: "bad" }, { goal: "good" }],
      }),
    );
    expect(result.results).toMatchObject([
      { status: "failed", error: "model endpoint refused" },
      { status: "completed", summary: "fine" },
    ]);
  });

  test("bad inputs give clear errors; without a model the default runner fails each child", async () => {
    h = await startRuntime({ childAgentRunner: () => Promise.resolve({ summary: "x" }) });
    const session = await h.runtime.startSession();
    expect(parse(await session.handleAgentTool("delegate_task", {})).error).toMatch(
      /Give a 'goal'/,
    );
    expect(
      parse(
        await session.handleAgentTool("delegate_task", {
          tasks: [{ goal: "1" }, { goal: "2" }, { goal: "3" }, { goal: "4" }],
        }),
      ).error,
    ).toMatch(/At most 3 tasks per call, got 4/);
    expect(
      parse(await session.handleAgentTool("delegate_task", { tasks: [{ context: "no goal" }] }))
        .error,
    ).toBe("tasks[0] needs a non-empty 'goal'.");
    expect(
      parse(await session.handleAgentTool("delegate_task", { goal: "x", max_iterations: 0 })).error,
    ).toMatch(/max_iterations must be a positive whole number/);
    await h.dispose();
    h = await startRuntime();
    const lonely = await h.runtime.startSession();
    const withoutModel = parse(await lonely.handleAgentTool("delegate_task", { goal: "x" }));
    expect((withoutModel.results as Array<Record<string, unknown>>)[0]).toMatchObject({
      status: "failed",
      error: expect.stringMatching(/No model endpoint is configured/) as unknown,
    });
  });
});
