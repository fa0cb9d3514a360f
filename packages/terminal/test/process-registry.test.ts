import { describe, expect, test } from "vitest";
import {
  ProcessRegistry,
  TerminalErrorCode,
  type BackgroundProcess,
  type ProcessCompletion,
} from "../src/index.js";

interface FakeProcess extends BackgroundProcess {
  emit(chunk: string): void;
  exit(code: number): void;
}

function fakeProcess(pid: number): FakeProcess {
  const listeners = new Set<(chunk: string) => void>();
  let resolveExit: (code: number) => void = () => undefined;
  let exitCode: number | null = null;
  const exited = new Promise<number>((resolve) => {
    resolveExit = resolve;
  });
  return {
    id: String(pid),
    pid,
    pty: false,
    get exitCode() {
      return exitCode;
    },
    exited,
    onOutput(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    write() {},
    closeStdin() {},
    kill() {
      this.exit(143);
      return Promise.resolve();
    },
    emit(chunk) {
      for (const listener of listeners) listener(chunk);
    },
    exit(code) {
      exitCode = code;
      resolveExit(code);
    },
  };
}

const input = (
  handle: BackgroundProcess,
  extra: { taskId?: string; notifyOnComplete?: boolean } = {},
) => ({
  handle,
  command: "long job",
  taskId: extra.taskId ?? "t1",
  cwd: "/",
  notifyOnComplete: extra.notifyOnComplete ?? false,
});

describe("ProcessRegistry", () => {
  test("keeps a rolling buffer of the last 200 000 characters", () => {
    const registry = new ProcessRegistry();
    const proc = fakeProcess(10);
    const tracked = registry.add(input(proc));
    for (let i = 0; i < 30; i++) proc.emit(`${String(i).padStart(2, "0")}${"x".repeat(9_998)}`);
    const current = registry.get(tracked.sessionId);
    expect(current?.output.length).toBeLessThanOrEqual(250_000);
    expect(current?.output.endsWith("x")).toBe(true);
    expect((current?.output.length ?? 0) + (current?.droppedChars ?? 0)).toBe(300_000);
    expect(current?.output).toContain("29x");
    expect(current?.output).not.toContain("00x");
  });

  test("tracks at most 64 processes, dropping the oldest finished first", async () => {
    const registry = new ProcessRegistry({ maxProcesses: 3 });
    const a = fakeProcess(1);
    const first = registry.add(input(a));
    registry.add(input(fakeProcess(2)));
    registry.add(input(fakeProcess(3)));
    expect(registry.hasRoom()).toBe(false);
    expect(() => registry.add(input(fakeProcess(4)))).toThrow(
      expect.objectContaining({ code: TerminalErrorCode.ProcessLimit }),
    );
    a.exit(0);
    await a.exited;
    registry.add(input(fakeProcess(5)));
    expect(registry.get(first.sessionId)).toBeUndefined();
    expect(registry.list()).toHaveLength(3);
    expect(new ProcessRegistry().list()).toEqual([]);
  });

  test("forgets finished processes after 30 minutes", async () => {
    let now = 1_000_000;
    const registry = new ProcessRegistry({ now: () => now });
    const proc = fakeProcess(1);
    const tracked = registry.add(input(proc));
    proc.exit(0);
    await proc.exited;
    now += 29 * 60 * 1000;
    expect(registry.get(tracked.sessionId)).toBeDefined();
    now += 2 * 60 * 1000;
    expect(registry.get(tracked.sessionId)).toBeUndefined();
  });

  test("delivers a completion notice with the exit code and the last 2 000 characters", async () => {
    const registry = new ProcessRegistry();
    const notices: ProcessCompletion[] = [];
    registry.onComplete((notice) => notices.push(notice));
    const quiet = fakeProcess(1);
    registry.add(input(quiet));
    const loud = fakeProcess(2);
    const tracked = registry.add(input(loud, { notifyOnComplete: true, taskId: "t9" }));
    loud.emit("\u001b[32mstart\u001b[0m" + "y".repeat(3000) + "END");
    quiet.exit(0);
    loud.exit(3);
    await Promise.all([quiet.exited, loud.exited]);
    expect(notices).toHaveLength(1);
    const [notice] = notices;
    expect(notice).toMatchObject({
      sessionId: tracked.sessionId,
      taskId: "t9",
      exitCode: 3,
      alreadyReported: false,
    });
    expect(notice?.output).toHaveLength(2000);
    expect(notice?.output.endsWith("END")).toBe(true);
    expect(notice?.message).toBe(
      `[IMPORTANT: Background process ${tracked.sessionId} completed (exit code 3).\nCommand: long job\nOutput:\n${notice?.output}]`,
    );
  });

  test("waitForExit resolves on exit, on timeout, and on abort", async () => {
    const registry = new ProcessRegistry();
    const proc = fakeProcess(1);
    const tracked = registry.add(input(proc));
    expect(await registry.waitForExit(tracked.sessionId, 10)).toBe(false);
    expect(await registry.waitForExit(tracked.sessionId, 60_000, AbortSignal.abort())).toBe(false);
    const waiting = registry.waitForExit(tracked.sessionId, 60_000);
    proc.exit(0);
    expect(await waiting).toBe(true);
    expect(registry.hasRunning()).toBe(false);
  });
});
