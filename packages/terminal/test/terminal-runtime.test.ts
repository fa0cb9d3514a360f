import { isProcessAlive, killPids, waitUntil } from "@hermes-agent/test-utils";
import { execFile, spawn } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, test } from "vitest";
import {
  createTerminalRuntime,
  resolveTerminalOptions,
  runTerminalTool,
  type TerminalRuntime,
} from "../src/index.js";
import { recordingApprove } from "./tool-harness.js";

const runtimes: TerminalRuntime[] = [];
afterEach(async () => {
  await Promise.all(runtimes.splice(0).map((runtime) => runtime.shutdown()));
});

function make(lifetimeSeconds: number): TerminalRuntime {
  const runtime = createTerminalRuntime({
    settings: resolveTerminalOptions({
      config: { terminal: { lifetime_seconds: lifetimeSeconds, cwd: "/" } },
    }),
    approval: recordingApprove(),
    killGraceMs: 300,
  });
  runtimes.push(runtime);
  return runtime;
}

describe("terminal runtime settings", () => {
  test("a partial settings object is completed from the defaults", async () => {
    const runtime = createTerminalRuntime({
      settings: { cwd: "/", timeoutSeconds: 1 },
      approval: recordingApprove(),
      killGraceMs: 300,
    });
    runtimes.push(runtime);
    expect(runtime.settings.lifetimeSeconds).toBe(300);
    expect(runtime.settings.maxOutputChars).toBeGreaterThan(0);
    const result = await runTerminalTool(runtime, { command: "sleep 5" }, { taskId: "partial" });
    expect(JSON.stringify(result)).not.toContain("NaN");
    expect(JSON.stringify(result)).toMatch(/timed out after 1/);
  });

  test("a setting that is not a positive number is refused by name", () => {
    expect(() => createTerminalRuntime({ settings: { timeoutSeconds: Number.NaN } })).toThrow(
      /timeoutSeconds must be a positive number/,
    );
  });
});

describe("terminal runtime", () => {
  test("one environment per task, created once", async () => {
    const runtime = make(300);
    const [a1, a2, b] = await Promise.all([
      runtime.environment("a"),
      runtime.environment("a"),
      runtime.environment("b"),
    ]);
    expect(a1).toBe(a2);
    expect(a1).not.toBe(b);
  });

  test("idle environments are reaped after the lifetime, unless a background process runs", async () => {
    const runtime = make(1);
    await runTerminalTool(runtime, { command: "cd /tmp && export KEEP=1" }, { taskId: "idle" });
    const busy = await runTerminalTool(
      runtime,
      { command: "sleep 60", background: true },
      { taskId: "busy" },
    );
    expect(busy.session_id).toBeDefined();
    // Whether "idle" is already past its lifetime depends on the machine's speed; "busy"
    // must never be reaped while its background process runs.
    const reaped: string[] = [];
    expect(
      await waitUntil(
        async () => {
          reaped.push(...(await runtime.reapIdle()));
          return reaped.includes("idle");
        },
        { timeoutMs: 5000, intervalMs: 200 },
      ),
    ).toBe(true);
    expect(reaped).not.toContain("busy");
    expect(runtime.processes.hasRunning("busy")).toBe(true);
    // A reaped task starts afresh.
    expect(
      (await runTerminalTool(runtime, { command: 'echo "[$KEEP] $(pwd)"' }, { taskId: "idle" }))
        .output,
    ).toBe("[] /\n");
  });

  test("a long foreground command keeps its task from being reaped", async () => {
    const runtime = make(1);
    const running = runTerminalTool(
      runtime,
      { command: "sleep 3; echo finished" },
      { taskId: "long" },
    );
    await waitUntil(async () => (await runtime.reapIdle()).length > 0, {
      timeoutMs: 2500,
      intervalMs: 200,
    });
    expect(await running).toMatchObject({ output: "finished\n", exit_code: 0 });
  });

  test("releaseTask kills the task's processes only", async () => {
    const runtime = make(300);
    const a = await runTerminalTool(
      runtime,
      { command: "sleep 60", background: true },
      { taskId: "a" },
    );
    const b = await runTerminalTool(
      runtime,
      { command: "sleep 60", background: true },
      { taskId: "b" },
    );
    await runtime.releaseTask("a");
    expect(await waitUntil(() => !isProcessAlive(a.pid as number))).toBe(true);
    expect(isProcessAlive(b.pid as number)).toBe(true);
  });

  test("exiting the process kills every background process", async () => {
    const child = path.join(import.meta.dirname, "fixtures", "exit-hook-child.ts");
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--conditions=@hermes-agent/source", "--import", "tsx", child],
      {
        cwd: path.dirname(import.meta.dirname),
        timeout: 30_000,
      },
    );
    const { pid } = JSON.parse(stdout.trim()) as { pid: number };
    try {
      expect(pid).toBeGreaterThan(0);
      expect(await waitUntil(() => !isProcessAlive(pid))).toBe(true);
    } finally {
      killPids([pid]);
    }
  });

  test.each([
    ["SIGTERM", false],
    ["SIGINT", false],
    ["SIGHUP", false],
    ["SIGTERM", true],
  ] as const)(
    "dying of %s kills every background process (two copies of the package: %s)",
    async (signal, twoCopies) => {
      const child = spawn(
        process.execPath,
        [
          "--conditions=@hermes-agent/source",
          "--import",
          "tsx",
          path.join(import.meta.dirname, "fixtures", "signal-child.ts"),
          ...(twoCopies ? ["--two-copies"] : []),
        ],
        { cwd: path.dirname(import.meta.dirname), stdio: ["ignore", "pipe", "inherit"] },
      );
      let exitSignal: NodeJS.Signals | null | undefined;
      child.once("exit", (_code, sig) => {
        exitSignal = sig;
      });
      let stdout = "";
      child.stdout.setEncoding("utf8");
      child.stdout.on("data", (chunk: string) => {
        stdout += chunk;
      });
      let pids: number[] = [];
      try {
        expect(await waitUntil(() => stdout.includes("\n"), { timeoutMs: 30_000 })).toBe(true);
        pids = (JSON.parse(stdout.trim()) as { pids: number[] }).pids;
        expect(pids).toHaveLength(twoCopies ? 2 : 1);
        expect(pids.every((pid) => isProcessAlive(pid))).toBe(true);
        child.kill(signal);
        // The process must still die of the signal, not ignore it.
        expect(await waitUntil(() => exitSignal !== undefined)).toBe(true);
        expect(exitSignal).toBe(signal);
        expect(await waitUntil(() => pids.every((pid) => !isProcessAlive(pid)))).toBe(true);
      } finally {
        child.kill("SIGKILL");
        // Each pid leads a process group; a failure must not leave its members behind.
        killPids(pids.map((pid) => -pid));
      }
    },
  );
});
