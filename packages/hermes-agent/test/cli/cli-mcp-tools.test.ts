import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { runCliProcess } from "../helpers/cli-process.js";

const require = createRequire(import.meta.url);
const FIXTURE = path.join(
  path.dirname(require.resolve("@hermes-agent/mcp/package.json")),
  "test/fixtures/fixture-server.mjs",
);

let home: TempDir;
let marker: string;
beforeEach(async () => {
  home = await createTempDir("hermes-cli-mcp-tools-");
  marker = path.join(home.path, "fixture-started.txt");
  await writeFile(
    path.join(home.path, "config.yaml"),
    [
      "mcp_servers:",
      "  fixture:",
      `    command: ${JSON.stringify(process.execPath)}`,
      `    args: [${JSON.stringify(FIXTURE)}]`,
      `    env: {FIXTURE_MARKER: ${JSON.stringify(marker)}}`,
      "  broken:",
      "    command: /nonexistent/mcp-server-binary",
      "",
    ].join("\n"),
  );
});
afterEach(async () => {
  await home.remove();
});

const brokenWarnings = (stderr: string): number =>
  stderr.split("\n").filter((line) => line.includes("'broken'")).length;

describe("MCP tools in the CLI", { timeout: 120_000 }, () => {
  test("call waits for the servers and runs an MCP tool; a failing server is reported once", async () => {
    const run = await runCliProcess(home.path, ["call", "mcp__fixture__echo", '{"text":"hi"}']);
    expect(run.stdout).toContain('"result": "hi"');
    expect(run.code).toBe(0);
    expect(brokenWarnings(run.stderr)).toBe(1);
    expect(run.stderr).toContain("/nonexistent/mcp-server-binary");
  });

  test("tools lists the MCP tools with their toolset", async () => {
    const run = await runCliProcess(home.path, ["tools", "--json"]);
    expect(run.code).toBe(0);
    const rows = JSON.parse(run.stdout) as { name: string; toolset: string }[];
    expect(rows).toContainEqual(
      expect.objectContaining({ name: "mcp__fixture__echo", toolset: "mcp-fixture" }),
    );
    expect(brokenWarnings(run.stderr), run.stderr).toBe(1);
  });

  test("commands that need no MCP tool never start a server", async () => {
    for (const args of [
      ["approvals", "list"],
      ["toolsets"],
      ["plugins", "list"],
      ["call", "terminal", '{"command":"echo built-in"}'],
    ]) {
      const run = await runCliProcess(home.path, args);
      expect(run.code, `${args.join(" ")}: ${run.stderr}`).toBe(0);
      expect(brokenWarnings(run.stderr), args.join(" ")).toBe(0);
    }
    expect(existsSync(marker)).toBe(false);
  });
});
