import { mkdtempSync, rmSync, writeFileSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FunctionSchema, ToolDefinition } from "@hermes-agent/registry";
import { afterAll, describe, expect, test, vi } from "vitest";
import {
  clearToolDefinitionsCache,
  createCustomToolset,
  DEFAULT_SCHEMA_PATCHES,
  getToolDefinitions,
  removeCustomToolset,
  TOOL_DEFINITIONS_CACHE_SIZE,
  type GetToolDefinitionsOptions,
  type SchemaPatches,
} from "../src/index.js";
import { quietRegistry, registerTools } from "./helpers.js";

/** A registry with web tools, and patches whose call count reveals every recomputation. */
function setup() {
  const registry = quietRegistry();
  registerTools(registry, "web", ["web_search", "web_extract"]);
  registerTools(registry, "terminal", ["terminal", "process"]);
  const spy = vi.fn((schema: FunctionSchema) => schema);
  const schemaPatches: SchemaPatches = { ...DEFAULT_SCHEMA_PATCHES, web_search: spy };
  const call = (options: Omit<GetToolDefinitionsOptions, "registry" | "schemaPatches"> = {}) =>
    getToolDefinitions({ registry, schemaPatches, quiet: true, ...options });
  return { registry, spy, call, schemaPatches };
}

const names = (defs: readonly { function: { name: string } }[]) => defs.map((d) => d.function.name);

describe("memo keys", () => {
  test("invalidateCheckCache() also drops remembered definitions", () => {
    const { call, spy, registry } = setup();
    call({ enabledToolsets: ["web"] });
    registry.invalidateCheckCache();
    call({ enabledToolsets: ["web"] });
    expect(spy).toHaveBeenCalledTimes(2);
  });

  test("the order (and repeats) of the toolset lists do not matter", () => {
    const { call, spy } = setup();
    const first = call({ enabledToolsets: ["web", "terminal"], disabledToolsets: ["a", "b"] });
    const second = call({
      enabledToolsets: ["terminal", "web", "web"],
      disabledToolsets: ["b", "a"],
    });
    expect(spy).toHaveBeenCalledTimes(1);
    expect(second).toEqual(first);
  });
});

describe("memoization", () => {
  test("a repeat call is served from the memo with an equal result", () => {
    const { call, spy } = setup();
    const first = call({ enabledToolsets: ["web"] });
    const second = call({ enabledToolsets: ["web"] });
    expect(spy).toHaveBeenCalledTimes(1);
    expect(second).toEqual(first);
  });

  test("different enabled or disabled lists are different entries", () => {
    const { call, spy } = setup();
    call({ enabledToolsets: ["web"] });
    call({ enabledToolsets: ["web", "terminal"] });
    call({ enabledToolsets: ["web"], disabledToolsets: ["terminal"] });
    call({});
    expect(spy).toHaveBeenCalledTimes(4);
  });

  test("a registry change (register, deregister, alias) invalidates", () => {
    const { call, spy, registry } = setup();
    expect(names(call({ enabledToolsets: ["web"] }))).toEqual(["web_extract", "web_search"]);
    registerTools(registry, "web", ["web_search_plus"]);
    expect(names(call({ enabledToolsets: ["web"] }))).toEqual([
      "web_extract",
      "web_search",
      "web_search_plus",
    ]);
    registry.deregister("web_extract");
    expect(names(call({ enabledToolsets: ["web"] }))).toEqual(["web_search", "web_search_plus"]);
    registerTools(registry, "mcp-srv", ["mcp__srv__ping"]);
    expect(names(call({ enabledToolsets: ["web", "srv"] }))).toEqual([
      "web_search",
      "web_search_plus",
    ]);
    registry.registerToolsetAlias("srv", "mcp-srv");
    expect(names(call({ enabledToolsets: ["web", "srv"] }))).toEqual([
      "mcp__srv__ping",
      "web_search",
      "web_search_plus",
    ]);
    expect(spy).toHaveBeenCalledTimes(5);
  });

  test("a changed config fingerprint invalidates", () => {
    const { call, spy } = setup();
    call({ configFingerprint: "100:10" });
    call({ configFingerprint: "100:10" });
    expect(spy).toHaveBeenCalledTimes(1);
    call({ configFingerprint: "200:12" });
    expect(spy).toHaveBeenCalledTimes(2);
  });

  describe("config file", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "toolsets-config-"));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    // A file's stat is trusted for 100 ms (a memo hit must stay cheap); step past that.
    const afterStatTtl = (): void => {
      vi.advanceTimersByTime(150);
    };

    test("an edited config file (mtime, size) invalidates", () => {
      vi.useFakeTimers({ toFake: ["performance"] });
      const { call, spy } = setup();
      const configPath = path.join(dir, "config.yaml");
      writeFileSync(configPath, "toolsets: [web]\n");
      utimesSync(configPath, 1_700_000_000, 1_700_000_000);
      call({ configPath });
      call({ configPath });
      expect(spy).toHaveBeenCalledTimes(1);
      writeFileSync(configPath, "toolsets: [web, terminal]\n");
      utimesSync(configPath, 1_700_000_000, 1_700_000_000);
      afterStatTtl();
      call({ configPath });
      expect(spy).toHaveBeenCalledTimes(2);
      utimesSync(configPath, 1_700_000_100, 1_700_000_100);
      afterStatTtl();
      call({ configPath });
      expect(spy).toHaveBeenCalledTimes(3);
      vi.useRealTimers();
    });

    test("a missing config file is a fingerprint of its own", () => {
      const { call, spy } = setup();
      vi.useFakeTimers({ toFake: ["performance"] });
      const configPath = path.join(dir, "absent.yaml");
      call({ configPath });
      call({ configPath });
      expect(spy).toHaveBeenCalledTimes(1);
      writeFileSync(configPath, "x: 1\n");
      afterStatTtl();
      call({ configPath });
      vi.useRealTimers();
      expect(spy).toHaveBeenCalledTimes(2);
    });
  });

  test("creating or removing a custom toolset invalidates", () => {
    const { call, spy } = setup();
    try {
      expect(names(call({ enabledToolsets: ["memo_custom"] }))).toEqual([]);
      createCustomToolset({ name: "memo_custom", description: "x", tools: ["web_search"] });
      expect(names(call({ enabledToolsets: ["memo_custom"] }))).toEqual(["web_search"]);
    } finally {
      removeCustomToolset("memo_custom");
    }
    expect(names(call({ enabledToolsets: ["memo_custom"] }))).toEqual([]);
    expect(spy).toHaveBeenCalledTimes(1);
  });

  test("kanbanTask is part of the key", () => {
    const { registry, call } = setup();
    registerTools(registry, "kanban", ["kanban_show"]);
    expect(names(call({ enabledToolsets: ["web"] }))).toEqual(["web_extract", "web_search"]);
    expect(names(call({ enabledToolsets: ["web"], kanbanTask: true }))).toEqual([
      "kanban_show",
      "web_extract",
      "web_search",
    ]);
    expect(names(call({ enabledToolsets: ["web"] }))).toEqual(["web_extract", "web_search"]);
  });

  test("other schema patches are a miss", () => {
    const { registry, call, spy } = setup();
    call({ enabledToolsets: ["web"] });
    const other = vi.fn((schema: FunctionSchema) => schema);
    getToolDefinitions({
      registry,
      enabledToolsets: ["web"],
      quiet: true,
      schemaPatches: { web_search: other },
    });
    expect(other).toHaveBeenCalledTimes(1);
    call({ enabledToolsets: ["web"] });
    expect(spy).toHaveBeenCalledTimes(2);
  });

  test(`holds ${TOOL_DEFINITIONS_CACHE_SIZE} entries per registry, first in first out`, () => {
    const { call, spy } = setup();
    const keys = Array.from({ length: TOOL_DEFINITIONS_CACHE_SIZE + 1 }, (_, i) => `fp${i}`);
    for (const key of keys) call({ configFingerprint: key });
    expect(spy).toHaveBeenCalledTimes(keys.length);
    call({ configFingerprint: keys.at(-1) as string });
    call({ configFingerprint: keys[1] as string });
    expect(spy).toHaveBeenCalledTimes(keys.length);
    call({ configFingerprint: keys[0] as string });
    expect(spy).toHaveBeenCalledTimes(keys.length + 1);
  });

  test("registries do not share entries", () => {
    const a = setup();
    const b = setup();
    a.call({ enabledToolsets: ["web"] });
    b.call({ enabledToolsets: ["web"] });
    expect(a.spy).toHaveBeenCalledTimes(1);
    expect(b.spy).toHaveBeenCalledTimes(1);
  });

  test("clearToolDefinitionsCache forgets one registry's entries, or every registry's", () => {
    const a = setup();
    const b = setup();
    a.call();
    b.call();
    clearToolDefinitionsCache(a.registry);
    a.call();
    b.call();
    expect(a.spy).toHaveBeenCalledTimes(2);
    expect(b.spy).toHaveBeenCalledTimes(1);
    clearToolDefinitionsCache();
    a.call();
    b.call();
    expect(a.spy).toHaveBeenCalledTimes(3);
    expect(b.spy).toHaveBeenCalledTimes(2);
  });

  test("entries expire after cacheTtlMs; 0 disables the memo", () => {
    vi.useFakeTimers({ toFake: ["performance"] });
    try {
      const { call, spy } = setup();
      call({ cacheTtlMs: 1_000 });
      vi.advanceTimersByTime(999);
      call({ cacheTtlMs: 1_000 });
      expect(spy).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(2);
      call({ cacheTtlMs: 1_000 });
      expect(spy).toHaveBeenCalledTimes(2);
      call({ cacheTtlMs: 0 });
      call({ cacheTtlMs: 0 });
      expect(spy).toHaveBeenCalledTimes(4);
    } finally {
      vi.useRealTimers();
    }
  });

  test("a non-quiet hit replays the report lines; a quiet entry is recomputed to print them", () => {
    const { registry, spy, schemaPatches } = setup();
    const lines: string[] = [];
    const loud = {
      registry,
      schemaPatches,
      enabledToolsets: ["web"],
      log: (line: string) => lines.push(line),
    };
    getToolDefinitions({ ...loud, quiet: true });
    expect(lines).toEqual([]);
    getToolDefinitions(loud);
    expect(spy).toHaveBeenCalledTimes(2);
    const printed = [...lines];
    expect(printed).toHaveLength(2);
    getToolDefinitions(loud);
    expect(spy).toHaveBeenCalledTimes(2);
    expect(lines).toEqual([...printed, ...printed]);
  });
});

describe("results are shared and immutable", () => {
  test("a hit returns the remembered list itself, at no copying cost", () => {
    const { call, spy } = setup();
    const first = call({ enabledToolsets: ["web"] });
    const second = call({ enabledToolsets: ["web"] });
    expect(second).toBe(first);
    expect(spy).toHaveBeenCalledTimes(1);
  });

  test("the list, its definitions and their schemas refuse changes, so the memo cannot be corrupted", () => {
    const { call } = setup();
    const first = call({ enabledToolsets: ["web"] });
    const expected = structuredClone(first);
    const injected = {
      type: "function" as const,
      function: { name: "x", description: "", parameters: {} },
    };
    expect(() => (first as ToolDefinition[]).push(injected)).toThrow(TypeError);
    expect(() => (first as ToolDefinition[]).reverse()).toThrow(TypeError);
    const schema = first.find((d) => d.function.name === "web_search")?.function as {
      description: string;
    };
    expect(() => {
      schema.description = "changed";
    }).toThrow(TypeError);
    expect(() => {
      (first[1] as { type: string }).type = "other";
    }).toThrow(TypeError);
    expect(call({ enabledToolsets: ["web"] })).toEqual(expected);
  });

  test("a copy is the caller's to change", () => {
    const { call } = setup();
    const mine = structuredClone(call({ enabledToolsets: ["web"] })) as ToolDefinition[];
    mine.pop();
    expect(names(call({ enabledToolsets: ["web"] }))).toEqual(["web_extract", "web_search"]);
  });

  test("the same list object passed again with other items is a different selection", () => {
    const { call, spy } = setup();
    const enabled = ["web"];
    expect(names(call({ enabledToolsets: enabled }))).toEqual(["web_extract", "web_search"]);
    enabled.push("terminal");
    call({ enabledToolsets: enabled });
    expect(spy).toHaveBeenCalledTimes(2);
    enabled.pop();
    expect(names(call({ enabledToolsets: enabled }))).toEqual(["web_extract", "web_search"]);
    expect(spy).toHaveBeenCalledTimes(2);
  });

  test("parameters are shared but frozen, so they cannot be corrupted either", () => {
    const { call, registry } = setup();
    const [definition] = call({ enabledToolsets: ["search"] });
    const parameters = definition?.function.parameters as { properties: Record<string, unknown> };
    expect(() => {
      parameters.properties["extra"] = { type: "string" };
    }).toThrow(TypeError);
    expect(registry.getSchema("web_search")?.parameters).toEqual({
      type: "object",
      properties: { input: { type: "string" } },
    });
  });

  test("parameters from a dynamic schema override are frozen copies, not the override's own object", () => {
    const registry = quietRegistry();
    const own = { type: "object", properties: { mode: { type: "string" } } };
    registry.register({
      name: "dynamic_tool",
      toolset: "dyn",
      schema: { description: "d", parameters: { type: "object" } },
      handler: () => "ok",
      dynamicSchemaOverrides: () => ({ parameters: own }),
    });
    const [definition] = getToolDefinitions({ registry, quiet: true });
    expect(definition?.function.parameters).toEqual(own);
    expect(Object.isFrozen(definition?.function.parameters)).toBe(true);
    expect(Object.isFrozen(own)).toBe(false);
  });

  test("extra schema keys survive the copy", () => {
    const registry = quietRegistry();
    registry.register({
      name: "strict_tool",
      toolset: "s",
      schema: { description: "d", parameters: { type: "object" } },
      handler: () => "ok",
      dynamicSchemaOverrides: () => ({ strict: true }),
    });
    const first = getToolDefinitions({ registry, quiet: true });
    const second = getToolDefinitions({ registry, quiet: true });
    expect(second[0]?.function).toMatchObject({ name: "strict_tool", strict: true });
    expect(second[0]?.function).toBe(first[0]?.function);
    expect(Object.isFrozen(second[0]?.function)).toBe(true);
  });
});
