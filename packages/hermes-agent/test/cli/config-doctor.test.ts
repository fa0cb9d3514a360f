import { readFile, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import path from "node:path";
import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { runCliProcess, type CliRun } from "../helpers/cli-process.js";

let home: TempDir;
beforeEach(async () => {
  home = await createTempDir("hermes-cli-config-");
});
afterEach(async () => {
  await home.remove();
});

function cli(args: readonly string[], extraEnv: Record<string, string> = {}): Promise<CliRun> {
  return runCliProcess(home.path, args, extraEnv);
}

/** A loopback port nothing listens on (taken, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

const SECRET = "sk-test-0123456789abcdefghij";

describe("hermes-agent config", { timeout: 90_000 }, () => {
  test("get and check --json mask secrets; check warns about unknown keys and invalid values with the fix", async () => {
    await writeFile(
      path.join(home.path, "config.yaml"),
      [
        "terminl:",
        "  timeout: 5",
        "nosuch:",
        "  key: 1",
        "terminal:",
        "  timout: 20",
        "code_execution:",
        "  mode: sandbox",
        "auxiliary:",
        "  vision:",
        `    api_key: ${SECRET}`,
        "mcp_servers:",
        "  broken:",
        "    command: echo",
        '    args: "[unclosed"',
        "",
      ].join("\n"),
    );
    const get = await cli(["config", "get", "auxiliary.vision.api_key"]);
    expect(get.code).toBe(0);
    expect(JSON.parse(get.stdout)).toBe("***");

    const check = await cli(["config", "check", "--json"]);
    expect(check.code).toBe(0);
    expect(check.stdout).not.toContain(SECRET);
    expect(JSON.parse(check.stdout)).toMatchObject({ auxiliary: { vision: { api_key: "***" } } });
    expect(check.stderr).toContain("'terminl' is not a config.yaml key");
    expect(check.stderr).toContain("Did you mean 'terminal'?");
    expect(check.stderr).toContain("'nosuch' is not a config.yaml key");
    expect(check.stderr).toContain("Did you mean 'terminal.timeout'?");
    expect(check.stderr).toContain('code_execution.mode: "sandbox" is not a mode; using project');
    expect(check.stderr).toContain("mcp_servers.broken.args");
  });

  test("set keeps the comment above a rewritten entry once; an empty key is a usage error that writes nothing", async () => {
    const file = path.join(home.path, "config.yaml");
    await writeFile(file, "# permanent approvals\ncommand_allowlist: []\n");
    const set = await cli(["config", "set", "command_allowlist.0", "git status"]);
    expect(set.code).toBe(0);
    expect(await readFile(file, "utf8")).toBe(
      "# permanent approvals\ncommand_allowlist: [ git status ]\n",
    );
    const empty = await cli(["config", "set", "a..b", "1"]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain("empty key");
    expect(await readFile(file, "utf8")).toBe(
      "# permanent approvals\ncommand_allowlist: [ git status ]\n",
    );
  });
});

describe("hermes-agent doctor", { timeout: 90_000 }, () => {
  test("says when the terminal backend cannot be used, a server is disabled or misconfigured, and the model endpoint does not answer", async () => {
    const port = await closedPort();
    await writeFile(
      path.join(home.path, "config.yaml"),
      [
        "terminal:",
        "  backend: ssh",
        "model:",
        `  base_url: http://127.0.0.1:${port}/v1`,
        "  default: some-model",
        "mcp_servers:",
        "  resting:",
        "    command: echo",
        "    enabled: false",
        "  broken:",
        "    command: echo",
        '    args: "[unclosed"',
        "",
      ].join("\n"),
    );
    const run = await cli(["doctor"], { OPENAI_API_KEY: "k" });
    expect(run.stdout).toMatch(/^✗ terminal +backend ssh cannot be used.*ssh_host/m);
    expect(run.stdout).toMatch(/^✓ MCP server resting +enabled: false/m);
    expect(run.stdout).toMatch(/^✗ MCP server broken +failed: mcp_servers\.broken\.args/m);
    expect(run.stdout).toMatch(
      new RegExp(
        `^✗ model endpoint +some-model at http://127\\.0\\.0\\.1:${port}/v1 .*does not answer`,
        "m",
      ),
    );
  });
});
