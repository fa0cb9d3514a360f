import { execFile } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { getConfigPath } from "../src/index.js";

const run = promisify(execFile);
const BIN = path.join(import.meta.dirname, "..", "src", "bin", "hermes-config.ts");

let home: TempDir;
beforeEach(async () => {
  home = await createTempDir();
});
afterEach(async () => {
  await home.remove();
});

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ["--conditions=@hermes-agent/source", "--import", "tsx", BIN, ...args, "--home", home.path],
      { env: { PATH: process.env["PATH"] ?? "", HOME: home.path }, timeout: 30_000 },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}

const SECRET_CONFIG = `auxiliary:
  approval:
    base_url: https://llm.internal.test/v1
    api_key: sk-live-abcdefghijklmnopqrstuvwx
mcp_servers:
  github:
    command: npx
    env:
      GITHUB_PERSONAL_ACCESS_TOKEN: ghp_abcdefghijklmnopqrstuvwxyz0123
      LOG_LEVEL: debug
  remote:
    url: https://mcp.example.test/sse
    headers:
      Authorization: Bearer abcdefgh12345678
`;

describe("hermes-config", () => {
  test("check masks API keys and MCP tokens, and keeps the rest", { timeout: 60_000 }, async () => {
    await writeFile(getConfigPath(home.path), SECRET_CONFIG);
    const { code, stdout } = await cli("check");
    expect(code).toBe(0);
    expect(stdout).not.toContain("sk-live-abcdefghijklmnopqrstuvwx");
    expect(stdout).not.toContain("ghp_abcdefghijklmnopqrstuvwxyz0123");
    expect(stdout).not.toContain("abcdefgh12345678");
    const printed = JSON.parse(stdout) as {
      auxiliary: { approval: { api_key: string; base_url: string } };
      mcp_servers: { github: { env: Record<string, string> } };
    };
    expect(printed.auxiliary.approval.api_key).toBe("***");
    expect(printed.auxiliary.approval.base_url).toBe("https://llm.internal.test/v1");
    expect(printed.mcp_servers.github.env["LOG_LEVEL"]).toBe("debug");
    const get = await cli("get", "auxiliary.approval.api_key");
    expect(get.stdout.trim()).toBe('"***"');
    const shown = await cli("get", "auxiliary.approval.api_key", "--show-secrets");
    expect(shown.stdout).toContain("sk-live-abcdefghijklmnopqrstuvwx");
  });

  test("set accepts a negative number as the value", { timeout: 60_000 }, async () => {
    await writeFile(
      getConfigPath(home.path),
      "approvals:\n  denial_breaker_threshold: 3   # keep\n",
    );
    const { code, stderr } = await cli("set", "approvals.denial_breaker_threshold", "-5");
    expect(stderr).not.toMatch(/TypeError|ERR_PARSE_ARGS/);
    expect(code).toBe(0);
    expect(await readFile(getConfigPath(home.path), "utf8")).toBe(
      "approvals:\n  denial_breaker_threshold: -5   # keep\n",
    );
    const refused = await cli("set", "terminal.timeout", "-5");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/hermes-config: .*key 'terminal\.timeout'/);
    const unknown = await cli("set", "--bogus");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown option '--bogus'");
  });
});
