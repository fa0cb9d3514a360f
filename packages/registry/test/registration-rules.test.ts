import { silentLogger } from "@hermes-agent/core";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { RegistryError, ToolRegistry, type ToolSpec } from "../src/index.js";

function spec(overrides: Partial<ToolSpec> = {}): ToolSpec {
  return {
    name: "tool",
    toolset: "t",
    schema: { description: "From the schema", parameters: { type: "object" } },
    handler: () => "ok",
    ...overrides,
  };
}

describe("tool names", () => {
  it.each(["read_file", "mcp__fs__list-dir", "A9", "x".repeat(64)])("accepts %j", (name) => {
    const registry = new ToolRegistry({ logger: silentLogger });
    expect(registry.register(spec({ name }))).toBe(true);
  });

  it.each(["read file", "x".repeat(65), "tool.call", "naïve", "a/b"])(
    "refuses %j at registration with a clear error",
    (name) => {
      const registry = new ToolRegistry({ logger: silentLogger });
      let error: unknown;
      try {
        registry.register(spec({ name }));
      } catch (caught) {
        error = caught;
      }
      expect(RegistryError.isInstance(error)).toBe(true);
      expect((error as Error).message).toMatch(
        /1 to 64 characters from a-z, A-Z, 0-9, '_' and '-'/,
      );
      expect(registry.hasTool(name)).toBe(false);
    },
  );
});

describe("strict function schemas", () => {
  it("marks an opted-in tool strict and closes its objects", () => {
    const registry = new ToolRegistry({ logger: silentLogger });
    registry.register(
      spec({
        strict: true,
        schema: {
          parameters: {
            type: "object",
            properties: {
              path: { type: "string" },
              options: {
                type: "object",
                properties: { depth: { type: ["integer", "null"] } },
                required: ["depth"],
              },
            },
            required: ["path", "options"],
          },
        },
      }),
    );
    const [definition] = registry.getDefinitions(["tool"]);
    expect(definition?.function["strict"]).toBe(true);
    const parameters = definition?.function.parameters as {
      additionalProperties: unknown;
      properties: { options: { additionalProperties: unknown } };
    };
    expect(parameters.additionalProperties).toBe(false);
    expect(parameters.properties.options.additionalProperties).toBe(false);
  });

  it("refuses an optional property in strict mode, naming it", () => {
    const registry = new ToolRegistry({ logger: silentLogger });
    expect(() =>
      registry.register(
        spec({
          strict: true,
          schema: { parameters: z.object({ path: z.string(), limit: z.number().optional() }) },
        }),
      ),
    ).toThrow(/'limit' is optional/);
  });

  it("refuses open objects in strict mode", () => {
    const registry = new ToolRegistry({ logger: silentLogger });
    expect(() =>
      registry.register(
        spec({
          strict: true,
          schema: { parameters: { type: "object", additionalProperties: true } },
        }),
      ),
    ).toThrow(/additionalProperties must be false/);
  });

  it("leaves tools that do not opt in as they are", () => {
    const registry = new ToolRegistry({ logger: silentLogger });
    registry.register(spec());
    const [definition] = registry.getDefinitions(["tool"]);
    expect(definition?.function).not.toHaveProperty("strict");
    expect(definition?.function.parameters).toEqual({ type: "object" });
  });
});

describe("descriptions", () => {
  it("the model sees the schema's description; the explicit one is for listings", () => {
    const registry = new ToolRegistry({ logger: silentLogger });
    registry.register(spec({ description: "Short label" }));
    expect(registry.getDefinitions(["tool"])[0]?.function.description).toBe("From the schema");
    expect(registry.getEntry("tool")?.description).toBe("Short label");
  });

  it("the explicit description fills in when the schema has none", () => {
    const registry = new ToolRegistry({ logger: silentLogger });
    registry.register(
      spec({ description: "Only here", schema: { parameters: { type: "object" } } }),
    );
    expect(registry.getDefinitions(["tool"])[0]?.function.description).toBe("Only here");
  });
});

describe("optional fields of tools registered together", () => {
  it("each tool reports its own, whether equal to the previous tool's or not", () => {
    const registry = new ToolRegistry({ logger: silentLogger });
    const env = ["SERVER_TOKEN"];
    const common = { isAsync: true, emoji: "🔌", maxResultSizeChars: 50_000, requiresEnv: env };
    registry.register(spec({ name: "a", ...common }));
    registry.register(spec({ name: "b", ...common, requiresEnv: ["SERVER_TOKEN"] }));
    registry.register(spec({ name: "c", ...common, emoji: "🧪" }));
    registry.register(spec({ name: "d" }));
    env.push("LATER");
    for (const name of ["a", "b"]) {
      expect(registry.getEntry(name)).toMatchObject({
        isAsync: true,
        emoji: "🔌",
        maxResultSizeChars: 50_000,
        requiresEnv: ["SERVER_TOKEN"],
      });
    }
    expect(registry.getEntry("c")?.emoji).toBe("🧪");
    expect(registry.getEntry("d")).toMatchObject({ isAsync: false, emoji: "", requiresEnv: [] });
    expect(Object.isFrozen(registry.getEntry("a")?.requiresEnv)).toBe(true);
    expect(registry.getMaxResultSize("d")).toBe(100_000);
  });
});

describe("re-registering a tool", () => {
  const parameters = (order: "ab" | "ba" = "ab") => ({
    type: "object",
    properties:
      order === "ab"
        ? { a: { type: "string" }, b: { type: "integer", minimum: 0 } }
        : { b: { type: "integer", minimum: 0 }, a: { type: "string" } },
    required: ["a"],
  });
  const listed = (order: "ab" | "ba" = "ab", description = "Looks up.") =>
    spec({
      name: "srv_tool",
      toolset: "mcp-srv",
      schema: { description, parameters: parameters(order) },
    });

  it("keeps the stored copy when the new listing holds the same schema", () => {
    const registry = new ToolRegistry({ logger: silentLogger });
    registry.register(listed());
    const stored = registry.getSchema("srv_tool");
    const handler = () => "second";
    registry.register({ ...listed(), handler });
    expect(registry.getSchema("srv_tool")).toBe(stored);
    expect(registry.getEntry("srv_tool")?.handler).toBe(handler);
    expect(stored).toEqual({
      name: "srv_tool",
      description: "Looks up.",
      parameters: parameters(),
    });
  });

  it("stores a new copy when anything differs, key order included", () => {
    const registry = new ToolRegistry({ logger: silentLogger });
    registry.register(listed());
    const first = registry.getSchema("srv_tool");
    registry.register(listed("ab", "Looks it up."));
    expect(registry.getSchema("srv_tool")).not.toBe(first);
    expect(registry.getSchema("srv_tool")?.description).toBe("Looks it up.");
    registry.register(listed("ba", "Looks it up."));
    expect(Object.keys(registry.getSchema("srv_tool")?.parameters["properties"] ?? {})).toEqual([
      "b",
      "a",
    ]);
  });

  it("does not reuse a strict or zod tool's schema for a plain registration", () => {
    const registry = new ToolRegistry({ logger: silentLogger });
    const closed = {
      type: "object",
      properties: { a: { type: "string" } },
      required: ["a"],
      additionalProperties: false,
    };
    registry.register(spec({ name: "s", schema: { parameters: closed }, strict: true }));
    registry.register(spec({ name: "s", schema: { parameters: closed } }));
    expect(registry.getSchema("s")).toEqual({ name: "s", description: "", parameters: closed });
    registry.register(spec({ name: "z", schema: { parameters: z.object({ a: z.string() }) } }));
    const converted = registry.getSchema("z")?.parameters;
    registry.register(
      spec({ name: "z", schema: { parameters: structuredClone(converted ?? {}) } }),
    );
    expect(registry.getEntry("z")?.zodSchema).toBeUndefined();
    expect(registry.getSchema("z")?.parameters).toEqual(converted);
  });
});

describe("getToolsetIndex", () => {
  it("is live but cannot be used to change the registry", () => {
    const registry = new ToolRegistry({ logger: silentLogger });
    registry.register(spec({ name: "a", toolset: "one" }));
    const index = registry.getToolsetIndex();
    const members = index.get("one");
    expect(members !== undefined && [...members]).toEqual(["a"]);
    expect((index as unknown as { set?: unknown }).set).toBeUndefined();
    expect((members as unknown as { add?: unknown }).add).toBeUndefined();
    expect(() => {
      (index as unknown as Map<string, Set<string>>).set("ghost", new Set(["ghost"]));
    }).toThrow(TypeError);
    expect(registry.getRegisteredToolsetNames()).toEqual(["one"]);
    registry.register(spec({ name: "b", toolset: "one" }));
    expect(index.get("one")?.has("b")).toBe(true);
    expect([...index.keys()]).toEqual(["one"]);
    expect([...index.entries()].map(([name, tools]) => [name, [...tools]])).toEqual([
      ["one", ["a", "b"]],
    ]);
  });
});

describe("zod integers", () => {
  it("drop bounds that only restate the safe-integer range, keeping chosen ones", () => {
    const registry = new ToolRegistry({ logger: silentLogger });
    registry.register(
      spec({
        schema: {
          parameters: z.object({
            count: z.number().int(),
            page: z.int().min(1),
            items: z.array(z.object({ n: z.int().max(9) })),
          }),
        },
      }),
    );
    const parameters = registry.getSchema("tool")?.parameters as {
      properties: Record<string, Record<string, unknown>>;
    };
    expect(parameters.properties["count"]).toEqual({ type: "integer" });
    expect(parameters.properties["page"]).toEqual({ type: "integer", minimum: 1 });
    expect(JSON.stringify(parameters)).not.toContain("9007199254740991");
    expect(JSON.stringify(parameters)).toContain('"maximum":9');
  });
});
