import { runSuite } from "@hermes-agent/bench";
import { silentLogger } from "@hermes-agent/core";
import { ToolRegistry } from "../src/index.js";

/** A registry of `count` tools, each with a check; half of them share one check function. */
function registryOf(count: number): { registry: ToolRegistry; names: string[] } {
  const registry = new ToolRegistry({ logger: silentLogger });
  const shared = (): boolean => true;
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const name = `tool_${String(i).padStart(5, "0")}`;
    names.push(name);
    registry.register({
      name,
      toolset: `set_${i % 50}`,
      schema: {
        description: `Tool number ${i}`,
        parameters: {
          type: "object",
          properties: { q: { type: "string" }, n: { type: "integer" } },
          required: ["q"],
        },
      },
      handler: () => "ok",
      checkFn: i % 2 === 0 ? shared : (): boolean => true,
    });
  }
  registry.getDefinitions(names);
  return { registry, names };
}

await runSuite("registry getDefinitions", [
  {
    name: "5000 tools with checks (half shared), warm check cache",
    budgetUs: 1000,
    samples: 15,
    setup: () => {
      const { registry, names } = registryOf(5000);
      return () => registry.getDefinitions(names);
    },
  },
  {
    name: "1000 tools with checks (linearity reference)",
    samples: 15,
    setup: () => {
      const { registry, names } = registryOf(1000);
      return () => registry.getDefinitions(names);
    },
  },
  {
    name: "20 of 5000 tools",
    samples: 15,
    setup: () => {
      const { registry, names } = registryOf(5000);
      const some = names.filter((_, i) => i % 250 === 0);
      return () => registry.getDefinitions(some);
    },
  },
]);
