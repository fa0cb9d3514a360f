import { describe, expect, it } from "vitest";
import { z } from "zod";
import { CHECK_TTL_MS, ToolRegistry, type ToolSpec } from "../src/index.js";
import { recordingLogger } from "./helpers/recording-logger.js";

const parameters = { type: "object", properties: { q: { type: "string" } }, required: ["q"] };

function tool(name: string, extra: Partial<ToolSpec> = {}): ToolSpec {
  return {
    name,
    toolset: "set",
    schema: { description: `${name} tool`, parameters },
    handler: () => "ok",
    ...extra,
  };
}

describe("getDefinitions", () => {
  it("keeps every selected tool when a check asks the registry for definitions itself", () => {
    const registry = new ToolRegistry({ logger: recordingLogger() });
    registry.register(tool("vision_analyze", { toolset: "vision" }));
    registry.register(
      tool("browser_vision", {
        toolset: "browser",
        checkFn: () => registry.getDefinitions(["vision_analyze"]).length > 0,
      }),
    );
    const names = (list: readonly string[]) =>
      registry.getDefinitions(list).map((d) => d.function.name);
    expect(names(["browser_vision", "vision_analyze"])).toEqual([
      "browser_vision",
      "vision_analyze",
    ]);
    for (let i = 0; i < 40; i += 1) registry.register(tool(`filler_${String(i)}`));
    expect(names(["vision_analyze", "browser_vision"])).toEqual([
      "browser_vision",
      "vision_analyze",
    ]);
  });

  it("returns OpenAI function definitions sorted, skipping unknown names", () => {
    const registry = new ToolRegistry({ logger: recordingLogger() });
    registry.register(tool("web_search"));
    registry.register(tool("read_file"));
    const definitions = registry.getDefinitions(["web_search", "missing", "read_file"]);
    expect(definitions).toEqual([
      {
        type: "function",
        function: { name: "read_file", description: "read_file tool", parameters },
      },
      {
        type: "function",
        function: { name: "web_search", description: "web_search tool", parameters },
      },
    ]);
  });

  it("forces the registered name into the schema", () => {
    const registry = new ToolRegistry({ logger: recordingLogger() });
    registry.register({ ...tool("real"), schema: { name: "other", description: "d", parameters } });
    expect(registry.getDefinitions(["real"])[0]?.function.name).toBe("real");
  });

  it("selects the same tools for small and large requests", () => {
    const registry = new ToolRegistry({ logger: recordingLogger() });
    const names = Array.from({ length: 200 }, (_, i) => `tool_${String(i).padStart(3, "0")}`);
    for (const name of [...names].reverse()) registry.register(tool(name));
    expect(
      registry.getDefinitions(["tool_150", "tool_007", "tool_150"]).map((d) => d.function.name),
    ).toEqual(["tool_007", "tool_150"]);
    expect(registry.getDefinitions(new Set(names)).map((d) => d.function.name)).toEqual(names);
    expect(registry.getDefinitions(names.slice(0, 150)).map((d) => d.function.name)).toEqual(
      names.slice(0, 150),
    );
  });

  it("leaves out tools whose check fails or throws", () => {
    const registry = new ToolRegistry({ logger: recordingLogger() });
    registry.register(tool("up", { checkFn: () => true }));
    registry.register(tool("down", { checkFn: () => false }));
    registry.register(
      tool("crash", {
        checkFn: () => {
          throw new Error("boom");
        },
      }),
    );
    expect(registry.getDefinitions(["up", "down", "crash"]).map((d) => d.function.name)).toEqual([
      "up",
    ]);
  });

  it("runs a check shared by several tools once per call", () => {
    const registry = new ToolRegistry({ logger: recordingLogger() });
    let calls = 0;
    const shared = () => {
      calls++;
      return true;
    };
    for (const name of ["a", "b", "c"]) registry.register(tool(name, { checkFn: shared }));
    registry.getDefinitions(["a", "b", "c"]);
    expect(calls).toBe(1);
  });

  it("runs a shared check once per call even when its result is not cached (grace period)", () => {
    let now = 0;
    let answer = true;
    let calls = 0;
    const registry = new ToolRegistry({ logger: recordingLogger(), now: () => now });
    const shared = () => {
      calls++;
      return answer;
    };
    for (const name of ["a", "b", "c"]) registry.register(tool(name, { checkFn: shared }));
    registry.getDefinitions(["a", "b", "c"]);
    answer = false;
    now += CHECK_TTL_MS;
    // Failing within the grace period: served as passing and not cached, so only the per-call
    // memo keeps the three tools from running it three times.
    calls = 0;
    expect(registry.getDefinitions(["a", "b", "c"])).toHaveLength(3);
    expect(calls).toBe(1);
    calls = 0;
    expect(registry.isToolsetAvailable("set")).toBe(true);
    expect(registry.checkToolAvailability({}).available).toEqual(["set"]);
    expect(calls).toBe(2);
  });

  it("never lets callers change the registry's schemas", () => {
    const registry = new ToolRegistry({ logger: recordingLogger() });
    const mine = structuredClone(parameters);
    registry.register({ ...tool("a"), schema: { description: "d", parameters: mine } });
    mine.properties.q.type = "number";
    const [definition] = registry.getDefinitions(["a"]);
    expect(() => {
      (
        definition?.function.parameters as { properties: { q: { type: string } } }
      ).properties.q.type = "x";
    }).toThrow(TypeError);
    expect(() => {
      (definition?.function as { description: string }).description = "changed";
    }).toThrow(TypeError);
    expect(registry.getDefinitions(["a"])[0]?.function).toEqual({
      name: "a",
      description: "d",
      parameters,
    });
  });

  it("merges dynamic overrides over a copy and falls back when they throw", () => {
    const logger = recordingLogger();
    const registry = new ToolRegistry({ logger });
    let mode: "ok" | "throw" = "ok";
    registry.register(
      tool("dyn", {
        dynamicSchemaOverrides: () => {
          if (mode === "throw") throw new Error("config unreadable");
          return { description: "patched", name: "ignored" };
        },
      }),
    );
    expect(registry.getDefinitions(["dyn"])[0]?.function).toMatchObject({
      name: "dyn",
      description: "patched",
    });
    expect(registry.getSchema("dyn")?.description).toBe("dyn tool");
    mode = "throw";
    expect(registry.getDefinitions(["dyn"])[0]?.function.description).toBe("dyn tool");
    expect(logger.messages("warn").join("\n")).toContain("config unreadable");
  });

  it("copies what dynamic overrides return, so a caller cannot change the next definition", () => {
    const registry = new ToolRegistry({ logger: recordingLogger() });
    const cached = { parameters: { type: "object", properties: { mode: { enum: ["a", "b"] } } } };
    registry.register(tool("dyn", { dynamicSchemaOverrides: () => cached }));
    const [first] = registry.getDefinitions(["dyn"]);
    expect(() => {
      (first?.function.parameters as typeof cached.parameters).properties.mode.enum.push("c");
    }).toThrow(TypeError);
    expect(cached.parameters.properties.mode.enum).toEqual(["a", "b"]);
    expect(registry.getDefinitions(["dyn"])[0]?.function.parameters).toEqual(cached.parameters);
    expect(Object.isFrozen(cached)).toBe(false);
  });

  it("falls back to the static schema when dynamic overrides are not plain data", () => {
    const logger = recordingLogger();
    const registry = new ToolRegistry({ logger });
    registry.register(tool("dyn", { dynamicSchemaOverrides: () => ({ describe: () => "x" }) }));
    expect(registry.getDefinitions(["dyn"])[0]?.function).toEqual({
      name: "dyn",
      description: "dyn tool",
      parameters,
    });
    expect(logger.messages("warn").join("\n")).toContain("not plain data");
  });

  it("converts zod parameters to JSON Schema", () => {
    const registry = new ToolRegistry({ logger: recordingLogger() });
    registry.register({
      name: "z",
      toolset: "set",
      schema: {
        description: "zod",
        parameters: z.object({
          path: z.string().describe("File path"),
          limit: z.number().int().optional(),
        }),
      },
      handler: () => "ok",
    });
    const schema = registry.getDefinitions(["z"])[0]?.function.parameters;
    expect(schema).toMatchObject({
      type: "object",
      properties: {
        path: { type: "string", description: "File path" },
        limit: { type: "integer" },
      },
      required: ["path"],
    });
    expect(schema).not.toHaveProperty("$schema");
  });
});
