import { readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { waitUntil } from "@hermes-agent/test-utils";
import { createHarness, type Harness } from "./harness.js";

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ settings: { persistent: true, timeout: 2 }, killGraceMs: 300 });
});
afterAll(() => h.close());

describe("persistent Python session (code_execution.persistent)", () => {
  test("variables and imports survive between calls of one task", async () => {
    expect(await h.run({ code: "import math\ncounter = 41" }, { taskId: "t1" })).toMatchObject({
      status: "success",
      output: "",
    });
    const result = await h.run(
      { code: "counter += 1\nprint(counter, math.pi > 3)" },
      { taskId: "t1" },
    );
    expect(result).toMatchObject({ status: "success", output: "42 True\n", exit_code: 0 });
  });

  test("tasks do not share state", async () => {
    const result = await h.run({ code: "print('counter' in globals())" }, { taskId: "t2" });
    expect(result.output).toBe("False\n");
  });

  test("reset starts fresh", async () => {
    await h.run({ code: "kept = 1" }, { taskId: "t3" });
    const result = await h.run(
      { code: "print('kept' in globals())", reset: true },
      { taskId: "t3" },
    );
    expect(result.output).toBe("False\n");
  });

  test("tool calls work in every cell, with a fresh budget each time", async () => {
    const code =
      "from hermes_tools import terminal\nprint(terminal('echo cell')['output'].strip())";
    for (let i = 0; i < 2; i++) {
      expect(await h.run({ code }, { taskId: "t4" })).toMatchObject({
        status: "success",
        output: "cell\n",
        tool_calls_made: 1,
      });
    }
  });

  test("errors keep the session; the traceback is reported", async () => {
    await h.run({ code: "value = 5" }, { taskId: "t5" });
    const failed = await h.run({ code: "raise KeyError('nope')" }, { taskId: "t5" });
    expect(failed.status).toBe("error");
    expect(failed.output).toContain("--- stderr ---");
    expect(failed.error).toContain("KeyError: 'nope'");
    expect((await h.run({ code: "print(value)" }, { taskId: "t5" })).output).toBe("5\n");
  });

  test("output of subprocesses is part of the cell's output", async () => {
    const result = await h.run(
      { code: "import subprocess\nsubprocess.run(['echo', 'from-child'])\nprint('from-python')" },
      { taskId: "t6" },
    );
    expect(result.output).toContain("from-child\n");
    expect(result.output).toContain("from-python\n");
  });

  test("a timeout kills the session; the next call starts fresh", async () => {
    await h.run({ code: "state = 'old'" }, { taskId: "t7" });
    const result = await h.run({ code: "import time\ntime.sleep(30)" }, { taskId: "t7" });
    expect(result).toMatchObject({
      status: "timeout",
      error: "Script timed out after 2s and was killed.",
    });
    expect((await h.run({ code: "print('state' in globals())" }, { taskId: "t7" })).output).toBe(
      "False\n",
    );
  });

  test("sys.exit ends the session with its code", async () => {
    await h.run({ code: "gone = 1" }, { taskId: "t8" });
    expect(await h.run({ code: "import sys\nsys.exit(4)" }, { taskId: "t8" })).toMatchObject({
      status: "error",
      exit_code: 4,
    });
    expect((await h.run({ code: "print('gone' in globals())" }, { taskId: "t8" })).output).toBe(
      "False\n",
    );
  });

  test("JavaScript runs fresh each time", async () => {
    expect(
      await h.run(
        { code: "globalThis.x = 1; console.log(typeof x)", language: "javascript" },
        { taskId: "t1" },
      ),
    ).toMatchObject({ output: "number\n" });
  });

  test("an idle session ends after kernel_idle_timeout", async () => {
    const other = await createHarness({ settings: { persistent: true, kernel_idle_timeout: 1 } });
    try {
      await other.run({ code: "idle = 1" }, { taskId: "i" });
      expect(readdirSync(other.tempRoot.path)).toHaveLength(1);
      expect(
        await waitUntil(() => readdirSync(other.tempRoot.path).length === 0, { timeoutMs: 4000 }),
      ).toBe(true);
      expect(
        (await other.run({ code: "print('idle' in globals())" }, { taskId: "i" })).output,
      ).toBe("False\n");
    } finally {
      await other.close();
    }
  });

  test("closing the executor removes every session", async () => {
    const other = await createHarness({ settings: { persistent: true } });
    await other.run({ code: "a = 1" }, { taskId: "x" });
    expect(readdirSync(other.tempRoot.path)).toHaveLength(1);
    await other.executor.close();
    expect(readdirSync(other.tempRoot.path)).toEqual([]);
    await other.close();
  });
});
