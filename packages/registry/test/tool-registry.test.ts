import { describe, expect, it } from "vitest";
import { DEFAULT_MAX_RESULT_CHARS, ToolRegistry, type ToolSpec } from "../src/index.js";
import { recordingLogger } from "./helpers/recording-logger.js";

const parameters = { type: "object", properties: {} };

function tool(name: string, toolset: string, extra: Partial<ToolSpec> = {}): ToolSpec {
  return {
    name,
    toolset,
    schema: { description: `${name} tool`, parameters },
    handler: () => `${toolset}:${name}`,
    ...extra,
  };
}

function setup() {
  const logger = recordingLogger();
  return { logger, registry: new ToolRegistry({ logger }) };
}

describe("registration", () => {
  it("stores the entry with the description taken from the schema", () => {
    const { registry } = setup();
    expect(registry.register(tool("read", "files"))).toBe(true);
    const entry = registry.getEntry("read");
    expect(entry?.description).toBe("read tool");
    expect(entry?.schema.name).toBe("read");
    expect(entry?.toolset).toBe("files");
    expect(registry.getEntry("nope")).toBeUndefined();
  });

  it("lists an explicit description, and shows the model the schema's", () => {
    const { registry } = setup();
    registry.register(tool("read", "files", { description: "Reads files" }));
    expect(registry.getEntry("read")?.description).toBe("Reads files");
    expect(registry.getDefinitions(["read"])[0]?.function.description).toBe("read tool");
  });

  it("replaces a tool re-registered in the same toolset", async () => {
    const { registry, logger } = setup();
    registry.register(tool("read", "files"));
    registry.register(tool("read", "files", { handler: () => "reloaded" }));
    expect(await registry.dispatch("read", {})).toBe("reloaded");
    expect(logger.messages("error")).toEqual([]);
  });

  it("rejects a name taken by another toolset and logs both toolsets", async () => {
    const { registry, logger } = setup();
    registry.register(tool("my_tool", "builtin"));
    expect(registry.register(tool("my_tool", "mcp-ext"))).toBe(false);
    const [message] = logger.messages("error");
    expect(message).toMatch(/rejected/i);
    expect(message).toContain("builtin");
    expect(message).toContain("mcp-ext");
    expect(registry.getToolsetForTool("my_tool")).toBe("builtin");
    expect(await registry.dispatch("my_tool", {})).toBe("builtin:my_tool");
  });

  it("lets one MCP server's tool replace another's", () => {
    const { registry, logger } = setup();
    registry.register(tool("search", "mcp-a"));
    expect(registry.register(tool("search", "mcp-b"))).toBe(true);
    expect(registry.getToolsetForTool("search")).toBe("mcp-b");
    expect(registry.getRegisteredToolsetNames()).toEqual(["mcp-b"]);
    expect(logger.messages("error")).toEqual([]);
  });

  it("applies an override, logs it, and restores the displaced tool on deregister", async () => {
    const { registry, logger } = setup();
    const original = tool("terminal", "builtin");
    registry.register(original);
    expect(registry.register(tool("terminal", "my-plugin", { override: true }))).toBe(true);
    expect(logger.messages("info").join("\n")).toMatch(/overrid/);
    expect(await registry.dispatch("terminal", {})).toBe("my-plugin:terminal");

    expect(registry.deregister("terminal")).toBe(true);
    expect(registry.getEntry("terminal")?.handler).toBe(original.handler);
    expect(await registry.dispatch("terminal", {})).toBe("builtin:terminal");

    expect(registry.deregister("terminal")).toBe(true);
    expect(registry.getEntry("terminal")).toBeUndefined();
    expect(registry.deregister("terminal")).toBe(false);
  });

  it("restores stacked overrides in reverse order", async () => {
    const { registry, logger } = setup();
    registry.register(tool("t", "base"));
    registry.register(tool("t", "first", { override: true }));
    registry.register(tool("t", "second", { override: true }));
    expect(logger.messages("info").filter((m) => m.includes("overriding"))).toEqual([
      expect.stringMatching(/'first'.*'base'/),
      expect.stringMatching(/'second'.*'first'/),
    ]);
    expect(await registry.dispatch("t", {})).toBe("second:t");
    registry.deregister("t");
    expect(await registry.dispatch("t", {})).toBe("first:t");
    registry.deregister("t");
    expect(await registry.dispatch("t", {})).toBe("base:t");
    expect(registry.getRegisteredToolsetNames()).toEqual(["base"]);
    registry.deregister("t");
    expect(registry.hasTool("t")).toBe(false);
  });

  it("does not bring back a version an override's own toolset has since replaced", async () => {
    const { registry } = setup();
    registry.register(tool("t", "base"));
    registry.register(tool("t", "plugin", { override: true, handler: () => "plugin v1" }));
    registry.register(tool("t", "other", { override: true }));
    registry.register(tool("t", "plugin", { override: true, handler: () => "plugin v2" }));
    expect(await registry.dispatch("t", {})).toBe("plugin v2");
    registry.deregister("t");
    expect(await registry.dispatch("t", {})).toBe("other:t");
    registry.deregister("t");
    expect(await registry.dispatch("t", {})).toBe("base:t");
  });

  it("gives a restored tool its toolset's aliases and check back", () => {
    const { registry } = setup();
    const check = () => true;
    registry.register(tool("terminal", "builtin-terminal", { checkFn: check }));
    registry.registerToolsetAlias("terminal-tools", "builtin-terminal");
    registry.register(tool("terminal", "my-plugin", { override: true }));
    registry.deregister("terminal");
    expect(registry.getToolsetForTool("terminal")).toBe("builtin-terminal");
    expect(registry.resolveToolsetAlias("terminal-tools")).toBe("builtin-terminal");
    expect(registry.getToolNamesForToolset("terminal-tools")).toEqual(["terminal"]);
    expect(registry.getToolsetCheck("builtin-terminal")).toBe(check);
  });

  it("drops the aliases of a toolset an MCP server's tool moved away from", () => {
    const { registry } = setup();
    registry.register(tool("search", "mcp-a"));
    registry.registerToolsetAlias("a", "mcp-a");
    registry.register(tool("search", "mcp-b"));
    expect(registry.resolveToolsetAlias("a")).toBeUndefined();
    expect(registry.deregister("search")).toBe(true);
    expect(registry.hasTool("search")).toBe(false);
  });

  it("bumps the generation on every change", () => {
    const { registry } = setup();
    const seen = [registry.generation];
    registry.register(tool("a", "x"));
    seen.push(registry.generation);
    registry.registerToolsetAlias("ex", "x");
    seen.push(registry.generation);
    registry.deregister("a");
    seen.push(registry.generation);
    expect(new Set(seen).size).toBe(4);
    expect(seen).toEqual([...seen].sort((p, q) => p - q));
    registry.register(tool("a", "x"));
    const before = registry.generation;
    registry.register(tool("b", "y"));
    registry.register(tool("b", "z"));
    expect(registry.generation).toBe(before + 1);
  });

  it("uses the first check registered for a toolset", () => {
    const { registry } = setup();
    const first = () => true;
    registry.register(tool("a", "web", { checkFn: first }));
    registry.register(tool("b", "web", { checkFn: () => false }));
    expect(registry.getToolsetCheck("web")).toBe(first);
  });
});

describe("aliases and lookups", () => {
  it("resolves aliases and drops them with the toolset's last tool", () => {
    const { registry } = setup();
    registry.register(tool("mcp__srv__a", "mcp-srv"));
    registry.registerToolsetAlias("srv", "mcp-srv");
    expect(registry.resolveToolsetAlias("srv")).toBe("mcp-srv");
    expect(registry.getToolsetAliases()).toEqual({ srv: "mcp-srv" });
    expect(registry.getToolNamesForToolset("srv")).toEqual(["mcp__srv__a"]);
    registry.deregister("mcp__srv__a");
    expect(registry.resolveToolsetAlias("srv")).toBeUndefined();
    expect(registry.getToolsetCheck("mcp-srv")).toBeUndefined();
  });

  it("warns when an alias is repointed", () => {
    const { registry, logger } = setup();
    registry.registerToolsetAlias("srv", "mcp-one");
    registry.registerToolsetAlias("srv", "mcp-two");
    expect(logger.messages("warn").join("\n")).toContain("mcp-one");
    expect(registry.resolveToolsetAlias("srv")).toBe("mcp-two");
  });

  it("lists names sorted and toolsets sorted and unique", () => {
    const { registry } = setup();
    for (const [name, toolset] of [
      ["zeta", "b"],
      ["alpha", "a"],
      ["mid", "b"],
    ] as const)
      registry.register(tool(name, toolset));
    expect(registry.getAllToolNames()).toEqual(["alpha", "mid", "zeta"]);
    expect(registry.getRegisteredToolsetNames()).toEqual(["a", "b"]);
    expect(registry.getToolNamesForToolset("b")).toEqual(["mid", "zeta"]);
    expect(registry.getToolNamesForToolset("unknown")).toEqual([]);
    expect(new Set(registry.getToolsetIndex().get("b"))).toEqual(new Set(["zeta", "mid"]));
    expect(registry.hasTool("mid")).toBe(true);
  });

  it("returns emoji with the default for unset, empty and unknown", () => {
    const { registry } = setup();
    registry.register(tool("a", "x", { emoji: "🔍" }));
    registry.register(tool("b", "x", { emoji: "" }));
    registry.register(tool("c", "x"));
    expect(registry.getEmoji("a")).toBe("🔍");
    expect(registry.getEmoji("b")).toBe("⚡");
    expect(registry.getEmoji("c", "🛠")).toBe("🛠");
    expect(registry.getEmoji("missing")).toBe("⚡");
  });

  it("returns the result cap: the tool's, else the fallback, else the default", () => {
    const { registry } = setup();
    registry.register(tool("a", "x", { maxResultSizeChars: 500 }));
    registry.register(tool("b", "x"));
    expect(registry.getMaxResultSize("a")).toBe(500);
    expect(registry.getMaxResultSize("b", 42)).toBe(42);
    expect(registry.getMaxResultSize("b")).toBe(DEFAULT_MAX_RESULT_CHARS);
  });

  it("keeps lookups coherent while tools come and go", () => {
    const { registry } = setup();
    for (let round = 0; round < 50; round++) {
      registry.register(tool(`t${round}`, `set${round % 3}`));
      if (round % 2 === 0) registry.deregister(`t${round - 1}`);
      const names = registry.getAllToolNames();
      for (const name of names)
        expect(registry.getToolNamesForToolset(registry.getToolsetForTool(name) ?? "")).toContain(
          name,
        );
    }
  });
});

describe("availability", () => {
  it("treats a toolset as available when any of its tools passes", () => {
    const { registry } = setup();
    registry.register(tool("read_terminal", "terminal", { checkFn: () => false }));
    registry.register(tool("terminal", "terminal", { checkFn: () => true }));
    registry.register(tool("gated", "web", { checkFn: () => false }));
    registry.register(tool("plain", "misc"));
    registry.register(
      tool("boom", "crashy", {
        checkFn: () => {
          throw new Error("no");
        },
      }),
    );
    expect(registry.isToolsetAvailable("terminal")).toBe(true);
    expect(registry.isToolsetAvailable("web")).toBe(false);
    expect(registry.isToolsetAvailable("misc")).toBe(true);
    expect(registry.isToolsetAvailable("crashy")).toBe(false);
    expect(registry.isToolsetAvailable("nothing-here")).toBe(false);
    expect(registry.checkToolsetRequirements()).toEqual({
      crashy: false,
      misc: true,
      terminal: true,
      web: false,
    });
  });

  it("reports unavailable toolsets with the env vars they lack", () => {
    const { registry } = setup();
    registry.register(
      tool("web_search", "web", { checkFn: () => false, requiresEnv: ["SEARCH_KEY", "SET_ONE"] }),
    );
    registry.register(
      tool("boom", "crashy", {
        checkFn: () => {
          throw new Error("no");
        },
      }),
    );
    registry.register(tool("ok", "fine", { checkFn: () => true }));
    const report = registry.checkToolAvailability({ SET_ONE: "1" });
    expect(report.available).toEqual(["fine"]);
    expect(report.unavailable).toEqual([
      { name: "crashy", envVars: [], tools: ["boom"] },
      { name: "web", envVars: ["SEARCH_KEY"], tools: ["web_search"] },
    ]);
  });
});
