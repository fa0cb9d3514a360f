import { silentLogger } from "@hermes-agent/core";
import { execFileSync } from "node:child_process";
import { afterEach, describe, expect, expectTypeOf, it, vi } from "vitest";
import {
  DEFAULT_DISPATCH_TIMEOUT_MS,
  toolError,
  toolResult,
  ToolRegistry,
  type DispatchContext,
  type ToolSpec,
} from "../src/index.js";

const parameters = {
  type: "object",
  properties: { path: { type: "string" }, limit: { type: "integer" } },
  required: ["path"],
};

function registryWith(
  handler: ToolSpec["handler"],
  options: ConstructorParameters<typeof ToolRegistry>[0] = {},
): ToolRegistry {
  const registry = new ToolRegistry({ logger: silentLogger, ...options });
  registry.register({ name: "files", toolset: "fs", schema: { parameters }, handler });
  return registry;
}

const parse = (text: unknown): Record<string, unknown> =>
  JSON.parse(text as string) as Record<string, unknown>;

afterEach(() => {
  vi.useRealTimers();
});

describe("arguments sent as a JSON string (OpenAI's form)", () => {
  it("parses the string and validates what it holds", async () => {
    let seen: unknown;
    const registry = registryWith((args) => {
      seen = args;
      return "ok";
    });
    expect(await registry.dispatch("files", '{"path": "/tmp/a", "limit": "5"}')).toBe("ok");
    expect(seen).toEqual({ path: "/tmp/a", limit: 5 });
    const missing = parse(await registry.dispatch("files", '{"limit": 5}'));
    expect(missing["error"]).toBe("Invalid arguments for tool 'files': 'path' is required");
  });

  it("names the position of a JSON syntax error", async () => {
    const registry = registryWith(() => "ran");
    const out = parse(await registry.dispatch("files", '{"path": "/tmp/a",}'));
    expect(out["error"]).toMatch(/not valid JSON: .* at position 18 \(line 1, column 19\)/);
    expect(out["error_type"]).toBe("invalid_arguments");
  });

  it("treats no arguments (undefined, null, an empty string) as an empty object", async () => {
    const registry = new ToolRegistry({ logger: silentLogger });
    registry.register({
      name: "noargs",
      toolset: "t",
      schema: { parameters: { type: "object", properties: {} } },
      handler: (args) => JSON.stringify(args),
    });
    for (const empty of [undefined, null, "", "  "]) {
      expect(await registry.dispatch("noargs", empty)).toBe("{}");
    }
  });

  it.each([
    [42, "a number"],
    [true, "a boolean"],
    [["/tmp/a"], "an array"],
    ['["/tmp/a"]', "an array"],
    ['"just text"', "a string"],
    ["7", "a number"],
  ])("refuses %j with a clear error instead of calling the tool with {}", async (args, kind) => {
    const handler = vi.fn(() => "ran");
    const registry = registryWith(handler);
    const out = parse(await registry.dispatch("files", args));
    expect(out["error"]).toBe(
      `Invalid arguments for tool 'files': '(arguments)' must be a JSON object of named arguments, got ${kind}`,
    );
    expect(handler).not.toHaveBeenCalled();
  });
});

describe("default timeout", () => {
  it("is Hermes' 300 s", () => {
    expect(DEFAULT_DISPATCH_TIMEOUT_MS).toBe(300_000);
  });

  it("resolves a handler that never settles, and aborts its signal", async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    const registry = registryWith((_args, ctx) => {
      signal = ctx.signal;
      return new Promise(() => undefined);
    });
    const pending = registry.dispatch("files", { path: "a" });
    await vi.advanceTimersByTimeAsync(300_000);
    expect(signal?.aborted).toBe(false);
    // Calls share a deadline per second of start time: at most one second more than 300 s.
    await vi.advanceTimersByTimeAsync(1_000);
    const out = parse(await pending);
    expect(out).toEqual({
      error: "Tool 'files' timed out after 300s",
      error_type: "timeout",
      tool: "files",
    });
    expect(signal?.aborted).toBe(true);
  });

  it("also applies when the caller passes a signal but no timeout", async () => {
    vi.useFakeTimers();
    const registry = registryWith(() => new Promise(() => undefined), { defaultTimeoutMs: 1000 });
    const pending = registry.dispatch(
      "files",
      { path: "a" },
      { signal: new AbortController().signal },
    );
    await vi.advanceTimersByTimeAsync(1010);
    expect(parse(await pending)["error_type"]).toBe("timeout");
  });

  it("serves many concurrent calls with a constant number of timers", async () => {
    vi.useFakeTimers();
    const registry = registryWith(async () => "ok", { defaultTimeoutMs: 5000 });
    const pending = Array.from({ length: 500 }, () => registry.dispatch("files", { path: "a" }));
    expect(vi.getTimerCount()).toBeLessThanOrEqual(2);
    const results = await Promise.all(pending);
    expect(results.every((result) => result === "ok")).toBe(true);
    await vi.advanceTimersByTimeAsync(6000);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("an explicit timeoutMs still wins, and Infinity disables the default", async () => {
    vi.useFakeTimers();
    const registry = registryWith(() => new Promise(() => undefined), {
      defaultTimeoutMs: Number.POSITIVE_INFINITY,
    });
    const short = registry.dispatch("files", { path: "a" }, { timeoutMs: 50 });
    await vi.advanceTimersByTimeAsync(50);
    expect(parse(await short)["error"]).toBe("Tool 'files' timed out after 0.05s");
    void registry.dispatch("files", { path: "a" });
    expect(vi.getTimerCount()).toBe(0);
  });

  it("a tool's own timeoutMs replaces the default, and may depend on the arguments", async () => {
    vi.useFakeTimers();
    const registry = new ToolRegistry({ logger: silentLogger, defaultTimeoutMs: 1000 });
    registry.register({
      name: "long_job",
      toolset: "jobs",
      schema: { parameters: { type: "object", properties: { seconds: { type: "integer" } } } },
      timeoutMs: (args: { seconds?: number }) => ((args.seconds ?? 1) + 1) * 1000,
      handler: (args: { seconds?: number }) =>
        new Promise((resolve) => setTimeout(() => resolve("done"), (args.seconds ?? 1) * 1000)),
    });
    const long = registry.dispatch(
      "long_job",
      { seconds: 5 },
      { signal: new AbortController().signal },
    );
    await vi.advanceTimersByTimeAsync(5000);
    expect(await long).toBe("done");
    const stuck = registry.dispatch("long_job", { seconds: 60 }, { timeoutMs: 2000 });
    await vi.advanceTimersByTimeAsync(2000);
    expect(parse(await stuck)["error"]).toBe("Tool 'long_job' timed out after 2s");
  });

  it("a tool's own limit still ends a call that runs past it, and a broken one falls back", async () => {
    vi.useFakeTimers();
    const registry = new ToolRegistry({ logger: silentLogger, defaultTimeoutMs: 1000 });
    const never = (): Promise<never> => new Promise(() => undefined);
    registry.register({
      name: "capped",
      toolset: "jobs",
      schema: { parameters },
      timeoutMs: 3000,
      handler: never,
    });
    registry.register({
      name: "broken",
      toolset: "jobs",
      schema: { parameters },
      timeoutMs: () => {
        throw new Error("no limit for you");
      },
      handler: never,
    });
    const capped = registry.dispatch("capped", { path: "a" });
    const broken = registry.dispatch("broken", { path: "a" });
    await vi.advanceTimersByTimeAsync(1000);
    expect(parse(await broken)["error"]).toBe("Tool 'broken' timed out after 1s");
    await vi.advanceTimersByTimeAsync(2000);
    expect(parse(await capped)["error"]).toBe("Tool 'capped' timed out after 3s");
    expect(() =>
      registry.register({
        name: "bad",
        toolset: "jobs",
        schema: { parameters },
        timeoutMs: -1,
        handler: never,
      }),
    ).toThrow(/timeoutMs must be a positive number/);
  });

  it("refuses a default timeout that is not a positive number", () => {
    expect(() => new ToolRegistry({ defaultTimeoutMs: 0 })).toThrow(/defaultTimeoutMs/);
    expect(() => new ToolRegistry({ defaultTimeoutMs: Number.NaN })).toThrow(/defaultTimeoutMs/);
  });

  it("a pending default deadline does not keep the process alive", () => {
    const script = `
      import { ToolRegistry } from "./src/index.ts";
      const quiet = () => {};
      const logger = { debug: quiet, info: quiet, warn: quiet, error: quiet };
      const registry = new ToolRegistry({ logger });
      registry.register({ name: "hang", toolset: "t", schema: { parameters: { type: "object" } },
        handler: () => new Promise(() => {}) });
      void registry.dispatch("hang", {});
    `;
    const started = Date.now();
    execFileSync(
      process.execPath,
      ["--conditions=@hermes-agent/source", "--import", "tsx", "--input-type=module", "-e", script],
      {
        cwd: new URL("..", import.meta.url),
        timeout: 20_000,
      },
    );
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});

describe("the dispatch context type", () => {
  it("is closed: a misspelt option does not compile", () => {
    // @ts-expect-error `timeout` is not an option; `timeoutMs` is.
    const misspelt: DispatchContext = { timeout: 5000 };
    expect(misspelt).toBeDefined();
    expectTypeOf<DispatchContext>().toHaveProperty("timeoutMs");
    expectTypeOf<DispatchContext>().toHaveProperty("metadata");
  });

  it("passes metadata and extra keys through to the handler", async () => {
    const registry = new ToolRegistry({ logger: silentLogger });
    registry.register({
      name: "ctx",
      toolset: "t",
      schema: { parameters: { type: "object" } },
      handler: (_args, ctx) =>
        JSON.stringify({ metadata: ctx.metadata, session: ctx.sessionKey, task: ctx.taskId }),
    });
    const out = await registry.dispatch(
      "ctx",
      {},
      { metadata: { origin: "cli" }, sessionKey: "s1", taskId: "t1" },
    );
    expect(parse(out)).toEqual({ metadata: { origin: "cli" }, session: "s1", task: "t1" });
  });
});

describe("error results", () => {
  it("are byte-identical to Hermes' json.dumps", async () => {
    const registry = registryWith(() => "ok");
    expect(await registry.dispatch("nope", {})).toBe('{"error": "Unknown tool: nope"}');
    expect(await registry.dispatch("nöpe", {})).toBe('{"error": "Unknown tool: n\\u00f6pe"}');
    expect(toolError("bad", { code: 2 })).toBe('{"error": "bad", "code": 2}');
  });

  it("report a thrown subclass of Error by its class name", async () => {
    class QuotaExceeded extends Error {}
    const registry = registryWith(() => {
      throw new QuotaExceeded("over the limit");
    });
    expect(parse(await registry.dispatch("files", { path: "a" }))["error"]).toBe(
      "Tool execution failed: QuotaExceeded: over the limit",
    );
  });

  it("a Symbol or other non-string name resolves with an error instead of throwing", async () => {
    const registry = registryWith(() => "ok");
    const asName = (value: unknown): string => value as string;
    await expect(registry.dispatch(asName(Symbol("x")), {})).resolves.toBe(
      '{"error": "Tool name must be a string, got symbol"}',
    );
    await expect(registry.dispatch(asName(undefined), {})).resolves.toContain("got undefined");
  });
});

describe("toolResult", () => {
  it("gives {} for undefined and null, as Hermes' tool_result()", () => {
    expect(toolResult(undefined)).toBe("{}");
    expect(toolResult(null)).toBe("{}");
    expect(toolResult({ a: [1, "é"] })).toBe('{"a": [1, "é"]}');
    expect(toolResult("already text")).toBe("already text");
  });
});
