import { afterEach, expect, test } from "vitest";
import {
  createCustomToolset,
  getToolset,
  getToolsetInfo,
  getToolsetNames,
  removeCustomToolset,
  resolveToolset,
  TOOLSETS,
  ToolsetsErrorCode,
  ToolsetsError,
  validateToolset,
} from "../src/index.js";
import { quietRegistry } from "./helpers.js";

const registry = quietRegistry();
afterEach(() => {
  removeCustomToolset("my_custom");
  removeCustomToolset("web");
});

test("a custom toolset resolves, validates and is listed", () => {
  createCustomToolset({
    name: "my_custom",
    description: "Mine",
    tools: ["web_search", "zeta"],
    includes: ["terminal"],
  });
  expect(validateToolset("my_custom", { registry })).toBe(true);
  expect(resolveToolset("my_custom", { registry })).toEqual([
    "process",
    "terminal",
    "web_search",
    "zeta",
  ]);
  expect(getToolsetNames({ registry })).toContain("my_custom");
  expect(getToolsetInfo("my_custom", { registry })).toMatchObject({
    description: "Mine",
    directTools: ["web_search", "zeta"],
    includes: ["terminal"],
    isComposite: true,
    toolCount: 4,
  });
});

test("tools and includes default to empty", () => {
  createCustomToolset({ name: "my_custom", description: "Empty" });
  expect(getToolset("my_custom", { registry })).toEqual({
    description: "Empty",
    tools: [],
    includes: [],
  });
});

test("redefining replaces; removing forgets", () => {
  createCustomToolset({ name: "my_custom", description: "v1", tools: ["a"] });
  createCustomToolset({ name: "my_custom", description: "v2", tools: ["b"] });
  expect(resolveToolset("my_custom", { registry })).toEqual(["b"]);
  expect(removeCustomToolset("my_custom")).toBe(true);
  expect(removeCustomToolset("my_custom")).toBe(false);
  expect(validateToolset("my_custom", { registry })).toBe(false);
});

test("a custom toolset shadows a built-in of the same name until removed, without changing TOOLSETS", () => {
  createCustomToolset({ name: "web", description: "Search only", tools: ["web_search"] });
  expect(resolveToolset("web", { registry })).toEqual(["web_search"]);
  expect(TOOLSETS["web"]?.tools).toEqual(["web_extract", "web_search"]);
  removeCustomToolset("web");
  expect(resolveToolset("web", { registry })).toEqual(["web_extract", "web_search"]);
});

test.each(["", "  ", "all", "*"])("the name %j is refused with INVALID_TOOLSET_NAME", (name) => {
  let thrown: unknown;
  try {
    createCustomToolset({ name, description: "x" });
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(ToolsetsError);
  expect(ToolsetsError.isInstance(thrown)).toBe(true);
  expect((thrown as ToolsetsError).code).toBe(ToolsetsErrorCode.InvalidToolsetName);
});

test("isInstance rejects other errors", () => {
  expect(ToolsetsError.isInstance(new Error("x"))).toBe(false);
  expect(ToolsetsError.isInstance(null)).toBe(false);
});
