import type { DispatchContext, ToolDefinition } from "@hermes-agent/registry";
import { describe, expect, test } from "vitest";
import { createToolSearch, estimateDefinitionTokens, readToolSearchConfig } from "../src/index.js";

const def = (name: string, description: string): ToolDefinition => ({
  type: "function",
  function: {
    name,
    description,
    parameters: { type: "object", properties: { x: { type: "string" } } },
  },
});

const builtins = [def("terminal", "Run a shell command"), def("read_file", "Read a file")];
const mcp = [
  def("mcp__github__create_issue", "Create a new issue in a GitHub repository"),
  def("mcp__github__list_pull_requests", "List open pull requests of a repository"),
  def("mcp__slack__post_message", "Post a message to a Slack channel"),
  def("mcp__calendar__create_event", "Create a calendar event with attendees"),
  ...Array.from({ length: 60 }, (_, i) =>
    def(`mcp__misc__tool_${i}`, `Miscellaneous helper number ${i} for spreadsheets`),
  ),
];
const isDeferrable = (name: string) => name.startsWith("mcp__");
const parse = (out: unknown) => JSON.parse(out as string) as Record<string, unknown>;

describe("tool search", () => {
  test("auto defers MCP tools when they exceed the threshold of the context", () => {
    const calls: string[] = [];
    const session = createToolSearch({
      definitions: [...builtins, ...mcp],
      isDeferrable,
      contextWindowTokens: 8_000,
      callTool: async (name) => (calls.push(name), "ok"),
    });
    expect(session.active).toBe(true);
    expect(session.definitions.map((d) => d.function.name)).toEqual([
      "terminal",
      "read_file",
      "tool_search",
      "tool_describe",
      "tool_call",
    ]);
    expect(session.deferredNames).toHaveLength(mcp.length);
    const big = createToolSearch({
      definitions: [...builtins, ...mcp],
      isDeferrable,
      contextWindowTokens: 10_000_000,
      callTool: async () => "",
    });
    expect(big.active).toBe(false);
    expect(big.definitions).toHaveLength(builtins.length + mcp.length);
    expect(estimateDefinitionTokens(mcp)).toBeGreaterThan(800);
  });

  test("search ranks by name and description; describe shows the schema", async () => {
    const session = createToolSearch({
      definitions: [...builtins, ...mcp],
      isDeferrable,
      contextWindowTokens: 8_000,
      callTool: async () => "",
    });
    const found = parse(await session.call("tool_search", { query: "open github issue" }));
    const names = (found.tools as { name: string }[]).map((t) => t.name);
    expect(names[0]).toBe("mcp__github__create_issue");
    const pulls = parse(await session.call("tool_search", { query: "pull request", limit: 1 }));
    expect((pulls.tools as { name: string }[]).map((t) => t.name)).toEqual([
      "mcp__github__list_pull_requests",
    ]);
    const typo = parse(await session.call("tool_search", { query: "slak mesage" }));
    expect((typo.tools as { name: string }[])[0]?.name).toBe("mcp__slack__post_message");
    expect(
      parse(await session.call("tool_describe", { name: "mcp__slack__post_message" })),
    ).toMatchObject({
      name: "mcp__slack__post_message",
      parameters: { type: "object" },
    });
    expect(parse(await session.call("tool_search", { query: "  " })).error).toMatch(/query/);
  });

  test("tool_call is unwrapped through callTool and checked against the session's tools", async () => {
    const seen: [string, Record<string, unknown>, DispatchContext | undefined][] = [];
    const session = createToolSearch({
      definitions: [...builtins, ...mcp],
      isDeferrable,
      contextWindowTokens: 8_000,
      callTool: async (name, args, ctx) => {
        seen.push([name, args, ctx]);
        return '{"result": "done"}';
      },
    });
    const ctx = { taskId: "t1" };
    expect(
      await session.call(
        "tool_call",
        { name: "mcp__slack__post_message", arguments: { x: "hi" } },
        ctx,
      ),
    ).toBe('{"result": "done"}');
    expect(
      await session.call("tool_call", {
        name: "mcp__slack__post_message",
        arguments: '{"x": "s"}',
      }),
    ).toBe('{"result": "done"}');
    expect(seen[0]).toEqual(["mcp__slack__post_message", { x: "hi" }, ctx]);
    const missing = parse(
      await session.call("tool_call", { name: "mcp__secret__tool", arguments: {} }),
    );
    expect(missing.error).toBe(
      "'mcp__secret__tool' is not available in this session. Use tool_search to find tools you can call.",
    );
    expect(
      parse(await session.call("tool_call", { name: "tool_call", arguments: {} })).error,
    ).toMatch(/not available/);
    expect(
      parse(await session.call("tool_call", { name: "terminal", arguments: "[1]" })).error,
    ).toMatch(/JSON object/);
    expect(seen).toHaveLength(2);
  });

  test("dispatch routes the search tools to the session and everything else to callTool", async () => {
    const calls: string[] = [];
    const session = createToolSearch({
      definitions: [...builtins, ...mcp],
      isDeferrable,
      contextWindowTokens: 8_000,
      callTool: async (name, args) => (calls.push(`${name}:${JSON.stringify(args)}`), "ok"),
    });
    expect(await session.dispatch("terminal", { x: "ls" })).toBe("ok");
    expect(
      await session.dispatch(
        "tool_call",
        '{"name": "mcp__slack__post_message", "arguments": {"x": "hi"}}',
      ),
    ).toBe("ok");
    expect(
      parse(await session.dispatch("tool_search", '{"query": "calendar"}')).tools,
    ).toHaveLength(1);
    expect(calls).toEqual(['terminal:{"x":"ls"}', 'mcp__slack__post_message:{"x":"hi"}']);
  });

  test("the visible list never changes; tools that arrive later become searchable", async () => {
    const session = createToolSearch({
      definitions: [...builtins, ...mcp],
      isDeferrable,
      contextWindowTokens: 8_000,
      callTool: async (n) => n,
    });
    const before = session.definitions;
    session.addTools([
      def("mcp__weather__forecast", "Weather forecast for a city"),
      def("late_builtin", "x"),
    ]);
    expect(session.definitions).toBe(before);
    const found = parse(await session.call("tool_search", { query: "weather" }));
    expect((found.tools as { name: string }[])[0]?.name).toBe("mcp__weather__forecast");
    expect(await session.call("tool_call", { name: "mcp__weather__forecast", arguments: {} })).toBe(
      "mcp__weather__forecast",
    );
  });

  test("setTools drops tools that left and re-indexes tools registered again", async () => {
    const session = createToolSearch({
      definitions: [...builtins, ...mcp],
      isDeferrable,
      contextWindowTokens: 8_000,
      callTool: async (n) => n,
    });
    const before = session.definitions;
    const withoutGithub = [...builtins, ...mcp].filter((d) => !d.function.name.includes("github"));
    session.setTools(withoutGithub);
    expect(session.definitions).toBe(before);
    const names = (out: unknown) => (parse(out).tools as { name: string }[]).map((t) => t.name);
    expect(names(await session.call("tool_search", { query: "github issue" }))).not.toContain(
      "mcp__github__create_issue",
    );
    expect(parse(await session.call("tool_search", { query: "x" })).total_deferred).toBe(
      mcp.length - 2,
    );
    expect(session.deferredNames).not.toContain("mcp__github__create_issue");
    expect(
      parse(await session.call("tool_describe", { name: "mcp__github__create_issue" })).error,
    ).toContain("not available");
    expect(
      parse(await session.call("tool_call", { name: "mcp__github__create_issue", arguments: {} }))
        .error,
    ).toContain("not available");

    session.setTools([
      ...withoutGithub,
      def("mcp__github__create_issue", "File a bug report in a tracker"),
    ]);
    const back = parse(await session.call("tool_search", { query: "bug tracker" }));
    expect(back.tools).toEqual([
      { name: "mcp__github__create_issue", description: "File a bug report in a tracker" },
    ]);
    expect(
      parse(await session.call("tool_describe", { name: "mcp__github__create_issue" })).description,
    ).toBe("File a bug report in a tracker");
  });

  test("on / off and the config reader", () => {
    const on = createToolSearch({
      definitions: [...builtins, mcp[0]!],
      isDeferrable,
      contextWindowTokens: 1e9,
      config: { mode: "on", threshold: 0.1 },
      callTool: async () => "",
    });
    expect(on.active).toBe(true);
    expect(on.handles("tool_search")).toBe(true);
    const off = createToolSearch({
      definitions: [...builtins, ...mcp],
      isDeferrable,
      contextWindowTokens: 10,
      config: { mode: "off", threshold: 0.1 },
      callTool: async () => "",
    });
    expect(off.active).toBe(false);
    expect(off.handles("tool_search")).toBe(false);
    expect(readToolSearchConfig(undefined)).toEqual({ mode: "auto", threshold: 0.1 });
    expect(readToolSearchConfig("on")).toEqual({ mode: "on", threshold: 0.1 });
    expect(readToolSearchConfig(false)).toEqual({ mode: "off", threshold: 0.1 });
    expect(readToolSearchConfig({ mode: "auto", threshold: "0.2" })).toEqual({
      mode: "auto",
      threshold: 0.2,
    });
    expect(readToolSearchConfig({ threshold: 5 }).problem).toMatch(/tool_search.threshold/);
    expect(readToolSearchConfig("sometimes").problem).toMatch(/auto, on or off/);
  });
});
