import { ToolRegistry, type ToolSpec } from "@hermes-agent/registry";
import { expect, test } from "vitest";
import { register } from "../src/index.js";

function loadInto(registry: ToolRegistry): void {
  register({ registerTool: (spec: ToolSpec<never>) => registry.register(spec as ToolSpec) });
}

test("registers hello_world in its own toolset", () => {
  const registry = new ToolRegistry();
  loadInto(registry);
  expect(registry.getToolNamesForToolset("hello-world")).toEqual(["hello_world"]);
  const [definition] = registry.getDefinitions(["hello_world"]);
  expect(definition?.function.parameters).toMatchObject({ required: ["name"] });
});

test("greets through dispatch, and the registry validates its arguments", async () => {
  const registry = new ToolRegistry();
  loadInto(registry);
  expect(
    JSON.parse(String(await registry.dispatch("hello_world", { name: "Ada", language: "fr" }))),
  ).toEqual({
    greeting: "Bonjour, Ada!",
  });
  const invalid = JSON.parse(
    String(await registry.dispatch("hello_world", { language: "de" })),
  ) as { error: string };
  expect(invalid.error).toMatch(/name/);
});
