import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { runCliProcess, type CliRun } from "../helpers/cli-process.js";
import {
  startScriptedModelServer,
  type ScriptedModelServer,
} from "../helpers/scripted-model-server.js";

let home: TempDir;
let server: ScriptedModelServer | undefined;
beforeEach(async () => {
  home = await createTempDir("hermes-cli-");
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await home.remove();
});

/** Run the CLI in the test's home (stdin closed unless `input` is given). */
function cli(
  args: readonly string[],
  extraEnv: Record<string, string> = {},
  input?: string,
): Promise<CliRun> {
  return runCliProcess(home.path, args, extraEnv, input);
}

describe("hermes-agent CLI", { timeout: 90_000 }, () => {
  test("--version, --help, and a usage error exits 2 on stderr", async () => {
    const version = await cli(["--version"]);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    const help = await cli(["call", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("one tool call through the full pipeline");
    const wrong = await cli(["frobnicate"]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("unknown command 'frobnicate'");
  });

  test("tools --json: each tool with toolset, availability and the reason when unavailable", async () => {
    const run = await cli(["tools", "--json"]);
    expect(run.code).toBe(0);
    const rows = JSON.parse(run.stdout) as Array<{
      name: string;
      toolset: string;
      available: boolean;
      reason?: string;
    }>;
    expect(rows.find((row) => row.name === "terminal")).toMatchObject({
      toolset: "terminal",
      available: true,
    });
    const search = rows.find((row) => row.name === "web_search");
    if (search !== undefined) {
      expect(search.available).toBe(false);
      expect(search.reason).toMatch(/^set /);
    }
  });

  test("tools: a configured backend that cannot be used shows the terminal unavailable with the reason; a typo fails config check", async () => {
    const file = path.join(home.path, "config.yaml");
    await writeFile(file, "terminal:\n  backend: ssh\n");
    const run = await cli(["tools"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /terminal +terminal +✗ unavailable: The ssh backend needs terminal\.ssh_host/,
    );
    await writeFile(file, "terminal:\n  backend: dokcer\n");
    const check = await cli(["config", "check"]);
    expect(check.code).not.toBe(0);
    expect(check.stderr).toMatch(
      /"dokcer" is not a terminal backend; use one of local, docker, singularity, modal, daytona, ssh/,
    );
  });

  test("call: a real tool call; bad JSON says where (exit 2); an unknown tool suggests names (exit 1)", async () => {
    const ok = await cli(["call", "terminal", '{"command": "echo via-cli"}']);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ output: "via-cli\n", exit_code: 0 });
    const bad = await cli(["call", "terminal", '{"command": "ls",}']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/Invalid JSON arguments: .*position 17/);
    const unknown = await cli(["call", "termnal", "{}"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/Unknown tool 'termnal'\. Did you mean: terminal/);
    const todo = await cli([
      "call",
      "todo",
      '{"todos": [{"id": "1", "content": "x", "status": "pending"}]}',
    ]);
    expect(JSON.parse(todo.stdout)).toMatchObject({ summary: { total: 1 } });
  });

  test("config set keeps comments; get, path and check agree", async () => {
    const file = path.join(home.path, "config.yaml");
    await writeFile(file, "# my settings\nterminal:\n  timeout: 60 # seconds\n");
    const set = await cli(["config", "set", "terminal.timeout", "90"]);
    expect(set.code).toBe(0);
    const text = await readFile(file, "utf8");
    expect(text).toContain("# my settings");
    expect(text).toContain("timeout: 90 # seconds");
    expect((await cli(["config", "get", "terminal.timeout"])).stdout.trim()).toBe("90");
    expect((await cli(["config", "path"])).stdout.trim()).toBe(file);
    expect((await cli(["config", "check"])).stdout).toContain("valid");
    const missing = await cli(["config", "get", "no.such.key"]);
    expect(missing.code).toBe(1);
  });

  test("run: streams the answer from the model; --json; failures exit 1 with what to set", async () => {
    server = await startScriptedModelServer([
      { toolCalls: [{ name: "terminal", arguments: { command: "echo tool-ran" } }] },
      { content: "All done." },
      { content: "Second answer." },
      { status: 401, error: "bad key" },
    ]);
    const env = { OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: "k", HERMES_MODEL: "scripted" };
    const run = await cli(["run", "do it"], env);
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe("All done.");
    const json = await cli(["run", "again", "--json"], env);
    expect(JSON.parse(json.stdout)).toMatchObject({
      status: "completed",
      finalText: "Second answer.",
    });
    const denied = await cli(["run", "third"], env);
    expect(denied.code).toBe(1);
    expect(denied.stderr).toMatch(/401/);
    const unconfigured = await cli(["run", "hello"]);
    expect(unconfigured.code).toBe(1);
    expect(unconfigured.stderr).toMatch(/No model endpoint is configured/);
  });

  test("approvals list and revoke work on command_allowlist; plugins and mcp list", async () => {
    await writeFile(
      path.join(home.path, "config.yaml"),
      "command_allowlist:\n  - recursive delete # mine\n",
    );
    const listed = await cli(["approvals", "list", "--json"]);
    expect(JSON.parse(listed.stdout)).toEqual([
      { scope: "permanent", patternKey: "recursive delete" },
    ]);
    const revoked = await cli(["approvals", "revoke", "recursive delete"]);
    expect(revoked.code).toBe(0);
    expect(await readFile(path.join(home.path, "config.yaml"), "utf8")).not.toContain(
      "recursive delete",
    );
    const mcp = await cli(["mcp", "list"]);
    expect(mcp.stdout).toContain("No MCP servers");
  });

  test("doctor prints one line per check with ✓ or ✗ and the fix", async () => {
    const run = await cli(["doctor"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^✓ Node\.js/m);
    expect(run.stdout).toMatch(/^✓ config\.yaml/m);
    expect(run.stdout).toMatch(/^✗ model endpoint .*\n\s+→ Set model\.base_url/m);
  });

  test("start with no model: doctor, tools, a demonstration through the pipeline, how to add a model", async () => {
    const run = await cli(["start"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("== doctor");
    expect(run.stdout).toContain("== tools");
    expect(run.stdout).toContain("approval asked:");
    expect(run.stdout).toContain("✓ every demonstration step behaved as expected");
    expect(run.stdout).toContain("hermes-agent config set model.base_url");
  });

  test("chat with piped input: slash commands, a turn against the model, /exit", async () => {
    server = await startScriptedModelServer([{ content: "Hello from the model." }]);
    const env = { OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: "k", HERMES_MODEL: "scripted" };
    const run = await cli(["chat"], env, "/toolsets\nhi there\n/nope\n/exit\n");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Platform presets:");
    expect(run.stdout).toContain("Hello from the model.");
    expect(run.stderr).toContain("Unknown command /nope");
  });
});
