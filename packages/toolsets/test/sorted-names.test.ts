import type { ToolDefinition } from "@hermes-agent/registry";
import { describe, expect, test } from "vitest";
import { indexOfTool, SortedToolNames } from "../src/sorted-names.js";

const definitions: ToolDefinition[] = ["a_tool", "b_tool", "c_tool", "d_tool", "e_tool"].map(
  (name) => ({ type: "function", function: { name, description: "", parameters: {} } }),
);

describe("indexOfTool", () => {
  test("finds every name of a sorted list, and nothing else", () => {
    definitions.forEach((definition, i) => {
      expect(indexOfTool(definitions, definition.function.name)).toBe(i);
    });
    for (const missing of ["", "a", "b_tool2", "zzz", "A_tool"])
      expect(indexOfTool(definitions, missing)).toBe(-1);
    expect(indexOfTool([], "a_tool")).toBe(-1);
  });
});

describe("SortedToolNames", () => {
  test("behaves as the read-only set of the names", () => {
    const names = new SortedToolNames(definitions);
    const expected = new Set(definitions.map((d) => d.function.name));
    expect(names.size).toBe(5);
    expect(names.has("c_tool")).toBe(true);
    expect(names.has("x_tool")).toBe(false);
    expect([...names]).toEqual([...expected]);
    expect([...names.keys()]).toEqual([...expected.keys()]);
    expect([...names.entries()]).toEqual([...expected.entries()]);
    const seen: string[] = [];
    names.forEach((value, key, set) => {
      expect(key).toBe(value);
      expect(set).toBe(names);
      seen.push(value);
    });
    expect(seen).toEqual([...expected]);
  });
});
