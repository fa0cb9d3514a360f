import { expect, test } from "vitest";
import {
  getToolDefinitions,
  getToolsetNames,
  resolveToolset,
  ToolsetCatalog,
  toolsetCatalog,
  validateToolset,
} from "../src/index.js";
import { quietRegistry } from "./helpers.js";

test("a catalog instance keeps its custom toolsets to itself", () => {
  const registry = quietRegistry();
  const mine = new ToolsetCatalog();
  mine.define({ name: "only_mine", description: "Mine", tools: ["web_search"] });
  expect(resolveToolset("only_mine", { registry, catalog: mine })).toEqual(["web_search"]);
  expect(getToolsetNames({ registry, catalog: mine })).toContain("only_mine");
  expect(validateToolset("only_mine", { registry })).toBe(false);
  expect(toolsetCatalog.get("only_mine")).toBeUndefined();
  expect(mine.remove("only_mine")).toBe(true);
  expect(validateToolset("only_mine", { registry, catalog: mine })).toBe(false);
});

test("built-in toolsets are in every catalog; a custom one shadows them only where defined", () => {
  const registry = quietRegistry();
  const mine = new ToolsetCatalog();
  mine.define({ name: "web", description: "Search only", tools: ["web_search"] });
  expect(resolveToolset("web", { registry, catalog: mine })).toEqual(["web_search"]);
  expect(resolveToolset("web", { registry })).toEqual(["web_extract", "web_search"]);
});

test("getToolDefinitions reads the catalog it is given and remembers per catalog", () => {
  const registry = quietRegistry();
  registry.register({
    name: "alpha_tool",
    toolset: "alpha",
    schema: { parameters: { type: "object" } },
    handler: () => "ok",
  });
  const first = new ToolsetCatalog();
  const second = new ToolsetCatalog();
  first.define({ name: "picked", description: "x", tools: ["alpha_tool"] });
  const names = (catalog: ToolsetCatalog) =>
    getToolDefinitions({ registry, catalog, enabledToolsets: ["picked"], quiet: true }).map(
      (definition) => definition.function.name,
    );
  expect(names(first)).toEqual(["alpha_tool"]);
  expect(names(second)).toEqual([]);
});

test("a config source's fingerprint is part of the memo key", () => {
  const registry = quietRegistry();
  let stamp = "a";
  const configSource = { fingerprint: () => stamp };
  let checks = 0;
  registry.register({
    name: "checked_tool",
    toolset: "checked",
    schema: { parameters: { type: "object" } },
    handler: () => "ok",
    checkFn: () => {
      checks++;
      return true;
    },
  });
  const call = () =>
    getToolDefinitions({ registry, configSource, enabledToolsets: ["checked"], quiet: true });
  call();
  call();
  const afterTwo = checks;
  stamp = "b";
  call();
  expect(checks).toBe(afterTwo);
  registry.invalidateCheckCache();
  call();
  expect(checks).toBe(afterTwo + 1);
});
