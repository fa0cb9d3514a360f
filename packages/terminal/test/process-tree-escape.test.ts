import { createTempDir, isProcessAlive, killPids, type TempDir } from "@hermes-agent/test-utils";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { pollUntil } from "../src/testing/index.js";
import {
  createLocalEnvironment,
  createTerminalRuntime,
  resolveTerminalOptions,
  runProcessTool,
  runTerminalTool,
  type Environment,
  type LocalEnvironmentOptions,
} from "../src/index.js";
import { recordingApprove } from "./tool-harness.js";
import { ALL_ESCAPES, leftPids, namespacedPidAlive, TREE_ESCAPES } from "./tree-escapes.js";

interface Variant {
  readonly name: string;
  readonly options: LocalEnvironmentOptions;
  /** Whether a pid a command printed is alive (host pids, or pids inside a namespace). */
  readonly alive: (pid: number) => boolean;
}

const VARIANTS: readonly Variant[] = [
  { name: "launcher (no sandbox)", options: {}, alive: isProcessAlive },
  {
    name: "sandbox (PID namespace)",
    options: { backendOptions: { sandbox: "workspace-write" } },
    alive: namespacedPidAlive,
  },
];

let dir: TempDir;
const started = new Set<number>();
beforeAll(async () => {
  dir = await createTempDir();
});
afterAll(async () => {
  killPids(started);
  await dir.remove();
});

describe.each(VARIANTS)("processes that try to leave the tree: $name", (variant) => {
  const make = (): Promise<Environment> =>
    createLocalEnvironment({ cwd: dir.path, killGraceMs: 300, ...variant.options });
  const allDead = (pids: readonly number[]): Promise<boolean> =>
    pollUntil(() => pids.every((pid) => !variant.alive(pid)));
  const track = (pids: number[]): number[] => {
    if (variant.alive === isProcessAlive) for (const pid of pids) started.add(pid);
    return pids;
  };

  test("a finished foreground command may leave detached children, which the task's release kills", async () => {
    const env = await make();
    try {
      const result = await env.execute(ALL_ESCAPES);
      expect(result.exitCode).toBe(0);
      const pids = track(leftPids(result.output));
      expect(pids).toHaveLength(TREE_ESCAPES.length);
      // Like Hermes, children that let go of the output outlive the command ...
      expect(pids.every((pid) => variant.alive(pid))).toBe(true);
      // ... and stay reachable by their pid from the next command.
      expect((await env.execute(`kill -0 ${String(pids[0])} && echo here`)).output).toContain(
        variant.alive === isProcessAlive ? "here" : "",
      );
      await env.cleanup();
      expect(await allDead(pids)).toBe(true);
    } finally {
      await env.cleanup();
    }
  });

  test("none survives the command's timeout", async () => {
    const env = await make();
    try {
      const result = await env.execute(`${ALL_ESCAPES}; sleep 60`, { timeout: 2 });
      expect(result.exitCode).toBe(124);
      const pids = track(leftPids(result.output));
      expect(pids).toHaveLength(TREE_ESCAPES.length);
      expect(await allDead(pids)).toBe(true);
    } finally {
      await env.cleanup();
    }
  });

  test("none survives killing the background process that started it", async () => {
    const env = await make();
    try {
      const proc = await env.spawnBackground(`${ALL_ESCAPES}; sleep 60`);
      let output = "";
      proc.onOutput((chunk) => {
        output += chunk;
      });
      expect(await pollUntil(() => leftPids(output).length === TREE_ESCAPES.length)).toBe(true);
      const pids = track(leftPids(output));
      expect(pids.every((pid) => variant.alive(pid))).toBe(true);
      await proc.kill();
      expect(await allDead(pids)).toBe(true);
    } finally {
      await env.cleanup();
    }
  });

  test("none survives killAllSync (process exit)", async () => {
    const env = await make();
    const result = await env.execute(ALL_ESCAPES);
    const pids = track(leftPids(result.output));
    expect(pids).toHaveLength(TREE_ESCAPES.length);
    env.killAllSync?.();
    expect(await allDead(pids)).toBe(true);
  });
});

describe("pids a user sees", () => {
  test("a background process's pid is its shell's, which a later command can signal", async () => {
    const env = await createLocalEnvironment({ cwd: dir.path, killGraceMs: 300 });
    try {
      const proc = await env.spawnBackground('echo "shell:$$"; sleep 60');
      let output = "";
      proc.onOutput((chunk) => {
        output += chunk;
      });
      expect(await pollUntil(() => output.includes("shell:"))).toBe(true);
      expect(output).toContain(`shell:${String(proc.pid)}`);
      expect((await env.execute(`kill -TERM ${String(proc.pid)}`)).exitCode).toBe(0);
      expect(await proc.exited).toBe(143);
    } finally {
      await env.cleanup();
    }
  });
});

describe("through the tools", () => {
  test("process kill and runtime shutdown leave none of the escapes alive", async () => {
    const runtime = createTerminalRuntime({
      settings: resolveTerminalOptions({ config: { terminal: { cwd: dir.path } } }),
      approval: recordingApprove(),
      killGraceMs: 300,
    });
    try {
      const killed = await runTerminalTool(
        runtime,
        { command: `${ALL_ESCAPES}; sleep 60`, background: true },
        { taskId: "escape-kill" },
      );
      const shutdown = await runTerminalTool(
        runtime,
        { command: `${ALL_ESCAPES}; sleep 60`, background: true },
        { taskId: "escape-shutdown" },
      );
      const pidsOf = async (sessionId: unknown, taskId: string): Promise<number[]> => {
        let pids: number[] = [];
        await pollUntil(async () => {
          const log = await runProcessTool(
            runtime,
            { action: "log", session_id: String(sessionId) },
            { taskId },
          );
          pids = leftPids(String(log.output));
          return pids.length === TREE_ESCAPES.length;
        });
        for (const pid of pids) started.add(pid);
        return pids;
      };
      const first = await pidsOf(killed.session_id, "escape-kill");
      const second = await pidsOf(shutdown.session_id, "escape-shutdown");
      expect(first).toHaveLength(TREE_ESCAPES.length);
      expect(second).toHaveLength(TREE_ESCAPES.length);
      expect(
        await runProcessTool(
          runtime,
          { action: "kill", session_id: String(killed.session_id) },
          { taskId: "escape-kill" },
        ),
      ).toMatchObject({ status: "killed" });
      expect(await pollUntil(() => first.every((pid) => !isProcessAlive(pid)))).toBe(true);
      expect(second.every((pid) => isProcessAlive(pid))).toBe(true);
      await runtime.shutdown();
      expect(await pollUntil(() => second.every((pid) => !isProcessAlive(pid)))).toBe(true);
    } finally {
      await runtime.shutdown();
    }
  });
});
