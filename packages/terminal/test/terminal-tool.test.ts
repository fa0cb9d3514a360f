import { isProcessAlive, waitUntil } from "@hermes-agent/test-utils";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { createBackendRegistry, createTerminalRuntime, runTerminalTool } from "../src/index.js";
import { createHarness, recordingApprove, type Harness } from "./tool-harness.js";

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

async function open(options: Parameters<typeof createHarness>[0] = {}): Promise<Harness> {
  harness = await createHarness(options);
  return harness;
}

describe("terminal tool registration", () => {
  test("registers terminal (💻) and process in toolset terminal with Hermes' parameters", async () => {
    const { registry } = await open();
    expect(registry.getEntry("terminal")).toMatchObject({ toolset: "terminal", emoji: "💻" });
    expect(registry.getEntry("process")).toMatchObject({ toolset: "terminal" });
    const params = registry.getSchema("terminal")?.parameters as {
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(Object.keys(params.properties).sort()).toEqual(
      [
        "background",
        "command",
        "notify_on_complete",
        "pty",
        "timeout",
        "watch_patterns",
        "workdir",
      ].sort(),
    );
    expect(params.required).toEqual(["command"]);
    expect(registry.getDefinitions(["terminal", "process"]).map((d) => d.function.name)).toEqual([
      "process",
      "terminal",
    ]);
  });
});

describe("terminal tool", () => {
  test("runs a command and keeps cwd and exports per task", async () => {
    const h = await open();
    expect(await h.call("terminal", { command: "echo hi" })).toEqual({
      output: "hi\n",
      exit_code: 0,
      error: null,
    });
    await h.call(
      "terminal",
      { command: "mkdir -p sub && cd sub && export MARK=a" },
      { taskId: "a" },
    );
    expect(
      (await h.call("terminal", { command: 'echo "$MARK $(pwd -P)"' }, { taskId: "a" })).output,
    ).toBe(`a ${h.dir.path}/sub\n`);
    expect(
      (await h.call("terminal", { command: 'echo "[$MARK] $(pwd -P)"' }, { taskId: "b" })).output,
    ).toBe(`[] ${h.dir.path}\n`);
  });

  test("a workdir runs one command elsewhere without moving the session", async () => {
    const h = await open();
    expect((await h.call("terminal", { command: "pwd", workdir: "/" })).output).toBe("/\n");
    expect((await h.call("terminal", { command: "pwd -P" })).output).toBe(`${h.dir.path}\n`);
  });

  test("a non-string command is Hermes' error", async () => {
    const runtime = createTerminalRuntime({ approval: recordingApprove() });
    try {
      expect(await runTerminalTool(runtime, { command: 42 })).toEqual({
        output: "",
        exit_code: -1,
        error: "Invalid command: expected string, got int",
        status: "error",
      });
      expect((await runTerminalTool(runtime, { command: ["ls"] })).error).toBe(
        "Invalid command: expected string, got list",
      );
      expect((await runTerminalTool(runtime, {})).error).toBe(
        "Invalid command: expected string, got NoneType",
      );
    } finally {
      await runtime.shutdown();
    }
  });

  test("a workdir with shell metacharacters is blocked and nothing runs", async () => {
    const h = await open();
    const marker = path.join(h.dir.path, "ran");
    const result = await h.call("terminal", {
      command: `touch ${marker}`,
      workdir: "/tmp; rm -rf ~",
    });
    expect(result).toEqual({
      output: "",
      exit_code: -1,
      error:
        "Blocked: workdir contains disallowed character ';'. Use a simple filesystem path without shell metacharacters.",
      status: "blocked",
    });
    expect(existsSync(marker)).toBe(false);
  });

  test("a workdir that does not exist is a clear error and nothing runs", async () => {
    const h = await open();
    const marker = path.join(h.dir.path, "ran");
    const missing = path.join(h.dir.path, "missing");
    const expected = {
      output: "",
      exit_code: -1,
      error: `Working directory not found: ${missing} does not exist or is not a directory. The command did not run.`,
      status: "error",
    };
    expect(await h.call("terminal", { command: `touch ${marker}`, workdir: missing })).toEqual(
      expected,
    );
    expect(
      await h.call("terminal", { command: `touch ${marker}`, workdir: missing, background: true }),
    ).toEqual(expected);
    expect(h.runtime.processes.list()).toEqual([]);
    expect(existsSync(marker)).toBe(false);
  });

  test("a foreground timeout over the maximum is refused", async () => {
    const h = await open();
    expect(await h.call("terminal", { command: "sleep 1", timeout: 601 })).toEqual({
      output: "",
      exit_code: -1,
      error:
        "Foreground timeout 601s exceeds the maximum of 600s. Use background=true with notify_on_complete=true for long-running commands.",
      status: "error",
    });
  });

  test("a configured default timeout over the maximum is clamped, not refused", async () => {
    const h = await open({ terminal: { timeout: 900 } });
    expect(await h.call("terminal", { command: "echo runs" })).toEqual({
      output: "runs\n",
      exit_code: 0,
      error: null,
    });
    expect((await h.call("terminal", { command: "true", timeout: 601 })).error).toMatch(
      /^Foreground timeout 601s exceeds the maximum of 600s/,
    );
  });

  test("two tasks in parallel keep their own directory and variables", async () => {
    const h = await open();
    const tasks = ["p1", "p2", "p3"];
    await Promise.all(
      tasks.map((task) =>
        h.call(
          "terminal",
          { command: `mkdir -p ${task} && cd ${task} && export WHO=${task} && sleep 0.2` },
          { taskId: task },
        ),
      ),
    );
    const results = await Promise.all(
      tasks.map((task) =>
        h.call("terminal", { command: 'echo "$WHO $(pwd -P)"' }, { taskId: task }),
      ),
    );
    expect(results.map((r) => r.output)).toEqual(
      tasks.map((task) => `${task} ${h.dir.path}/${task}\n`),
    );
  });

  test.each(["nohup sleep 100", "sleep 100 &", "npm run dev", "python3 -m http.server 0"])(
    "refuses the never-returning foreground command %s with advice",
    async (command) => {
      const h = await open();
      const approve = h.runtime.approve as ReturnType<typeof recordingApprove>;
      const result = await h.call("terminal", { command });
      expect(result).toMatchObject({ exit_code: -1, status: "error" });
      expect(result.error).toMatch(/background=true/);
      expect(approve.calls).toHaveLength(0);
    },
  );

  test("kills the command on timeout, keeping the output so far", async () => {
    const h = await open();
    const result = await h.call("terminal", { command: "echo partial; sleep 30", timeout: 1 });
    expect(result).toEqual({
      output: "partial\n[Command timed out after 1s]",
      exit_code: 124,
      error: "Command timed out after 1 seconds",
    });
  });

  test("an abort interrupts the command (exit code 130) and kills it", async () => {
    const h = await open();
    const ac = new AbortController();
    const pidFile = path.join(h.dir.path, "child.pid");
    const running = runTerminalTool(
      h.runtime,
      { command: `echo go; sh -c 'echo $$ > ${pidFile}; exec sleep 60'` },
      { signal: ac.signal },
    );
    await waitUntil(() => existsSync(pidFile) && readFileSync(pidFile, "utf8").trim() !== "");
    const pid = Number(readFileSync(pidFile, "utf8"));
    ac.abort();
    expect(await running).toEqual({
      output: "go\n[Command interrupted]",
      exit_code: 130,
      error: "Command interrupted",
    });
    expect(await waitUntil(() => !isProcessAlive(pid))).toBe(true);
  });

  test("an abort through dispatch resolves at once", async () => {
    const h = await open();
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 200);
    const result = await h.call("terminal", { command: "sleep 30" }, { signal: ac.signal });
    expect(result.error).toBeDefined();
  });

  test("strips ANSI, redacts secrets and explains benign exit codes", async () => {
    const h = await open();
    const coloured = await h.call("terminal", { command: "printf '\\033[1;31mred\\033[0m\\n'" });
    expect(coloured.output).toBe("red\n");
    const secret = await h.call("terminal", {
      command: "echo OPENAI_API_KEY=sk-proj-abcdefghijklmnopqrstuvwxyz123456",
    });
    expect(secret.output).not.toContain("abcdefghijklmnopqrstuvwxyz123456");
    const grep = await h.call("terminal", { command: "grep needle /dev/null" });
    expect(grep).toMatchObject({
      exit_code: 1,
      error: null,
      exit_code_meaning: "No matches found (not an error)",
    });
  });

  test("binary output becomes a short marker, the text around it is kept", async () => {
    const h = await open();
    const result = await h.call("terminal", {
      command:
        "printf 'start\\n'; for i in $(seq 1 2000); do printf '\\x00\\x01\\x02\\xff\\xfe'; done; printf '\\nend\\n'",
    });
    expect(result).toMatchObject({
      exit_code: 0,
      output: "start\n[binary output not shown: 10001 chars]\nend\n",
    });
    const file = await h.call("terminal", { command: "head -c 40000 /bin/sh" });
    expect(file.output).toMatch(/binary output not shown/);
    expect(JSON.stringify(file).length).toBeLessThan(20_000);
  });

  test("caps output at tool_output.max_bytes with 40% head, 60% tail and a marker", async () => {
    const h = await open({ maxBytes: 1000 });
    const result = await h.call("terminal", { command: "seq 1 100000" });
    const output = result.output as string;
    expect(output).toMatch(
      /\n\n\.\.\. \[OUTPUT TRUNCATED - \d+ chars omitted out of 588895 total\] \.\.\.\n\n/,
    );
    expect(output.startsWith("1\n2\n3\n")).toBe(true);
    expect(output.endsWith("99999\n100000\n")).toBe(true);
    const [head = "", tail = ""] = output.split(/\n\n\.\.\. \[OUTPUT TRUNCATED[^\n]*\n\n/);
    expect(head.length).toBe(400);
    expect(tail.length).toBe(600);
  });

  test("an unavailable backend disables the tool with Hermes' status", async () => {
    const h = await open({ terminal: { backend: "daytona" }, backends: createBackendRegistry([]) });
    expect(h.registry.getDefinitions(["terminal", "process"])).toEqual([]);
    const result = await h.call("terminal", { command: "true" });
    expect(result.status).toBe("disabled");
    expect(result.error).toMatch(
      /^Terminal tool disabled: environment creation failed \(.*'daytona' terminal backend is not available/,
    );
  });

  test("a backend without its credentials disables the call with the fix", async () => {
    const h = await open({ terminal: { backend: "daytona" }, hostEnv: { PATH: process.env.PATH } });
    const result = await h.call("terminal", { command: "true" });
    expect(result.status).toBe("disabled");
    expect(result.error).toMatch(
      /^Terminal tool disabled: environment creation failed \(No Daytona credentials: set DAYTONA_API_KEY/,
    );
  });
});
