import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { cliCommand, cliEnv, runCliProcess, type CliRun } from "../helpers/cli-process.js";
import {
  startScriptedModelServer,
  type ScriptedModelServer,
} from "../helpers/scripted-model-server.js";

let home: TempDir;
let elsewhere: TempDir;
let server: ScriptedModelServer | undefined;
beforeEach(async () => {
  home = await createTempDir("hermes-cli-sq-");
  elsewhere = await createTempDir("hermes-cli-sq-target-");
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await home.remove();
  await elsewhere.remove();
});

function cli(args: readonly string[], extraEnv: Record<string, string> = {}): Promise<CliRun> {
  return runCliProcess(home.path, args, extraEnv);
}

async function writeHome(relative: string, text: string): Promise<void> {
  await writeFile(path.join(home.path, relative), text);
}

describe("single-query commands: run, call, exec", { timeout: 120_000 }, () => {
  test("call: execute_code and a dangerous command are refused by default, naming approvals.single_query_mode, and run once it says approve", async () => {
    // A directory outside the working tree: deleting it recursively is a dangerous command.
    const marker = path.join(elsewhere.path, "marker");
    await mkdir(marker);
    const remove = JSON.stringify({ command: `rm -rf ${marker}` });

    const blockedScript = await cli(["call", "execute_code", '{"code": "print(6 * 7)"}']);
    expect(blockedScript.code).toBe(1);
    expect(blockedScript.stdout).toContain("single-query run");
    expect(blockedScript.stdout).toContain("approvals.single_query_mode: approve");
    const blockedCommand = await cli(["call", "terminal", remove]);
    expect(blockedCommand.code).toBe(1);
    expect(blockedCommand.stdout).toContain("approvals.single_query_mode: approve");
    expect(existsSync(marker)).toBe(true);

    await writeHome("config.yaml", "approvals:\n  single_query_mode: approve\n");
    // A loosening since the last start waits for the user's acceptance.
    const held = await cli(["call", "terminal", remove]);
    expect(held.code).toBe(1);
    expect(held.stderr).toContain("HERMES_ACCEPT_APPROVAL_CHANGES=1");
    expect(existsSync(marker)).toBe(true);
    const accept = { HERMES_ACCEPT_APPROVAL_CHANGES: "1" };
    const script = await cli(["call", "execute_code", '{"code": "print(6 * 7)"}'], accept);
    expect(script.code).toBe(0);
    expect(JSON.parse(script.stdout)).toMatchObject({ status: "success", output: "42\n" });
    const command = await cli(["call", "terminal", remove]);
    expect(command.code).toBe(0);
    expect(existsSync(marker)).toBe(false);
  });

  test("run: the model's execute_code call runs under single_query_mode: approve, with the endpoint and key from HERMES_HOME/.env", async () => {
    server = await startScriptedModelServer([
      { toolCalls: [{ name: "execute_code", arguments: { code: "print(6 * 7)" } }] },
      { content: "The answer is 42." },
    ]);
    await writeHome(
      ".env",
      `OPENAI_BASE_URL=${server.baseURL}\nOPENAI_API_KEY=key-from-dotenv\nHERMES_MODEL=scripted\n`,
    );
    await writeHome("config.yaml", "approvals:\n  single_query_mode: approve\n");
    const run = await cli(["run", "compute it"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe("The answer is 42.");
    expect(server.requests[0]?.authorization).toBe("Bearer key-from-dotenv");
    const toolMessage = server.requests[1]?.body.messages.find((m) => m.role === "tool");
    expect(JSON.parse(toolMessage?.content ?? "{}")).toMatchObject({
      status: "success",
      output: "42\n",
    });
  });
});

describe("HERMES_HOME/.env", { timeout: 60_000 }, () => {
  test("fills in what the environment does not set, and never overrides what it does", async () => {
    const fromFile = path.join(home.path, "from-dotenv");
    const fromEnv = path.join(home.path, "from-environment");
    await writeHome(".env", `TERMINAL_CWD=${fromFile}\n`);
    const filled = await cli(["config", "get", "terminal.cwd"]);
    expect(filled.code).toBe(0);
    expect(JSON.parse(filled.stdout)).toBe(fromFile);
    const kept = await cli(["config", "get", "terminal.cwd"], { TERMINAL_CWD: fromEnv });
    expect(JSON.parse(kept.stdout)).toBe(fromEnv);
  });
});

describe("call and exec results", { timeout: 120_000 }, () => {
  test("call exits 1 whenever the result reports a failure, 0 when the tool ran", async () => {
    const missing = await cli(["call", "read_file", '{"path": "/nonexistent/file.txt"}']);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toContain("File not found");
    const timedOut = await cli(["call", "terminal", '{"command": "sleep 5", "timeout": 1}']);
    expect(timedOut.code).toBe(1);
    expect(JSON.parse(timedOut.stdout)).toMatchObject({ exit_code: 124 });
    const exitedNonZero = await cli(["call", "terminal", '{"command": "false"}']);
    expect(exitedNonZero.code).toBe(0);
    expect(JSON.parse(exitedNonZero.stdout)).toMatchObject({ exit_code: 1, error: null });
    const misdirected = await cli(["call", "terminal", '{"code": "print(1)"}']);
    expect(misdirected.code).toBe(1);
    expect(misdirected.stdout).toContain("execute_code(code=...)");
  });

  test("exec prints the script's standard error also when it succeeds", async () => {
    const script = path.join(home.path, "warns.py");
    await writeFile(
      script,
      'import sys\nprint("to stdout")\nprint("to stderr", file=sys.stderr)\n',
    );
    const run = await cli(["exec", script]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("to stdout\n");
    expect(run.stderr).toBe("to stderr\n");
  });

  test("a reader that closes the pipe early ends the command quietly", async () => {
    const line = cliCommand(["tools"]);
    const child = spawn(line.command, line.args, {
      cwd: home.path,
      env: cliEnv(home.path),
      stdio: ["ignore", "pipe", "pipe"],
    });
    // Closed before the CLI writes anything: its first line meets a closed pipe.
    child.stdout.destroy();
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(stderr).not.toMatch(/EPIPE|Error|at /);
    expect(code).toBe(0);
  });
});

describe("toolset names on the command line", { timeout: 90_000 }, () => {
  test("tools --toolset resolves a composite toolset and refuses an unknown one; run warns about one and refuses an empty prompt", async () => {
    const composite = await cli(["tools", "--toolset", "hermes-cli", "--json"]);
    expect(composite.code).toBe(0);
    const names = (JSON.parse(composite.stdout) as Array<{ name: string }>).map((row) => row.name);
    expect(names).toEqual(expect.arrayContaining(["terminal", "read_file", "execute_code"]));

    const misspelt = await cli(["tools", "--toolset", "termnal"]);
    expect(misspelt.code).toBe(1);
    expect(misspelt.stderr).toContain("Unknown toolset 'termnal'. Did you mean: terminal");

    const unknown = await cli(["run", "-t", "terminal,nosuch", "hello"]);
    expect(unknown.stderr).toContain("warning: unknown toolset 'nosuch'");
    expect(unknown.stderr).not.toContain("unknown toolset 'terminal'");

    const empty = await cli(["run", "  "]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain("run needs a prompt");
  });
});
