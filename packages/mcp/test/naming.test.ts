import { describe, expect, test } from "vitest";
import { clampToolName, mcpToolName, sanitizeMcpNameComponent } from "../src/index.js";

describe("tool naming", () => {
  test("characters outside [A-Za-z0-9_] become _", () => {
    expect(mcpToolName("my-server", "get-sum")).toBe("mcp__my_server__get_sum");
    expect(sanitizeMcpNameComponent("my.server/x")).toBe("my_server_x");
  });

  test("names over 64 characters are clamped, stable and distinct", () => {
    const base = "x".repeat(70);
    const one = mcpToolName("srv", `${base}_one`);
    const two = mcpToolName("srv", `${base}_two`);
    expect(one).toHaveLength(64);
    expect(two).toHaveLength(64);
    expect(one).not.toBe(two);
    expect(mcpToolName("srv", `${base}_one`)).toBe(one);
    expect(clampToolName("short")).toBe("short");
    expect(one).toMatch(/^[A-Za-z0-9_]+$/);
  });
});
