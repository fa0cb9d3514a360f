import { isProcessAlive, waitUntil } from "@hermes-agent/test-utils";
import { afterEach, describe, expect, test } from "vitest";
import type { ProcessCompletion } from "../src/index.js";
import { createHarness, findPython, type Harness } from "./tool-harness.js";

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

async function open(): Promise<Harness> {
  harness = await createHarness();
  return harness;
}

async function start(
  h: Harness,
  command: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const result = await h.call("terminal", { command, background: true, ...extra });
  expect(result).toMatchObject({ output: "Background process started", exit_code: 0, error: null });
  return result.session_id as string;
}

describe("process tool errors", () => {
  test("an unknown action lists the valid ones", async () => {
    const h = await open();
    expect(await h.call("process", { action: "restart", session_id: "x" })).toEqual({
      error:
        "Unknown process action: restart. Use: list, poll, log, wait, kill, write, submit, close",
    });
  });

  test.each(["poll", "log", "wait", "kill", "write", "submit", "close"])(
    "%s needs a session_id",
    async (action) => {
      const h = await open();
      expect(await h.call("process", { action })).toEqual({
        error: `session_id is required for ${action}`,
      });
      expect(await h.call("process", { action, session_id: "proc_missing" })).toEqual({
        status: "not_found",
        error: "No process with ID proc_missing",
      });
    },
  );
});

describe("background processes", () => {
  test("start, poll, log and wait", async () => {
    const h = await open();
    const started = await h.call("terminal", {
      command: "for i in $(seq 1 300); do echo line$i; done; exit 5",
      background: true,
    });
    expect(started).toMatchObject({
      pid: expect.any(Number),
      hint: expect.stringContaining("notify_on_complete"),
    });
    const id = started.session_id as string;
    const waited = await h.call("process", { action: "wait", session_id: id, timeout: 30 });
    expect(waited).toMatchObject({ status: "exited", exit_code: 5 });
    expect(waited.output).toMatch(/line300\n$/);
    const polled = await h.call("process", { action: "poll", session_id: id });
    expect(polled).toMatchObject({ session_id: id, status: "exited", exit_code: 5 });
    const log = await h.call("process", { action: "log", session_id: id });
    expect(log).toMatchObject({ total_lines: 300, showing: "lines 101-300 of 300" });
    expect((log.output as string).split("\n")).toHaveLength(200);
    const page = await h.call("process", { action: "log", session_id: id, offset: 10, limit: 3 });
    expect(page).toMatchObject({ output: "line11\nline12\nline13", showing: "lines 11-13 of 300" });
    const list = await h.call("process", { action: "list" });
    expect(list.processes).toEqual([
      expect.objectContaining({ session_id: id, status: "exited", exit_code: 5 }),
    ]);
  });

  test("wait times out with the output so far", async () => {
    const h = await open();
    const id = await start(h, "echo waiting; sleep 30");
    await waitUntil(async () =>
      (
        (await h.call("process", { action: "poll", session_id: id })).output_preview as string
      ).includes("waiting"),
    );
    const waited = await h.call("process", { action: "wait", session_id: id, timeout: 1 });
    expect(waited).toEqual({
      status: "timeout",
      output: "waiting\n",
      timeout_note: "Waited 1s, process still running",
    });
  });

  test("kill takes the whole process group", async () => {
    const h = await open();
    const id = await start(h, "sh -c 'echo child:$$; exec sleep 60' & echo shell:$$; wait");
    let text = "";
    await waitUntil(async () => {
      text = (await h.call("process", { action: "poll", session_id: id })).output_preview as string;
      return text.includes("child:") && text.includes("shell:");
    });
    const pids = [...text.matchAll(/(?:child|shell):(\d+)/g)].map((m) => Number(m[1]));
    expect(pids).toHaveLength(2);
    expect(await h.call("process", { action: "kill", session_id: id })).toEqual({
      status: "killed",
      session_id: id,
    });
    expect(await waitUntil(() => pids.every((pid) => !isProcessAlive(pid)))).toBe(true);
    expect(await h.call("process", { action: "kill", session_id: id })).toMatchObject({
      status: "already_exited",
    });
  });

  test("write, submit and close reach stdin", async () => {
    const h = await open();
    const id = await start(h, 'read -r first; echo "first=$first"; cat; echo "eof"');
    expect(await h.call("process", { action: "write", session_id: id, data: "ab" })).toEqual({
      status: "ok",
      bytes_written: 2,
    });
    expect(await h.call("process", { action: "submit", session_id: id, data: "c" })).toEqual({
      status: "ok",
      bytes_written: 2,
    });
    await h.call("process", { action: "write", session_id: id, data: "rest" });
    expect(await h.call("process", { action: "close", session_id: id })).toEqual({
      status: "ok",
      message: "stdin closed",
    });
    const waited = await h.call("process", { action: "wait", session_id: id, timeout: 10 });
    expect(waited).toMatchObject({
      status: "exited",
      exit_code: 0,
      output: "first=abc\nresteof\n",
    });
    expect(
      await h.call("process", { action: "write", session_id: id, data: "late" }),
    ).toMatchObject({ status: "already_exited" });
  });

  test("notify_on_complete delivers a completion message to subscribers", async () => {
    const h = await open();
    const notices: ProcessCompletion[] = [];
    h.runtime.onProcessComplete((notice) => notices.push(notice));
    const id = await start(h, "echo built; exit 2", { notify_on_complete: true });
    expect(await waitUntil(() => notices.length === 1)).toBe(true);
    expect(notices[0]).toMatchObject({
      sessionId: id,
      exitCode: 2,
      output: "built\n",
      taskId: "default",
    });
    expect(notices[0]?.message).toBe(
      `[IMPORTANT: Background process ${id} completed (exit code 2).\nCommand: echo built; exit 2\nOutput:\nbuilt\n]`,
    );
  });

  test("shutdown kills every background process", async () => {
    const h = await open();
    const id = await start(h, "sleep 60");
    const pid = h.runtime.processes.get(id)?.pid ?? 0;
    expect(isProcessAlive(pid)).toBe(true);
    await h.runtime.shutdown();
    expect(await waitUntil(() => !isProcessAlive(pid))).toBe(true);
  });
});

describe("PTY", () => {
  const python = findPython();

  test.skipIf(python === undefined)(
    "an interactive python program gets its input through submit",
    async () => {
      const h = await open();
      const id = await start(
        h,
        `${python} -c 'import sys; name = input("name? "); print("hello " + name, sys.stdin.isatty())'`,
        {
          pty: true,
        },
      );
      expect(
        await waitUntil(async () =>
          (
            (await h.call("process", { action: "poll", session_id: id })).output_preview as string
          ).includes("name?"),
        ),
      ).toBe(true);
      expect(
        await h.call("process", { action: "submit", session_id: id, data: "bob" }),
      ).toMatchObject({ status: "ok" });
      const waited = await h.call("process", { action: "wait", session_id: id, timeout: 20 });
      expect(waited).toMatchObject({ status: "exited", exit_code: 0 });
      expect(waited.output).toMatch(/hello bob True/);
    },
  );

  test("a foreground command sees a terminal with pty=true", async () => {
    const h = await open();
    const result = await h.call("terminal", {
      command: "[ -t 0 ] && [ -t 1 ] && echo tty || echo no-tty",
      pty: true,
    });
    expect(result).toMatchObject({ exit_code: 0, output: expect.stringContaining("tty") });
    expect(result.output).not.toContain("no-tty");
  });
});
