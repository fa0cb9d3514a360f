import { existsSync } from "node:fs";
import path from "node:path";
import { waitUntil } from "@hermes-agent/test-utils";
import { afterEach, describe, expect, test } from "vitest";
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

/** Abort `signal`'s controller once `marker` exists (the tool has printed its first line). */
async function abortWhen(marker: string, controller: AbortController): Promise<void> {
  expect(await waitUntil(() => existsSync(marker), { timeoutMs: 20_000 })).toBe(true);
  controller.abort(new Error("interrupted by the user"));
}

describe("an interrupted call answers with what the tool did so far", () => {
  test("terminal: the output so far, [Command interrupted] and exit code 130", async () => {
    const { runtime, home } = await start();
    const marker = path.join(home.path, "printed");
    const controller = new AbortController();
    const pending = runtime.handleFunctionCall(
      "terminal",
      { command: `echo before; touch ${marker}; sleep 30; echo after` },
      { taskId: "t1", signal: controller.signal },
    );
    await abortWhen(marker, controller);
    const result = parse(await pending);
    expect(result.exit_code).toBe(130);
    expect(result.output).toContain("before");
    expect(result.output).toContain("[Command interrupted]");
    expect(result.output).not.toContain("after");
  });

  test("execute_code: the printed output, the interrupted marker and status interrupted", async () => {
    const { runtime, home } = await start({ approval: () => Promise.resolve("once" as const) });
    const marker = path.join(home.path, "started");
    const code = [
      "import time, pathlib",
      'print("start", flush=True)',
      `pathlib.Path(${JSON.stringify(marker)}).touch()`,
      "time.sleep(30)",
      'print("end")',
    ].join("\n");
    const controller = new AbortController();
    const pending = runtime.handleFunctionCall(
      "execute_code",
      { code },
      { taskId: "t2", signal: controller.signal },
    );
    await abortWhen(marker, controller);
    const result = parse(await pending);
    expect(result.status).toBe("interrupted");
    expect(result.output).toContain("start");
    expect(result.output).toContain("[execution interrupted");
    expect(result.output).not.toContain("end");
  });

  test("process wait: status interrupted with the output so far; the process keeps running", async () => {
    const { runtime, home } = await start();
    const marker = path.join(home.path, "bg");
    const started = parse(
      await runtime.handleFunctionCall(
        "terminal",
        { command: `echo working; touch ${marker}; sleep 30`, background: true },
        { taskId: "t3" },
      ),
    );
    const sessionId = String(started.session_id);
    const poll = async () =>
      parse(
        await runtime.handleFunctionCall(
          "process",
          { action: "poll", session_id: sessionId },
          { taskId: "t3" },
        ),
      );
    // The process registry reads the output asynchronously: wait until it holds the line.
    expect(
      await waitUntil(async () => String((await poll()).output_preview).includes("working"), {
        timeoutMs: 20_000,
      }),
    ).toBe(true);
    const controller = new AbortController();
    const pending = runtime.handleFunctionCall(
      "process",
      { action: "wait", session_id: sessionId, timeout: 60 },
      { taskId: "t3", signal: controller.signal },
    );
    await abortWhen(marker, controller);
    const result = parse(await pending);
    expect(result).toMatchObject({
      status: "interrupted",
      note: "Wait interrupted; the process is still running",
    });
    expect(result.output).toContain("working");
    expect((await poll()).status).toBe("running");
  });
});
