import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { runCliProcess, type CliRun } from "../helpers/cli-process.js";

const require = createRequire(import.meta.url);
const EVERYTHING = path.join(
  path.dirname(require.resolve("@modelcontextprotocol/server-everything/package.json")),
  "dist/index.js",
);

let home: TempDir;
beforeEach(async () => {
  home = await createTempDir("hermes-cli-commands-");
});
afterEach(async () => {
  await home.remove();
});

function cli(args: readonly string[]): Promise<CliRun> {
  return runCliProcess(home.path, args);
}

async function write(relative: string, text: string): Promise<string> {
  const file = path.join(home.path, relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
  return file;
}

describe("hermes-agent mcp test", { timeout: 90_000 }, () => {
  test("connects to one server, lists its tools with the time taken; a broken one says why", async () => {
    await write(
      "config.yaml",
      [
        "mcp_servers:",
        "  everything:",
        `    command: ${JSON.stringify(process.execPath)}`,
        `    args: [${JSON.stringify(EVERYTHING)}, stdio]`,
        "  gone:",
        "    command: /nonexistent/mcp-server-binary",
        "    connect_timeout: 5",
        "",
      ].join("\n"),
    );
    const ok = await cli(["mcp", "test", "everything"]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/✓ connected in \d+ ms, \d+ tool\(s\):/);
    expect(ok.stdout).toContain("mcp__everything__echo");

    const broken = await cli(["mcp", "test", "gone"]);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/✗ 'gone' did not connect after \d+ ms: .+/);

    const unknown = await cli(["mcp", "test", "everythin"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No MCP server 'everythin'");
    expect(unknown.stderr).toContain("Did you mean: everything");
  });

  test("login refuses a stdio server and says why", async () => {
    await write("config.yaml", "mcp_servers:\n  local:\n    command: echo\n");
    const run = await cli(["mcp", "login", "local"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("only HTTP servers (url:) log in with OAuth");
  });
});

describe("hermes-agent plugins enable | disable", { timeout: 90_000 }, () => {
  test("edits plugins.enabled / disabled keeping comments, loads the plugin once, refuses unknown names", async () => {
    await write("plugins/greeter/plugin.yaml", "name: greeter\nversion: 1.2.0\n");
    await write(
      "plugins/greeter/index.mjs",
      [
        "export function register(ctx) {",
        "  ctx.registerTool({",
        '    name: "greet", toolset: "greeter",',
        '    schema: { description: "Greet", parameters: { type: "object", properties: {} } },',
        '    handler: () => JSON.stringify({ hello: "world" }),',
        "  });",
        "}",
        "",
      ].join("\n"),
    );
    const config = await write(
      "config.yaml",
      "# my settings\nterminal:\n  timeout: 60 # seconds\n",
    );

    const enabled = await cli(["plugins", "enable", "greeter"]);
    expect(enabled.code).toBe(0);
    expect(enabled.stdout).toContain("✓ enabled greeter");
    expect(enabled.stdout).toMatch(/✓ greeter 1\.2\.0/);
    let text = await readFile(config, "utf8");
    expect(text).toContain("# my settings");
    expect(text).toContain("timeout: 60 # seconds");
    expect(text).toMatch(/enabled:[\s\S]*greeter/);
    expect((await cli(["call", "greet"])).stdout).toContain('"hello": "world"');

    const disabled = await cli(["plugins", "disable", "greeter"]);
    expect(disabled.code).toBe(0);
    text = await readFile(config, "utf8");
    expect(text).toContain("# my settings");
    expect(text).toMatch(/disabled:[\s\S]*greeter/);
    expect(text).not.toMatch(/enabled:[\s\S]*- greeter[\s\S]*disabled/);
    expect((await cli(["plugins", "list"])).stdout).toMatch(/greeter .*disabled/);

    const unknown = await cli(["plugins", "enable", "greeterr"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No plugin 'greeterr' was found. Did you mean: greeter?");
  });
});

describe("hermes-agent plugins and npm packages", { timeout: 90_000 }, () => {
  test("only declared packages are listed; enable <package> finds one that is not declared", async () => {
    const npmPlugin = async (name: string, tool: string) => {
      const dir = path.join("node_modules", ...name.split("/"));
      await write(
        path.join(dir, "package.json"),
        JSON.stringify({ name, type: "module", "hermes-agent": { plugin: "./plugin.mjs" } }),
      );
      await write(
        path.join(dir, "plugin.mjs"),
        [
          "export function register(ctx) {",
          "  ctx.registerTool({",
          `    name: ${JSON.stringify(tool)}, toolset: "npm-tools",`,
          '    schema: { description: "Tool", parameters: { type: "object", properties: {} } },',
          `    handler: () => JSON.stringify({ from: ${JSON.stringify(tool)} }),`,
          "  });",
          "}",
          "",
        ].join("\n"),
      );
    };
    await write(
      "package.json",
      JSON.stringify({ name: "app", dependencies: { "hermes-plugin-declared": "^1.0.0" } }),
    );
    await npmPlugin("hermes-plugin-declared", "declared_tool");
    await npmPlugin("@team/hermes-tools", "team_tool");

    const listed = await cli(["plugins", "list"]);
    expect(listed.stdout).toContain("hermes-plugin-declared");
    expect(listed.stdout).not.toContain("hermes-tools");

    const enabled = await cli(["plugins", "enable", "@team/hermes-tools"]);
    expect(enabled.stderr).toBe("");
    expect(enabled.code).toBe(0);
    expect(enabled.stdout).toContain("✓ enabled @team/hermes-tools");
    expect((await cli(["call", "team_tool"])).stdout).toContain('"from": "team_tool"');
  });
});

describe("hermes-agent exec", { timeout: 90_000 }, () => {
  test("a Python script's output goes to stdout, its tool calls take the pipeline, its exit code is kept", async () => {
    const ok = await write(
      "ok.py",
      [
        "from hermes_tools import terminal",
        'r = terminal("echo from-the-tool")',
        'print("script says", r["output"].strip())',
        "",
      ].join("\n"),
    );
    const run = await cli(["exec", ok]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("script says from-the-tool\n");

    const failing = await write(
      "fail.py",
      'import sys\nprint("before")\nsys.stderr.write("went wrong\\n")\nsys.exit(3)\n',
    );
    const failed = await cli(["exec", failing]);
    expect(failed.code).toBe(3);
    expect(failed.stdout).toBe("before\n");
    expect(failed.stderr).toContain("went wrong");
  });

  test("code_execution limits apply (timeout: exit 124); a dangerous command in the script is denied", async () => {
    await write("config.yaml", "code_execution:\n  timeout: 1\n");
    const slow = await write(
      "slow.py",
      'import time\nprint("started", flush=True)\ntime.sleep(30)\n',
    );
    const timedOut = await cli(["exec", slow]);
    expect(timedOut.code).toBe(124);
    expect(timedOut.stdout).toContain("started");
    expect(timedOut.stdout).toContain("timed out after 1s");

    // Harmless if it ran: the recursive delete targets a marker directory of this test.
    const victim = path.join(home.path, "victim");
    await mkdir(victim);
    const risky = await write(
      "risky.py",
      [
        "from hermes_tools import terminal",
        `r = terminal(${JSON.stringify(`rm -rf ${victim}`)})`,
        'print("status:", r.get("status"), "exit:", r.get("exit_code"))',
        "",
      ].join("\n"),
    );
    await write("config.yaml", "code_execution:\n  timeout: 60\n");
    const denied = await cli(["exec", risky]);
    expect(denied.code).toBe(0);
    expect(denied.stdout).toContain("status: blocked");
    expect(existsSync(victim)).toBe(true);
  });

  test("a JavaScript module runs too; an unknown extension is a usage error", async () => {
    const script = await write("hello.mjs", 'console.log("hello from js");\n');
    const run = await cli(["exec", script]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("hello from js\n");
    const wrong = await cli(["exec", await write("notes.txt", "hi\n")]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("name it *.py (Python) or *.mjs / *.js");
  });
});
