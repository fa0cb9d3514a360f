import { isProcessAlive, waitUntil } from "@hermes-agent/test-utils";
import { afterEach, describe, expect, test } from "vitest";
import type { ProcessCompletion, ProcessWatchNotice } from "../src/index.js";
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

  test("log caps a giant single line like terminal output", async () => {
    const h = await open();
    const id = await start(h, "head -c 150000 /dev/zero | tr '\\0' x; echo; echo tail-line");
    expect(await h.call("process", { action: "wait", session_id: id, timeout: 30 })).toMatchObject({
      status: "exited",
      exit_code: 0,
    });
    const log = await h.call("process", { action: "log", session_id: id });
    const output = log.output as string;
    expect(log).toMatchObject({ total_lines: 2, showing: "lines 1-2 of 2" });
    expect(output).toMatch(/OUTPUT TRUNCATED - \d+ chars omitted out of 150010 total/);
    expect(output.length).toBeLessThanOrEqual(50_200);
    expect(output.endsWith("x\ntail-line")).toBe(true);
  });

  test("a task sees and manages only its own processes", async () => {
    const h = await open();
    const a = await h.call(
      "terminal",
      { command: "sleep 60", background: true },
      { taskId: "task-a" },
    );
    const b = await h.call(
      "terminal",
      { command: "sleep 61", background: true },
      { taskId: "task-b" },
    );
    const listed = await h.call("process", { action: "list" }, { taskId: "task-a" });
    expect(listed.processes).toEqual([expect.objectContaining({ session_id: a.session_id })]);
    expect(await h.call("process", { action: "list" })).toEqual({ processes: [] });
    for (const action of ["poll", "kill", "write"]) {
      expect(
        await h.call("process", { action, session_id: b.session_id }, { taskId: "task-a" }),
      ).toEqual({ status: "not_found", error: `No process with ID ${String(b.session_id)}` });
    }
    expect(isProcessAlive(b.pid as number)).toBe(true);
    expect(
      await h.call("process", { action: "kill", session_id: b.session_id }, { taskId: "task-b" }),
    ).toMatchObject({ status: "killed" });
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

  test("watch_patterns delivers a notice when the output prints a matching line", async () => {
    const h = await open();
    const notices: ProcessWatchNotice[] = [];
    h.runtime.onProcessWatch((notice) => notices.push(notice));
    const secret = "sk-proj-abcdefghijklmnopqrstuvwxyz123456";
    const started = await h.call("terminal", {
      command: `echo booting; sleep 0.2; echo "ready on port 8080 OPENAI_API_KEY=${secret}"; sleep 30`,
      background: true,
      watch_patterns: ["ready on port"],
    });
    expect(started).toMatchObject({ watch_patterns: ["ready on port"] });
    expect(started.hint).toBeUndefined();
    const id = started.session_id as string;
    expect(await waitUntil(() => notices.length === 1)).toBe(true);
    expect(notices[0]).toMatchObject({ sessionId: id, kind: "match", pattern: "ready on port" });
    expect(notices[0]?.message).toContain(
      `[Background process ${id} printed output matching "ready on port".`,
    );
    expect(notices[0]?.message).toContain("ready on port 8080 OPENAI_API_KEY=");
    // The command is the model's own text; the output part is redacted like every output.
    const output = notices[0]?.message.split("Matching lines:")[1] ?? "";
    expect(output).not.toContain(secret);
    expect(output).not.toContain("booting");
    await h.call("process", { action: "kill", session_id: id });
  });

  test("watch_patterns is ignored, with a note, when notify_on_complete is set", async () => {
    const h = await open();
    const watched: ProcessWatchNotice[] = [];
    const completed: ProcessCompletion[] = [];
    h.runtime.onProcessWatch((notice) => watched.push(notice));
    h.runtime.onProcessComplete((notice) => completed.push(notice));
    const started = await h.call("terminal", {
      command: "echo done-marker",
      background: true,
      notify_on_complete: true,
      watch_patterns: ["done-marker"],
    });
    expect(started).toMatchObject({
      notify_on_complete: true,
      watch_patterns_ignored: expect.stringContaining("watch_patterns ignored"),
    });
    expect(started.watch_patterns).toBeUndefined();
    expect(await waitUntil(() => completed.length === 1)).toBe(true);
    expect(watched).toEqual([]);
  });

  test("completion notices redact secrets like every other output", async () => {
    const h = await open();
    const notices: ProcessCompletion[] = [];
    h.runtime.onProcessComplete((notice) => notices.push(notice));
    const secret = "sk-proj-abcdefghijklmnopqrstuvwxyz123456";
    await start(h, `echo "OPENAI_API_KEY=${secret}"`, { notify_on_complete: true });
    expect(await waitUntil(() => notices.length === 1)).toBe(true);
    expect(notices[0]?.output).toContain("OPENAI_API_KEY=");
    expect(notices[0]?.output).not.toContain(secret);
    expect(notices[0]?.message).toContain("OPENAI_API_KEY=");
    expect(notices[0]?.message.split("Output:")[1]).not.toContain(secret);
  });

  test("previews redact a secret that starts before the preview window", async () => {
    const h = await open();
    const secret = "sk-proj-abcdefghijklmnopqrstuvwxyz123456";
    // The last 1 000 characters: the secret's last 10, a newline, 989 y.
    const id = await start(
      h,
      `printf 'OPENAI_API_KEY=${secret}\\n'; head -c 989 /dev/zero | tr '\\0' y`,
    );
    expect(await h.call("process", { action: "wait", session_id: id, timeout: 30 })).toMatchObject({
      status: "exited",
    });
    const polled = await h.call("process", { action: "poll", session_id: id });
    const preview = polled.output_preview as string;
    expect(preview.endsWith(`\n${"y".repeat(989)}`)).toBe(true);
    expect(preview).not.toContain(secret.slice(-8));
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

  test("a foreground pty command that reads its input gets EOF instead of hanging", async () => {
    const h = await open();
    const read = await h.call("terminal", {
      command: 'read -r line; echo "read-status:$?"',
      pty: true,
      timeout: 60,
    });
    expect(read).toMatchObject({ exit_code: 0, error: null });
    expect(read.output).toMatch(/read-status:1\n$/);
    const cat = await h.call("terminal", { command: "cat; echo after", pty: true, timeout: 60 });
    expect(cat).toMatchObject({ exit_code: 0, error: null });
    expect(cat.output).toMatch(/after\n$/);
  });

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
