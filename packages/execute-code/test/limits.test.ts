import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { isProcessAlive, killPids, waitUntil } from "@hermes-agent/test-utils";
import { createHarness, type Harness } from "./harness.js";

let h: Harness;
const started: number[] = [];
beforeAll(async () => {
  h = await createHarness({ settings: { timeout: 1 }, killGraceMs: 300 });
});
afterAll(async () => {
  killPids(started);
  await h.close();
});

function pidFrom(file: string): number {
  const pid = Number(readFileSync(path.join(h.workDir.path, file), "utf8").trim());
  started.push(pid);
  return pid;
}

function stagingLeft(): string[] {
  return readdirSync(h.tempRoot.path);
}

describe("the registry's default limit", () => {
  test("does not cut a script that is within code_execution.timeout", async () => {
    // The registry's default (300 s in Hermes) is shorter here than the script; the tool's own
    // limit, its timeout plus cleanup time, applies instead.
    const short = await createHarness({ settings: { timeout: 5 } }, { defaultTimeoutMs: 200 });
    try {
      const result = await short.run(
        { code: "import time\ntime.sleep(0.6)\nprint('finished')" },
        { signal: new AbortController().signal },
      );
      expect(result["status"]).toBe("success");
      expect(String(result["output"]).trim()).toBe("finished");
    } finally {
      await short.close();
    }
  });
});

describe("timeout", () => {
  test("kills the script and its grandchildren, keeps what was printed", async () => {
    const code = [
      "import subprocess, time",
      'subprocess.Popen(["bash", "-c", "sleep 60 & echo $! > grandchild.pid; wait"])',
      "while True:",
      "    try:",
      '        if open("grandchild.pid").read().strip(): break',
      "    except OSError: pass",
      "    time.sleep(0.01)",
      'print("started")',
      "time.sleep(60)",
    ].join("\n");
    const result = await h.run({ code });
    expect(result.status).toBe("timeout");
    expect(result.error).toBe("Script timed out after 1s and was killed.");
    expect(result.output).toBe("started\n\n\n⏰ Script timed out after 1s and was killed.");
    const grandchild = pidFrom("grandchild.pid");
    expect(await waitUntil(() => !isProcessAlive(grandchild), { timeoutMs: 3000 })).toBe(true);
    expect(stagingLeft()).toEqual([]);
  });

  test("a script ignoring SIGTERM is killed after the grace period", async () => {
    const code = [
      "import os, signal, time",
      "signal.signal(signal.SIGTERM, signal.SIG_IGN)",
      'open("stubborn.pid", "w").write(str(os.getpid()))',
      "time.sleep(60)",
    ].join("\n");
    const result = await h.run({ code });
    expect(result.status).toBe("timeout");
    expect(result.output).toBe("⏰ Script timed out after 1s and was killed.");
    expect(isProcessAlive(pidFrom("stubborn.pid"))).toBe(false);
    expect(result.duration_seconds).toBeGreaterThanOrEqual(1.2);
  });
});

describe("interrupt", () => {
  test("an aborted signal stops the script with Hermes' marker", async () => {
    const controller = new AbortController();
    const marker = path.join(h.workDir.path, "running.flag");
    const code = [
      "import time",
      'print("partial", flush=True)',
      'open("running.flag", "w").close()',
      "time.sleep(30)",
    ].join("\n");
    const running = h.executor.run({ code, signal: controller.signal });
    expect(await waitUntil(() => existsSync(marker), { timeoutMs: 5000 })).toBe(true);
    controller.abort("user sent a new message");
    const result = await running;
    expect(result.status).toBe("interrupted");
    expect("output" in result && result.output).toBe(
      "partial\n\n[execution interrupted — user sent a new message]",
    );
    expect(stagingLeft()).toEqual([]);
  });

  test("without a reason the marker is plain", async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await h.executor.run({ code: "print(1)", signal: controller.signal });
    expect(result).toMatchObject({ status: "interrupted", output: "[execution interrupted]" });
  });

  test("a dispatch aborted through the registry still cleans up", async () => {
    const controller = new AbortController();
    const marker = path.join(h.workDir.path, "registry.flag");
    const running = h.run(
      { code: 'open("registry.flag", "w").close()\nimport time\ntime.sleep(30)' },
      { signal: controller.signal },
    );
    expect(await waitUntil(() => existsSync(marker), { timeoutMs: 5000 })).toBe(true);
    controller.abort();
    // The registry waits for the tool's own answer: the interrupted result, not "cancelled".
    expect(await running).toMatchObject({ status: "interrupted" });
    expect(await waitUntil(() => stagingLeft().length === 0, { timeoutMs: 5000 })).toBe(true);
  });
});

describe("call cap and output caps", () => {
  // These scripts run to completion; the 1 s timeout of the tests above would be too tight.
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  test("the 51st tool call gets Hermes' limit error", async () => {
    const code = [
      "from hermes_tools import terminal",
      "results = [terminal('true') for _ in range(51)]",
      "print(results[49].get('exit_code'), results[50])",
    ].join("\n");
    const result = await h.run({ code });
    expect(result.status).toBe("success");
    expect(result.tool_calls_made).toBe(50);
    expect(result.output).toBe(
      "0 {'error': 'Tool call limit reached (50). No more tool calls allowed in this execution.'}\n",
    );
  });

  test("stdout over 50 KB keeps 40% head and 60% tail with a marker", async () => {
    const code = 'import sys\nsys.stdout.write("HEAD" + "a" * 40000 + "b" * 40000 + "TAIL")';
    const result = await h.run({ code });
    const output = result.output as string;
    expect(result).toMatchObject({
      status: "success",
      stdout_truncated: true,
      stdout_bytes_total: 80008,
      stdout_bytes_captured: 50000,
      stdout_bytes_omitted: 30008,
    });
    expect(output.startsWith("HEAD" + "a".repeat(19996))).toBe(true);
    expect(output.endsWith("b".repeat(29996) + "TAIL")).toBe(true);
    expect(output).toContain("[OUTPUT TRUNCATED - 30008 bytes omitted out of 80008 total]");
    expect(result.warning).toMatch(/^execute_code stdout was truncated/);
  });

  test("small output is not truncated", async () => {
    const result = await h.run({ code: 'print("x" * 1000)' });
    expect(result).toMatchObject({ stdout_truncated: false, stdout_bytes_omitted: 0 });
    expect(result.warning).toBeUndefined();
  });

  test("stderr is capped at 10 KB", async () => {
    const code = 'import sys\nsys.stderr.write("E" * 30000)\nsys.exit(2)';
    const result = await h.run({ code });
    expect(result.status).toBe("error");
    expect(result.output).toBe(`\n--- stderr ---\n${"E".repeat(10000)}`);
  });
});

describe("cleanup", () => {
  test("a crashing interpreter leaves nothing behind", async () => {
    const result = await h.run({ code: "import os, signal\nos.kill(os.getpid(), signal.SIGKILL)" });
    expect(result).toMatchObject({
      status: "error",
      exit_code: 137,
      error: "Script exited with code 137",
    });
    expect(stagingLeft()).toEqual([]);
  });

  test("a background process the script leaves running is killed with it", async () => {
    const code =
      'import subprocess\np = subprocess.Popen(["sleep", "60"])\nopen("left.pid", "w").write(str(p.pid))\nprint("bye")';
    const result = await h.run({ code });
    expect(result.status).toBe("success");
    const left = pidFrom("left.pid");
    expect(await waitUntil(() => !isProcessAlive(left), { timeoutMs: 3000 })).toBe(true);
    expect(stagingLeft()).toEqual([]);
  });
});

describe("agent exit", () => {
  test("a script still running when the agent process exits is killed", async () => {
    const { execFile } = await import("node:child_process");
    const { createTempDir } = await import("@hermes-agent/test-utils");
    const { testPython } = await import("./harness.js");
    const work = await createTempDir("hermes-ec-exit-");
    try {
      const fixture = new URL("fixtures/exit-while-running.ts", import.meta.url).pathname;
      await new Promise<void>((resolve, reject) => {
        execFile(
          process.execPath,
          [
            "--conditions=@hermes-agent/source",
            "--import",
            "tsx",
            fixture,
            work.path,
            testPython(),
          ],
          { cwd: new URL("..", import.meta.url).pathname, timeout: 30_000 },
          (error) => (error === null ? resolve() : reject(error)),
        );
      });
      const pid = Number(readFileSync(path.join(work.path, "script.pid"), "utf8"));
      started.push(pid);
      expect(await waitUntil(() => !isProcessAlive(pid), { timeoutMs: 3000 })).toBe(true);
    } finally {
      await work.remove();
    }
  }, 40_000);
});
