import { afterEach, describe, expect, test } from "vitest";
import {
  createCustomToolset,
  getToolset,
  getToolsetNames,
  removeCustomToolset,
  resolveMultipleToolsets,
  resolveToolset,
  TOOLSETS,
  validateToolset,
} from "../src/index.js";
import { quietRegistry, registerTools } from "./helpers.js";

const created: string[] = [];
function custom(name: string, tools: string[], includes: string[] = []): void {
  createCustomToolset({ name, description: `test ${name}`, tools, includes });
  created.push(name);
}
afterEach(() => {
  for (const name of created.splice(0)) removeCustomToolset(name);
});

describe("resolveToolset", () => {
  test("resolves a leaf toolset, sorted", () => {
    expect(resolveToolset("web", { registry: quietRegistry() })).toEqual([
      "web_extract",
      "web_search",
    ]);
  });

  test("unknown → []", () => {
    expect(resolveToolset("unknown", { registry: quietRegistry() })).toEqual([]);
  });

  test("a cycle A ↔ B resolves both sides without recursing forever", () => {
    custom("cycle_a", ["t1"], ["cycle_b"]);
    custom("cycle_b", ["t2"], ["cycle_a"]);
    const registry = quietRegistry();
    expect(resolveToolset("cycle_a", { registry })).toEqual(["t1", "t2"]);
    expect(resolveToolset("cycle_b", { registry })).toEqual(["t1", "t2"]);
  });

  test("a toolset that includes itself resolves to its own tools", () => {
    custom("self_loop", ["t1"], ["self_loop"]);
    expect(resolveToolset("self_loop", { registry: quietRegistry() })).toEqual(["t1"]);
  });

  test("a diamond (top → left, right → base) contributes the shared base once", () => {
    custom("d_base", ["base_tool"]);
    custom("d_left", ["left_tool"], ["d_base"]);
    custom("d_right", ["right_tool"], ["d_base"]);
    custom("d_top", [], ["d_left", "d_right"]);
    expect(resolveToolset("d_top", { registry: quietRegistry() })).toEqual([
      "base_tool",
      "left_tool",
      "right_tool",
    ]);
  });

  test("all and * mean every toolset, registry ones included", () => {
    const registry = quietRegistry();
    registerTools(registry, "mcp-srv", ["mcp__srv__ping"]);
    registerTools(registry, "plugin_x", ["plugin_tool"]);
    const all = resolveToolset("all", { registry });
    expect(resolveToolset("*", { registry })).toEqual(all);
    expect(all.length).toBeGreaterThan(10);
    expect(all).toEqual([...all].sort());
    for (const definition of Object.values(TOOLSETS))
      for (const tool of definition.tools) expect(all).toContain(tool);
    expect(all).toEqual(expect.arrayContaining(["mcp__srv__ping", "plugin_tool"]));
  });

  test("a toolset including all resolves to everything", () => {
    custom("everything", [], ["all"]);
    const registry = quietRegistry();
    expect(resolveToolset("everything", { registry })).toEqual(resolveToolset("all", { registry }));
  });

  test("a tool registered into a static toolset joins it", () => {
    const registry = quietRegistry();
    registerTools(registry, "web", ["web_search_plus"]);
    expect(resolveToolset("web", { registry })).toEqual([
      "web_extract",
      "web_search",
      "web_search_plus",
    ]);
    expect(resolveToolset("debugging", { registry })).toContain("web_search_plus");
  });

  test("a plugin toolset that exists only in the registry resolves, sorted", () => {
    const registry = quietRegistry();
    registerTools(registry, "my_plugin", ["plugin_b", "plugin_a"]);
    expect(resolveToolset("my_plugin", { registry })).toEqual(["plugin_a", "plugin_b"]);
  });

  test("uses the default registry when none is given", async () => {
    const { registry } = await import("@hermes-agent/registry");
    registerTools(registry, "default_registry_probe", ["probe_tool"]);
    try {
      expect(resolveToolset("default_registry_probe")).toEqual(["probe_tool"]);
      expect(validateToolset("default_registry_probe")).toBe(true);
    } finally {
      registry.deregister("probe_tool");
    }
    expect(validateToolset("default_registry_probe")).toBe(false);
  });
});

describe("MCP toolsets and aliases", () => {
  test("an MCP alias validates and resolves to the server's tools", () => {
    const registry = quietRegistry();
    registerTools(registry, "mcp-dynserver", ["mcp__dynserver__ping"]);
    registry.registerToolsetAlias("dynserver", "mcp-dynserver");
    expect(validateToolset("dynserver", { registry })).toBe(true);
    expect(validateToolset("mcp-dynserver", { registry })).toBe(true);
    expect(resolveToolset("dynserver", { registry })).toEqual(["mcp__dynserver__ping"]);
    expect(resolveToolset("mcp-dynserver", { registry })).toEqual(["mcp__dynserver__ping"]);
    expect(getToolset("dynserver", { registry })).toEqual({
      description: "MCP server 'dynserver' tools",
      tools: ["mcp__dynserver__ping"],
      includes: [],
    });
    expect(getToolset("mcp-dynserver", { registry })?.description).toBe(
      "MCP server 'dynserver' tools",
    );
  });

  test("the alias stops validating once the server's tools are gone", () => {
    const registry = quietRegistry();
    registerTools(registry, "mcp-gone", ["mcp__gone__ping"]);
    registry.registerToolsetAlias("gone", "mcp-gone");
    registry.deregister("mcp__gone__ping");
    expect(validateToolset("mcp-gone", { registry })).toBe(false);
    expect(resolveToolset("gone", { registry })).toEqual([]);
  });

  test("an MCP server named like a built-in toolset adds its tools to it", () => {
    const registry = quietRegistry();
    registerTools(registry, "mcp-browser", ["mcp__browser__open"]);
    registry.registerToolsetAlias("browser", "mcp-browser");
    expect(resolveToolset("browser", { registry })).toContain("mcp__browser__open");
    expect(resolveToolset("browser", { registry })).toContain("browser_navigate");
    expect(getToolset("browser", { registry })?.tools).toContain("mcp__browser__open");
  });
});

describe("getToolset", () => {
  test("merges registry tools into a static toolset, sorted, as a fresh copy", () => {
    const registry = quietRegistry();
    registerTools(registry, "web", ["web_search_plus"]);
    const web = getToolset("web", { registry });
    expect(web?.tools).toEqual(["web_extract", "web_search", "web_search_plus"]);
    (web?.tools as string[]).push("mutated");
    expect(getToolset("web", { registry })?.tools).not.toContain("mutated");
    expect(TOOLSETS["web"]?.tools).toEqual(["web_extract", "web_search"]);
  });

  test("includeRegistry: false shows only the static entry", () => {
    const registry = quietRegistry();
    registerTools(registry, "terminal", ["read_terminal"]);
    expect(getToolset("terminal", { registry })?.tools).toEqual([
      "process",
      "read_terminal",
      "terminal",
    ]);
    expect(getToolset("terminal", { registry, includeRegistry: false })?.tools).toEqual([
      "process",
      "terminal",
    ]);
    expect(getToolset("delegation", { registry, includeRegistry: false })?.tools).toEqual([
      "delegate_task",
    ]);
    expect(getToolset("debugging", { registry, includeRegistry: false })?.includes).toEqual([
      "file",
      "web",
    ]);
  });

  test("a registry-only plugin toolset gets a generated description", () => {
    const registry = quietRegistry();
    registerTools(registry, "my_plugin", ["plugin_a"]);
    expect(getToolset("my_plugin", { registry })).toEqual({
      description: "Plugin toolset: my_plugin",
      tools: ["plugin_a"],
      includes: [],
    });
    expect(getToolset("my_plugin", { registry, includeRegistry: false })).toBeUndefined();
  });

  test("unknown → undefined", () => {
    expect(getToolset("unknown", { registry: quietRegistry() })).toBeUndefined();
  });
});

describe("resolveMultipleToolsets", () => {
  test("de-duplicates and sorts the union", () => {
    const registry = quietRegistry();
    expect(resolveMultipleToolsets(["web", "search", "vision"], { registry })).toEqual([
      "vision_analyze",
      "web_extract",
      "web_search",
    ]);
  });

  test("[] → []", () => {
    expect(resolveMultipleToolsets([], { registry: quietRegistry() })).toEqual([]);
  });
});

describe("validateToolset and getToolsetNames", () => {
  test.each(["web", "terminal", "all", "*", "hermes-cli"])("%s is valid", (name) => {
    expect(validateToolset(name, { registry: quietRegistry() })).toBe(true);
  });

  test("unknown and legacy names are not toolsets", () => {
    const registry = quietRegistry();
    expect(validateToolset("nonexistent", { registry })).toBe(false);
    expect(validateToolset("web_tools", { registry })).toBe(false);
  });

  test("names: static, custom and registry toolsets, sorted, without aliases", () => {
    const registry = quietRegistry();
    registerTools(registry, "mcp-srv", ["mcp__srv__ping"]);
    registry.registerToolsetAlias("srv", "mcp-srv");
    custom("my_custom", ["t1"]);
    const names = getToolsetNames({ registry });
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(
      expect.arrayContaining([...Object.keys(TOOLSETS), "mcp-srv", "my_custom"]),
    );
    expect(names).not.toContain("srv");
    expect(names).not.toContain("all");
  });
});
