import { describe, expect, it } from "vitest";
import { ToolRegistry } from "../src/index.js";
import { recordingLogger } from "./helpers/recording-logger.js";

function registryOf(names: readonly string[]): ToolRegistry {
  const registry = new ToolRegistry({ logger: recordingLogger() });
  for (const name of names) {
    registry.register({
      name,
      toolset: "set",
      schema: { description: name, parameters: { type: "object", properties: {} } },
      handler: () => "ok",
      checkFn: () => name !== "hidden",
    });
  }
  return registry;
}

describe("getDefinitions selects the same tools whatever the shape of the request", () => {
  const names = ["delta", "alpha", "hidden", "charlie", "bravo", "echo"];
  const registry = registryOf(names);
  const expected = ["alpha", "bravo", "charlie", "delta", "echo"];
  const named = (request: Iterable<string>): string[] =>
    registry.getDefinitions(request).map((definition) => definition.function.name);

  it("a large Set (every tool, unknown names mixed in)", () => {
    expect(named(new Set([...names, "unknown"]))).toEqual(expected);
  });

  it("an array with repeats", () => {
    expect(named([...names, ...names, "unknown"])).toEqual(expected);
  });

  it("a small Set and a small array", () => {
    expect(named(new Set(["echo", "alpha"]))).toEqual(["alpha", "echo"]);
    expect(named(["echo", "alpha", "echo"])).toEqual(["alpha", "echo"]);
  });

  it("a Set much smaller than the registry", () => {
    const many = registryOf(
      Array.from({ length: 40 }, (_, i) => `tool_${String(i).padStart(2, "0")}`),
    );
    const some = many.getDefinitions(new Set(["tool_30", "tool_03", "missing"]));
    expect(some.map((definition) => definition.function.name)).toEqual(["tool_03", "tool_30"]);
  });

  it("a generator", () => {
    function* request(): Generator<string> {
      yield* names;
    }
    expect(named(request())).toEqual(expected);
  });
});
