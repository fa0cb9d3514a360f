import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { buildChildEnv } from "@hermes-agent/core";
import { waitUntil } from "@hermes-agent/test-utils";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import type { SamplingModel } from "../src/index.js";
import { EVERYTHING_SERVER, FILESYSTEM_SERVER, Harness } from "./helpers/fixtures.js";

const harness = new Harness();
afterEach(() => harness.cleanup());

const parse = (out: unknown) => JSON.parse(out as string) as Record<string, unknown>;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** server-everything over HTTP (`streamableHttp` or `sse`) on a free loopback port. */
async function startEverythingHttp(
  mode: "streamableHttp" | "sse",
): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, [EVERYTHING_SERVER, mode], {
    env: buildChildEnv({ extra: { PORT: String(port) } }),
    stdio: ["ignore", "ignore", "pipe"],
  });
  harness.pids.add(child.pid ?? -1);
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const ready = await waitUntil(
    () => new RegExp(`(listening on|running on) port ${port}`, "i").test(stderr),
    {
      timeoutMs: 15_000,
    },
  );
  if (!ready) throw new Error(`server-everything (${mode}) did not start: ${stderr}`);
  return { child, port };
}

const httpServers: ChildProcess[] = [];
let streamablePort = 0;
let ssePort = 0;

beforeAll(async () => {
  const [streamable, sse] = await Promise.all([
    startEverythingHttp("streamableHttp"),
    startEverythingHttp("sse"),
  ]);
  httpServers.push(streamable.child, sse.child);
  streamablePort = streamable.port;
  ssePort = sse.port;
});

afterAll(async () => {
  for (const child of httpServers) child.kill("SIGTERM");
  expect(await harness.assertNoChildren()).toEqual([]);
});

describe("@modelcontextprotocol/server-everything", () => {
  test("over stdio: tools, an image result, resources and prompts, and no host secrets", async () => {
    const { manager, registry } = harness.manager(
      { everything: { command: process.execPath, args: [EVERYTHING_SERVER, "stdio"] } },
      {
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          OPENAI_API_KEY: "sk-host-secret-value",
        },
      },
    );
    const names = await manager.discoverMcpTools();
    expect(names).toEqual(
      expect.arrayContaining([
        "mcp__everything__echo",
        "mcp__everything__get_sum",
        "mcp__everything__get_tiny_image",
      ]),
    );
    expect(parse(await registry.dispatch("mcp__everything__echo", { message: "hi" })).result).toBe(
      "Echo: hi",
    );
    expect(
      String(parse(await registry.dispatch("mcp__everything__get_sum", { a: 2, b: "3" })).result),
    ).toMatch(/5/);
    const image = await registry.dispatch("mcp__everything__get_tiny_image", {});
    expect(typeof image).toBe("object");
    expect(JSON.stringify(image)).toMatch(/data:image\/png;base64,/);
    const env = String(parse(await registry.dispatch("mcp__everything__get_env", {})).result);
    expect(env).toContain('"PATH"');
    expect(env).not.toContain("sk-host-secret-value");
    const resources = parse(await registry.dispatch("mcp__everything__list_resources", {}));
    expect(Array.isArray(resources.resources)).toBe(true);
    const prompts = parse(await registry.dispatch("mcp__everything__list_prompts", {}));
    expect(Array.isArray(prompts.prompts)).toBe(true);
    harness.track(manager);
  });

  test("over stdio with sampling on: the conditional tools arrive by list_changed and sampling answers", async () => {
    // The server sends a system prompt and one user message.
    const model: SamplingModel = async (request) => ({
      model: "loopback-model",
      content: `answer to ${request.messages.length} message(s)`,
    });
    const { manager, registry } = harness.manager(
      {
        everything: {
          command: process.execPath,
          args: [EVERYTHING_SERVER, "stdio"],
          sampling: { enabled: true },
        },
      },
      { samplingModel: model },
    );
    await manager.discoverMcpTools();
    expect(
      await waitUntil(() => registry.hasTool("mcp__everything__trigger_sampling_request")),
    ).toBe(true);
    const out = parse(
      await registry.dispatch("mcp__everything__trigger_sampling_request", {
        prompt: "hello",
        maxTokens: 20,
      }),
    );
    expect(String(out.result)).toContain("answer to 2 message(s)");
    harness.track(manager);
  });

  test("over streamable HTTP and SSE on loopback", async () => {
    const { manager, registry } = harness.manager({
      web: { url: `http://127.0.0.1:${streamablePort}/mcp` },
      legacy: { url: `http://127.0.0.1:${ssePort}/sse`, transport: "sse" },
    });
    const names = await manager.discoverMcpTools();
    expect(names).toEqual(expect.arrayContaining(["mcp__web__echo", "mcp__legacy__echo"]));
    expect(parse(await registry.dispatch("mcp__web__echo", { message: "over http" })).result).toBe(
      "Echo: over http",
    );
    expect(
      parse(await registry.dispatch("mcp__legacy__echo", { message: "over sse" })).result,
    ).toBe("Echo: over sse");
    expect(manager.status().map((s) => [s.name, s.state, s.transport])).toEqual([
      ["legacy", "connected", "sse"],
      ["web", "connected", "http"],
    ]);
  });
});

describe("@modelcontextprotocol/server-filesystem", () => {
  test("reads and writes inside the allowed directory only", async () => {
    const root = path.join(harness.home(), "files");
    mkdirSync(root);
    writeFileSync(path.join(root, "hello.txt"), "hello from disk");
    const { manager, registry } = harness.manager({
      fs: { command: process.execPath, args: [FILESYSTEM_SERVER, root] },
    });
    const names = await manager.discoverMcpTools();
    expect(names).toEqual(
      expect.arrayContaining([
        "mcp__fs__read_text_file",
        "mcp__fs__write_file",
        "mcp__fs__list_directory",
      ]),
    );
    const read = parse(
      await registry.dispatch("mcp__fs__read_text_file", { path: path.join(root, "hello.txt") }),
    );
    expect(read.result).toBe("hello from disk");
    await registry.dispatch("mcp__fs__write_file", {
      path: path.join(root, "new.txt"),
      content: "written",
    });
    expect(readFileSync(path.join(root, "new.txt"), "utf8")).toBe("written");
    const outside = parse(
      await registry.dispatch("mcp__fs__read_text_file", { path: "/etc/hostname" }),
    );
    expect(String(outside.error)).toMatch(/denied|outside|not allowed/i);
    harness.track(manager);
  });
});
