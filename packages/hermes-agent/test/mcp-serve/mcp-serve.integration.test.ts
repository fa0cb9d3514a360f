import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  ElicitRequestSchema,
  type CallToolResult,
  type ElicitRequest,
  type ElicitResult,
} from "@modelcontextprotocol/sdk/types.js";
import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { cliCommand, cliEnv } from "../helpers/cli-process.js";

let home: TempDir;
let victim: string;
const cleanups: Array<() => Promise<void>> = [];

beforeEach(async () => {
  home = await createTempDir("hermes-mcp-serve-");
  // Harmless if it runs: the recursive delete only ever targets this marker directory.
  victim = path.join(home.path, "victim");
  await mkdir(victim);
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await home.remove();
});

/** A client that answers elicitation with `answer` (recording each request), or cannot elicit. */
function makeClient(answer?: ElicitResult): { client: Client; asked: ElicitRequest["params"][] } {
  const asked: ElicitRequest["params"][] = [];
  const client = new Client(
    { name: "test-client", version: "1.0.0" },
    { capabilities: answer === undefined ? {} : { elicitation: { form: {} } } },
  );
  if (answer !== undefined) {
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request.params);
      return answer;
    });
  }
  return { client, asked };
}

async function connectStdio(client: Client): Promise<void> {
  const line = cliCommand(["mcp", "serve"]);
  const transport = new StdioClientTransport({
    command: line.command,
    args: line.args,
    cwd: home.path,
    env: cliEnv(home.path),
    stderr: "pipe",
  });
  await client.connect(transport);
  cleanups.push(() => client.close());
}

/** Start `mcp serve --port 0` and resolve with its URL once it listens. */
async function startHttpServer(): Promise<{ url: URL; child: ChildProcess }> {
  const line = cliCommand(["mcp", "serve", "--port", "0"]);
  const child = spawn(line.command, line.args, {
    cwd: home.path,
    env: cliEnv(home.path),
    stdio: ["ignore", "ignore", "pipe"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  cleanups.push(async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
  });
  const url = await new Promise<URL>((resolve, reject) => {
    let text = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      text += chunk.toString("utf8");
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(text);
      if (match?.[1] !== undefined) resolve(new URL(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`mcp serve exited (${code}): ${text}`)));
  });
  return { url, child };
}

async function connectHttp(client: Client, url: URL): Promise<void> {
  await client.connect(new StreamableHTTPClientTransport(url));
  cleanups.push(() => client.close());
}

function textOf(result: unknown): string {
  const content = (result as CallToolResult).content;
  return content.map((part) => (part.type === "text" ? part.text : "")).join("");
}

function deleteVictim(): { name: string; arguments: Record<string, unknown> } {
  return { name: "terminal", arguments: { command: `rm -rf ${victim}` } };
}

describe("hermes-agent mcp serve", { timeout: 120_000 }, () => {
  test("stdio: lists the tools, runs a call through the pipeline, and asks before a dangerous command (accept once)", async () => {
    const { client, asked } = makeClient({ action: "accept", content: { decision: "once" } });
    await connectStdio(client);
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names).toContain("terminal");
    expect(names).toContain("read_file");
    expect(names).not.toContain("todo");
    expect(tools.find((tool) => tool.name === "terminal")?.inputSchema.type).toBe("object");

    const echo = await client.callTool({
      name: "terminal",
      arguments: { command: "echo served-over-mcp" },
    });
    expect(echo.isError).toBe(false);
    expect(JSON.parse(textOf(echo))).toMatchObject({ output: "served-over-mcp\n", exit_code: 0 });
    expect(asked).toHaveLength(0);

    const dangerous = await client.callTool(deleteVictim());
    expect(asked).toHaveLength(1);
    expect(asked[0]?.message).toContain(`rm -rf ${victim}`);
    expect(dangerous.isError).toBe(false);
    expect(existsSync(victim)).toBe(false);

    const unknown = await client.callTool({ name: "no_such_tool", arguments: {} });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toContain("Unknown tool 'no_such_tool'");
  });

  test("stdio: a declined elicitation blocks the command", async () => {
    const { client, asked } = makeClient({ action: "decline" });
    await connectStdio(client);
    const result = await client.callTool(deleteVictim());
    expect(asked).toHaveLength(1);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/denied|blocked/i);
    expect(existsSync(victim)).toBe(true);
  });

  test("HTTP: a client without elicitation gets dangerous commands denied, safe ones run", async () => {
    const { url } = await startHttpServer();
    expect(url.hostname).toBe("127.0.0.1");
    const { client } = makeClient();
    await connectHttp(client, url);
    const echo = await client.callTool({
      name: "terminal",
      arguments: { command: "echo over-http" },
    });
    expect(JSON.parse(textOf(echo))).toMatchObject({ output: "over-http\n", exit_code: 0 });
    const result = await client.callTool(deleteVictim());
    expect(result.isError).toBe(true);
    // Nobody was asked, and the answer says so rather than claiming the user denied it.
    expect(textOf(result)).toContain("no user can approve it");
    expect(textOf(result)).not.toContain("User denied");
    expect(existsSync(victim)).toBe(true);
  });

  test("HTTP: each session is asked on its own; accept runs, decline blocks", async () => {
    const { url } = await startHttpServer();
    const declining = makeClient({ action: "decline" });
    const accepting = makeClient({ action: "accept", content: { decision: "once" } });
    await connectHttp(declining.client, url);
    await connectHttp(accepting.client, url);

    const refused = await declining.client.callTool(deleteVictim());
    expect(declining.asked).toHaveLength(1);
    expect(accepting.asked).toHaveLength(0);
    expect(refused.isError).toBe(true);
    expect(existsSync(victim)).toBe(true);

    const approved = await accepting.client.callTool(deleteVictim());
    expect(accepting.asked).toHaveLength(1);
    expect(approved.isError).toBe(false);
    expect(existsSync(victim)).toBe(false);
  });
});
