import { expect, test } from "vitest";
import { getToolsetInfo } from "../src/index.js";
import { quietRegistry, registerTools } from "./helpers.js";

const registry = quietRegistry();

test("a leaf toolset is not composite", () => {
  expect(getToolsetInfo("web", { registry })).toEqual({
    name: "web",
    description: expect.any(String),
    directTools: ["web_extract", "web_search"],
    includes: [],
    resolvedTools: ["web_extract", "web_search"],
    toolCount: 2,
    isComposite: false,
  });
});

test("debugging is composite and counts its resolved tools", () => {
  const info = getToolsetInfo("debugging", { registry });
  expect(info?.isComposite).toBe(true);
  expect(info?.directTools).toEqual(["process", "terminal"]);
  expect(info?.includes).toEqual(["file", "web"]);
  expect(info?.toolCount).toBe(8);
  expect(info?.resolvedTools).toHaveLength(8);
});

test("a registry-only toolset has info too", () => {
  const local = quietRegistry();
  registerTools(local, "mcp-srv", ["mcp__srv__a", "mcp__srv__b"]);
  expect(getToolsetInfo("mcp-srv", { registry: local })).toMatchObject({
    description: "MCP server 'srv' tools",
    toolCount: 2,
    isComposite: false,
  });
});

test("unknown → undefined", () => {
  expect(getToolsetInfo("unknown", { registry })).toBeUndefined();
});
