import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { parse, startRuntime, type RuntimeHarness } from "../helpers/runtime-harness.js";

let h: RuntimeHarness;
let calls: Array<Record<string, unknown>>;

beforeEach(async () => {
  h = await startRuntime();
  calls = [];
  h.runtime.registry.register({
    name: "count_words",
    toolset: "testing",
    schema: {
      description: "Count words",
      parameters: {
        type: "object",
        properties: { text: { type: "string" }, times: { type: "integer" } },
        required: ["text"],
      },
    },
    handler: (args: Record<string, unknown>) => {
      calls.push(args);
      const text = String(args.text);
      return JSON.stringify({ words: text.split(/\s+/).filter(Boolean).length, times: args.times });
    },
  });
});

afterEach(async () => {
  await h.dispose();
});

describe("arguments", () => {
  test("JSON text is parsed and coerced per schema before hooks see it", async () => {
    const seen: unknown[] = [];
    h.runtime.hooks.registerHook("pre_tool_call", (payload) => {
      seen.push(payload.args);
    });
    const result = await h.runtime.handleFunctionCall(
      "count_words",
      '{"text": "a b c", "times": "3"}',
    );
    expect(parse(result)).toEqual({ words: 3, times: 3 });
    expect(seen).toEqual([{ text: "a b c", times: 3 }]);
  });

  test("a pre_tool_call modify reply replaces the arguments, which are validated again", async () => {
    h.runtime.hooks.registerHook("pre_tool_call", () => ({
      action: "modify",
      args: { text: "one two three four", times: "2" },
    }));
    const result = await h.runtime.handleFunctionCall("count_words", { text: "a" });
    expect(parse(result)).toEqual({ words: 4, times: 2 });
    expect(calls).toEqual([{ text: "one two three four", times: 2 }]);
  });

  test("a block wins over a rewrite, whichever hook answered first", async () => {
    h.runtime.hooks.registerHook("pre_tool_call", () => ({
      action: "modify",
      args: { text: "harmless" },
    }));
    h.runtime.hooks.registerHook("pre_tool_call", () => ({ action: "block", message: "no" }));
    const result = await h.runtime.handleFunctionCall("count_words", { text: "a" });
    expect(parse(result)).toEqual({ error: "no" });
    expect(calls).toEqual([]);
  });

  test("rewritten arguments that break the schema are refused, never run", async () => {
    h.runtime.hooks.registerHook("pre_tool_call", () => ({ action: "modify", args: { times: 1 } }));
    const result = parse(await h.runtime.handleFunctionCall("count_words", { text: "a" }));
    expect(String(result.error)).toContain("'text'");
    expect(calls).toEqual([]);
  });

  test("bad JSON is an error naming the tool and the position, and nothing runs", async () => {
    const result = await h.runtime.handleFunctionCall("count_words", '{"text": "a",}');
    expect(parse(result).error).toMatch(/^Invalid JSON arguments for count_words: .*position 13/);
    expect(calls).toEqual([]);
  });

  test("empty text means no arguments; the registry reports the missing field", async () => {
    const result = parse(await h.runtime.handleFunctionCall("count_words", ""));
    expect(String(result.error)).toContain("'text'");
  });

  test("an unknown tool is an error, never a throw", async () => {
    expect(parse(await h.runtime.handleFunctionCall("no_such_tool", {}))).toEqual({
      error: "Unknown tool: no_such_tool",
    });
  });
});

describe("order of the pipeline", () => {
  test("tool_request, pre_tool_call, tool_execution, handler, post_tool_call, transform_tool_result", async () => {
    const order: string[] = [];
    h.runtime.hooks.registerMiddleware("tool_request", () => {
      order.push("tool_request");
    });
    h.runtime.hooks.registerHook("pre_tool_call", () => {
      order.push("pre_tool_call");
    });
    h.runtime.hooks.registerMiddleware("tool_execution", async (_call, next) => {
      order.push("tool_execution:before");
      const out = await next();
      order.push("tool_execution:after");
      return out;
    });
    h.runtime.registry.register({
      name: "mark",
      toolset: "testing",
      schema: { parameters: { type: "object", properties: {} } },
      handler: () => {
        order.push("handler");
        return "{}";
      },
    });
    h.runtime.hooks.registerHook("post_tool_call", () => {
      order.push("post_tool_call");
    });
    h.runtime.hooks.registerHook("transform_tool_result", () => {
      order.push("transform_tool_result");
    });
    await h.runtime.handleFunctionCall("mark", {});
    expect(order).toEqual([
      "tool_request",
      "pre_tool_call",
      "tool_execution:before",
      "handler",
      "tool_execution:after",
      "post_tool_call",
      "transform_tool_result",
    ]);
  });

  test("post_tool_call receives the result, duration, status and ids", async () => {
    const posts: Array<Readonly<Record<string, unknown>>> = [];
    h.runtime.hooks.registerHook("post_tool_call", (payload) => {
      posts.push(payload);
    });
    await h.runtime.handleFunctionCall(
      "count_words",
      { text: "one two" },
      { taskId: "t1", toolCallId: "call_1", origin: "cli" },
    );
    await h.runtime.handleFunctionCall("count_words", {});
    expect(posts[0]).toMatchObject({
      toolName: "count_words",
      args: { text: "one two" },
      taskId: "t1",
      toolCallId: "call_1",
      origin: "cli",
      status: "ok",
      result: JSON.stringify({ words: 2 }),
    });
    expect(typeof posts[0]?.durationMs).toBe("number");
    expect(posts[1]).toMatchObject({ status: "error", errorType: "tool_error" });
    expect(String(posts[1]?.errorMessage)).toContain("'text'");
  });

  test("transform_tool_result: the first string returned replaces the result", async () => {
    h.runtime.hooks.registerHook("transform_tool_result", () => undefined);
    h.runtime.hooks.registerHook(
      "transform_tool_result",
      (payload) => `wrapped:${String(payload.result)}`,
    );
    h.runtime.hooks.registerHook("transform_tool_result", () => "never used");
    const result = await h.runtime.handleFunctionCall("count_words", { text: "x" });
    expect(result).toBe(`wrapped:${JSON.stringify({ words: 1 })}`);
  });

  test("transform_terminal_output rewrites the terminal tool's output field only", async () => {
    h.runtime.hooks.registerHook("transform_terminal_output", (payload) =>
      String(payload.output).toUpperCase(),
    );
    const result = parse(
      await h.runtime.handleFunctionCall("terminal", { command: "printf 'quiet words'" }),
    );
    expect(result).toMatchObject({ output: "QUIET WORDS", exit_code: 0 });
  });
});

describe("hook outcomes", () => {
  test("block: the tool does not run, the post hook fires with status blocked", async () => {
    const posts: Array<Readonly<Record<string, unknown>>> = [];
    h.runtime.hooks.registerHook("pre_tool_call", (payload) =>
      payload.toolName === "count_words"
        ? { action: "block", message: "count_words is off limits" }
        : undefined,
    );
    h.runtime.hooks.registerHook("post_tool_call", (payload) => {
      posts.push(payload);
    });
    const result = await h.runtime.handleFunctionCall("count_words", { text: "a" });
    expect(parse(result)).toEqual({ error: "count_words is off limits" });
    expect(calls).toEqual([]);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ status: "blocked", errorType: "plugin_block" });
  });

  test("malformed directives are ignored; the first valid one wins", async () => {
    h.runtime.hooks.registerHook("pre_tool_call", () => ({ action: "block" }));
    h.runtime.hooks.registerHook("pre_tool_call", () => "block");
    h.runtime.hooks.registerHook("pre_tool_call", () => ({ action: "block", message: "second" }));
    h.runtime.hooks.registerHook("pre_tool_call", () => ({ action: "block", message: "third" }));
    expect(parse(await h.runtime.handleFunctionCall("count_words", { text: "a" }))).toEqual({
      error: "second",
    });
  });

  test("a hook that throws or rejects is logged and skipped; the call runs", async () => {
    h.runtime.hooks.registerHook("pre_tool_call", () => {
      throw new Error("hook exploded");
    });
    h.runtime.hooks.registerHook("post_tool_call", () => Promise.reject(new Error("late failure")));
    const result = await h.runtime.handleFunctionCall("count_words", { text: "a b" });
    expect(parse(result)).toEqual({ words: 2 });
    expect(h.logger.lines.some((line) => line.includes("hook exploded"))).toBe(true);
    expect(h.logger.lines.some((line) => line.includes("late failure"))).toBe(true);
  });

  test("a hook removed with its unsubscribe function no longer fires", async () => {
    const off = h.runtime.hooks.registerHook("pre_tool_call", () => ({
      action: "block",
      message: "no",
    }));
    off();
    expect(parse(await h.runtime.handleFunctionCall("count_words", { text: "a" }))).toEqual({
      words: 1,
    });
  });
});

describe("middleware", () => {
  test("tool_request middleware rewrites arguments, by return or in place", async () => {
    h.runtime.hooks.registerMiddleware("tool_request", (request) => ({
      ...request.args,
      text: `${String(request.args.text)} extra`,
    }));
    h.runtime.hooks.registerMiddleware("tool_request", (request) => {
      request.args.text = `${String(request.args.text)} more`;
    });
    h.runtime.hooks.registerMiddleware("tool_request", () => {
      throw new Error("broken rewriter");
    });
    expect(parse(await h.runtime.handleFunctionCall("count_words", { text: "a" }))).toEqual({
      words: 3,
    });
    expect(calls[0]).toEqual({ text: "a extra more" });
  });

  test("tool_execution: calling next twice runs the tool once", async () => {
    h.runtime.hooks.registerMiddleware("tool_execution", async (_call, next) => {
      const first = await next();
      const second = await next({ text: "different words here" });
      expect(second).toBe(first);
      return first;
    });
    await h.runtime.handleFunctionCall("count_words", { text: "a" });
    expect(calls).toHaveLength(1);
  });

  test("tool_execution: next(args) replaces the arguments", async () => {
    h.runtime.hooks.registerMiddleware("tool_execution", (_call, next) =>
      next({ text: "four words right here" }),
    );
    expect(parse(await h.runtime.handleFunctionCall("count_words", { text: "a" }))).toEqual({
      words: 4,
    });
  });

  test("tool_execution: a throw before next is skipped, a throw after next keeps the result", async () => {
    h.runtime.hooks.registerMiddleware("tool_execution", () => {
      throw new Error("before next");
    });
    h.runtime.hooks.registerMiddleware("tool_execution", async (_call, next) => {
      await next();
      throw new Error("after next");
    });
    expect(parse(await h.runtime.handleFunctionCall("count_words", { text: "a b" }))).toEqual({
      words: 2,
    });
    expect(calls).toHaveLength(1);
  });

  test("unknown middleware kinds and non-functions are refused with a clear error", () => {
    expect(() =>
      h.runtime.hooks.registerMiddleware("tool_response" as "tool_request", () => undefined),
    ).toThrow(/Unknown middleware kind 'tool_response'/);
    expect(() => h.runtime.hooks.registerHook("pre_tool_call", "x" as never)).toThrow(
      /must be a function/,
    );
  });
});

describe("errors and events", () => {
  test("an exception in the pipeline becomes 'Error executing <tool>', sanitized", async () => {
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error("<tool_call>boom</tool_call>");
        },
        ownKeys() {
          throw new Error("<tool_call>boom</tool_call>");
        },
      },
    );
    h.runtime.hooks.registerMiddleware("tool_request", () => undefined);
    const result = parse(await h.runtime.handleFunctionCall("count_words", hostile));
    expect(result.error).toBe("Error executing count_words: boom");
    expect(calls).toEqual([]);
  });

  test("tool:start and tool:end carry the call, its status and duration", async () => {
    const seen: string[] = [];
    h.runtime.events.on("tool:start", (event) => seen.push(`start ${event.tool} ${event.origin}`));
    h.runtime.events.on("tool:end", (event) => {
      seen.push(`end ${event.tool} ${event.status}`);
      expect(event.durationMs).toBeGreaterThanOrEqual(0);
    });
    h.runtime.events.on("tool:end", () => {
      throw new Error("listener bug");
    });
    await h.runtime.handleFunctionCall("count_words", { text: "a" }, { origin: "mcp" });
    await h.runtime.handleFunctionCall("count_words", {});
    expect(seen).toEqual([
      "start count_words mcp",
      "end count_words ok",
      "start count_words model",
      "end count_words error",
    ]);
    expect(h.logger.lines.some((line) => line.includes("listener bug"))).toBe(true);
  });

  test("an aborted signal interrupts the call with an error", async () => {
    const controller = new AbortController();
    const pending = h.runtime.handleFunctionCall(
      "terminal",
      { command: "sleep 30" },
      { signal: controller.signal, taskId: "abort-test" },
    );
    setTimeout(() => controller.abort(), 100);
    const result = parse(await pending);
    expect(JSON.stringify(result)).toMatch(/cancel|interrupt|abort/i);
  });
});
