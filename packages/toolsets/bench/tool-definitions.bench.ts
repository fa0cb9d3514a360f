// Benchmarks of getToolDefinitions. Run from the repo root: `pnpm bench toolsets`.
//
// Cold cases clear the memo before every call, so each call resolves the toolsets, asks the
// registry for definitions and patches them. Every toolset has an availability check shared by
// its tools; the registry's check cache is warm (its 30 s TTL outlasts a case), which is the
// steady state of a running agent.
import { runSuite, type BenchCase } from "@hermes-agent/bench";
import { silentLogger } from "@hermes-agent/core";
import { ToolRegistry } from "@hermes-agent/registry";
import { clearToolDefinitionsCache, getToolDefinitions, TOOLSETS } from "../src/index.js";

const TOOLS_PER_TOOLSET = 10;

function parameters(name: string): Record<string, unknown> {
  return {
    type: "object",
    properties: {
      query: { type: "string", description: `What ${name} should look for.` },
      limit: {
        type: "integer",
        minimum: 1,
        maximum: 100,
        description: "Maximum number of results.",
      },
      verbose: { type: "boolean", description: "Include details." },
    },
    required: ["query"],
  };
}

function register(
  registry: ToolRegistry,
  toolset: string,
  name: string,
  checkFn: () => boolean,
): void {
  registry.register({
    name,
    toolset,
    schema: { description: `The ${name} tool of ${toolset}.`, parameters: parameters(name) },
    handler: () => "ok",
    checkFn,
  });
}

/** `toolsets` synthetic toolsets of ten tools each, plus execute_code so its patch runs too. */
function syntheticRegistry(toolsets: number): { registry: ToolRegistry; names: string[] } {
  const registry = new ToolRegistry({ logger: silentLogger });
  const names: string[] = [];
  for (let t = 0; t < toolsets; t++) {
    const toolset = `bench_${t}`;
    const check = (): boolean => true;
    names.push(toolset);
    for (let i = 0; i < TOOLS_PER_TOOLSET; i++)
      register(registry, toolset, `${toolset}_tool_${i}`, check);
  }
  register(registry, "code_execution", "execute_code", () => true);
  names.push("code_execution", "terminal");
  return { registry, names };
}

/** The tools of Hermes' CLI preset, registered in their own toolsets. */
function hermesCliRegistry(): ToolRegistry {
  const registry = new ToolRegistry({ logger: silentLogger });
  const owner = new Map<string, string>();
  for (const [toolset, definition] of Object.entries(TOOLSETS)) {
    if (toolset.startsWith("hermes-") || toolset === "coding") continue;
    for (const tool of definition.tools) if (!owner.has(tool)) owner.set(tool, toolset);
  }
  const check = (): boolean => true;
  for (const tool of TOOLSETS["hermes-cli"]?.tools ?? [])
    register(registry, owner.get(tool) ?? "misc", tool, check);
  return registry;
}

function coldCase(tools: number, budgetUs: number | undefined): BenchCase {
  return {
    name: `cold call, ${tools} tools (${TOOLS_PER_TOOLSET} per toolset, each enabled by name)`,
    ...(budgetUs === undefined ? {} : { budgetUs }),
    setup: () => {
      const { registry, names } = syntheticRegistry(tools / TOOLS_PER_TOOLSET);
      return () => {
        clearToolDefinitionsCache(registry);
        return getToolDefinitions({ registry, enabledToolsets: names, quiet: true });
      };
    },
  };
}

await runSuite("toolsets", [
  {
    name: "repeat call, hermes-cli preset (52 tools), nothing changed",
    budgetUs: 5,
    setup: () => {
      const registry = hermesCliRegistry();
      const options = {
        registry,
        enabledToolsets: ["hermes-cli"],
        quiet: true,
        configFingerprint: "1700000000:2048",
      };
      getToolDefinitions(options);
      return () => getToolDefinitions(options);
    },
  },
  {
    name: "repeat call, hermes-cli preset, configPath given",
    budgetUs: 5,
    setup: () => {
      const registry = hermesCliRegistry();
      const options = {
        registry,
        enabledToolsets: ["hermes-cli"],
        quiet: true,
        configPath: import.meta.filename,
      };
      getToolDefinitions(options);
      return () => getToolDefinitions(options);
    },
  },
  {
    name: "repeat call, 5000 tools (10 MCP-like toolsets of 500), configPath given",
    budgetUs: 5,
    setup: () => {
      const registry = new ToolRegistry({ logger: silentLogger });
      const servers: string[] = [];
      for (let s = 0; s < 10; s++) {
        const toolset = `mcp-server_${s}`;
        const check = (): boolean => true;
        servers.push(toolset);
        for (let i = 0; i < 500; i++) register(registry, toolset, `server_${s}_tool_${i}`, check);
      }
      const options = {
        registry,
        enabledToolsets: [...servers, "terminal"],
        quiet: true,
        configPath: import.meta.filename,
      };
      getToolDefinitions(options);
      return () => getToolDefinitions(options);
    },
  },
  {
    // The enabled list is compared item by item on a hit (it may have changed since): this
    // case shows that cost for a list of 502 toolset names.
    name: "repeat call, 5000 tools, all 502 toolsets named in a (mutable) list, configPath given",
    setup: () => {
      const { registry, names } = syntheticRegistry(500);
      const options = {
        registry,
        enabledToolsets: names,
        quiet: true,
        configPath: import.meta.filename,
      };
      getToolDefinitions(options);
      return () => getToolDefinitions(options);
    },
  },
  {
    name: "repeat call, 5000 tools, the same 502 names as a frozen list, fresh options per call",
    budgetUs: 5,
    setup: () => {
      const { registry, names } = syntheticRegistry(500);
      const frozen = Object.freeze([...names]);
      getToolDefinitions({ registry, enabledToolsets: frozen, quiet: true });
      return () => getToolDefinitions({ registry, enabledToolsets: frozen, quiet: true });
    },
  },
  coldCase(500, 2_000),
  coldCase(1_000, undefined),
  coldCase(5_000, 20_000),
  { ...coldCase(50_000, 25_000), samples: 9 },
  {
    name: "cold call, 5000 tools, no enabled list (every toolset)",
    setup: () => {
      const { registry } = syntheticRegistry(500);
      return () => {
        clearToolDefinitionsCache(registry);
        return getToolDefinitions({ registry, quiet: true });
      };
    },
  },
]);
