import { connect, type Socket } from "node:net";
import path from "node:path";
import { stat } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { createRpcDispatcher, startSocketRpcServer, type SocketRpcServer } from "../src/index.js";

const TOKEN = "per-run-secret-token";
let dir: TempDir;
let server: SocketRpcServer;
let calls: { name: string; args: Record<string, unknown>; origin: string }[];
let client: Socket | undefined;

/** A hand-written client: raw frames in, one parsed response line out. */
function rawClient(
  socketPath: string,
): Promise<{ send(raw: string): Promise<unknown>; next(): Promise<unknown>; socket: Socket }> {
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath);
    client = socket;
    socket.setEncoding("utf8");
    let buffered = "";
    const waiting: ((line: string) => void)[] = [];
    socket.on("data", (chunk: string) => {
      buffered += chunk;
      let end;
      while ((end = buffered.indexOf("\n")) >= 0) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 1);
        waiting.shift()?.(line);
      }
    });
    socket.once("error", reject);
    const next = (): Promise<unknown> =>
      new Promise((done) => {
        waiting.push((line) => done(JSON.parse(JSON.parse(line) as string)));
      });
    socket.once("connect", () =>
      resolve({
        socket,
        next,
        send: (raw) => {
          const answer = next();
          socket.write(raw);
          return answer;
        },
      }),
    );
  });
}

const frame = (value: unknown): string => `${JSON.stringify(value)}\n`;

beforeEach(async () => {
  dir = await createTempDir("hermes-ec-rpc-");
  calls = [];
  const dispatcher = createRpcDispatcher({
    token: TOKEN,
    allowedTools: ["terminal", "read_file"],
    maxToolCalls: 3,
    taskId: "task-1",
    signal: new AbortController().signal,
    callTool: (name, args, ctx) => {
      calls.push({ name, args, origin: ctx.origin });
      return Promise.resolve(JSON.stringify({ ok: name, task: ctx.taskId }));
    },
  });
  server = await startSocketRpcServer(path.join(dir.path, "rpc.sock"), dispatcher);
});

afterEach(async () => {
  client?.destroy();
  client = undefined;
  await server.close();
  await dir.remove();
});

describe("socket RPC server", () => {
  test("the socket lives in the caller's private directory", async () => {
    expect((await stat(dir.path)).mode & 0o777).toBe(0o700);
    expect((await stat(server.path)).isSocket()).toBe(true);
  });

  test("a frame without a token or with a wrong one is refused", async () => {
    const c = await rawClient(server.path);
    expect(await c.send(frame({ tool: "terminal", args: { command: "x" } }))).toEqual({
      error: "Unauthorized RPC request",
    });
    expect(await c.send(frame({ tool: "terminal", args: {}, token: "nope" }))).toEqual({
      error: "Unauthorized RPC request",
    });
    expect(await c.send(frame({ tool: "terminal", args: {}, token: `${TOKEN}x` }))).toEqual({
      error: "Unauthorized RPC request",
    });
    expect(await c.send(frame({ tool: "terminal", args: {}, token: 42 }))).toEqual({
      error: "Unauthorized RPC request",
    });
    expect(calls).toEqual([]);
  });

  test("the right token round-trips the tool's result", async () => {
    const c = await rawClient(server.path);
    expect(await c.send(frame({ tool: "read_file", args: { path: "a" }, token: TOKEN }))).toEqual({
      ok: "read_file",
      task: "task-1",
    });
    expect(calls).toEqual([{ name: "read_file", args: { path: "a" }, origin: "execute_code" }]);
  });

  test("tools outside the allowlist are refused whatever the client sends", async () => {
    const c = await rawClient(server.path);
    for (const tool of ["execute_code", "delegate_task", "mcp__srv__tool", "write_file"]) {
      expect(await c.send(frame({ tool, args: {}, token: TOKEN }))).toEqual({
        error: `Tool '${tool}' is not available in execute_code. Available: read_file, terminal`,
      });
    }
    expect(calls).toEqual([]);
  });

  test("the call cap is enforced by the server; refusals do not count", async () => {
    const c = await rawClient(server.path);
    await c.send(frame({ tool: "nope", args: {}, token: TOKEN }));
    for (let i = 0; i < 3; i++)
      await c.send(frame({ tool: "terminal", args: { command: `c${i}` }, token: TOKEN }));
    expect(
      await c.send(frame({ tool: "terminal", args: { command: "c4" }, token: TOKEN })),
    ).toEqual({
      error: "Tool call limit reached (3). No more tool calls allowed in this execution.",
    });
    expect(calls).toHaveLength(3);
  });

  test("terminal calls lose background, pty and notification arguments", async () => {
    const c = await rawClient(server.path);
    await c.send(
      frame({
        tool: "terminal",
        args: {
          command: "sleep 1",
          background: true,
          pty: true,
          notify_on_complete: true,
          watch_patterns: ["x"],
          timeout: 5,
        },
        token: TOKEN,
      }),
    );
    expect(calls[0]?.args).toEqual({ command: "sleep 1", timeout: 5 });
  });

  test("malformed frames get an error frame and the connection stays usable", async () => {
    const c = await rawClient(server.path);
    const invalid = (await c.send("{not json\n")) as { error: string };
    expect(invalid.error).toMatch(/^Invalid RPC request: /);
    expect(await c.send("[1,2]\n")).toEqual({
      error: "Invalid RPC request: expected a JSON object",
    });
    expect(await c.send(frame({ args: {}, token: TOKEN }))).toMatchObject({
      error: expect.stringMatching(/^Invalid RPC request: tool: /) as unknown,
    });
    expect(await c.send(frame({ tool: "terminal", args: [1], token: TOKEN }))).toMatchObject({
      error: expect.stringMatching(/^Invalid RPC request: args: /) as unknown,
    });
    expect(await c.send("\u00ff\u0000garbage\n")).toMatchObject({
      error: expect.stringMatching(/^Invalid RPC request/) as unknown,
    });
    expect(
      await c.send(frame({ tool: "terminal", args: { command: "ok" }, token: TOKEN })),
    ).toEqual({ ok: "terminal", task: "task-1" });
  });

  test("several frames in one write and one frame split across writes", async () => {
    const c = await rawClient(server.path);
    const both =
      frame({ tool: "terminal", args: {}, token: TOKEN }) +
      frame({ tool: "read_file", args: {}, token: TOKEN });
    const answers = Promise.all([c.next(), c.next()]);
    c.socket.write(both);
    expect(await answers).toEqual([
      { ok: "terminal", task: "task-1" },
      { ok: "read_file", task: "task-1" },
    ]);
    const half = frame({ tool: "read_file", args: { path: "é" }, token: TOKEN });
    const pending = c.send(half.slice(0, 10));
    c.socket.write(half.slice(10));
    expect(await pending).toMatchObject({ ok: expect.any(String) as unknown });
  });

  test("a tool that throws becomes an error result", async () => {
    const dispatcher = createRpcDispatcher({
      token: TOKEN,
      allowedTools: ["terminal"],
      maxToolCalls: 5,
      taskId: undefined,
      signal: new AbortController().signal,
      callTool: () => Promise.reject(new Error("tool crashed")),
    });
    expect(
      JSON.parse(
        await dispatcher.handleFrame(JSON.stringify({ tool: "terminal", args: {}, token: TOKEN })),
      ),
    ).toEqual({ error: "tool crashed" });
  });

  test("an empty server token fails closed", async () => {
    const dispatcher = createRpcDispatcher({
      token: "",
      allowedTools: ["terminal"],
      maxToolCalls: 5,
      taskId: undefined,
      signal: new AbortController().signal,
      callTool: () => Promise.resolve("{}"),
    });
    expect(
      JSON.parse(
        await dispatcher.handleFrame(JSON.stringify({ tool: "terminal", args: {}, token: "" })),
      ),
    ).toEqual({ error: "Unauthorized RPC request" });
  });
});
