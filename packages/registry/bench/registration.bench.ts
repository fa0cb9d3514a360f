// Registration of many tools, as when MCP servers with hundreds of tools connect and reconnect.
// Time per tool in this process; memory in fresh processes. Run from the repo root:
// `pnpm bench registry`.
import { fileURLToPath } from "node:url";
import { reportSamples, runFreshProcess, runSuite, suiteFilteredOut } from "@hermes-agent/bench";
import { silentLogger } from "@hermes-agent/core";
import { ToolRegistry, type ToolSpec } from "../src/index.js";
import { benchToolSpec, mcpServerSpecs } from "./tool-specs.js";

const SUITE = "registry registration";
const TOOLS = 5000;
const SERVERS = 25;
const specs = Array.from({ length: TOOLS }, (_, i) => benchToolSpec(i));
// Two listings of the same servers' tools: equal content, separate objects (as two
// `tools/list` answers are).
const listings = [
  mcpServerSpecs(SERVERS, TOOLS / SERVERS),
  mcpServerSpecs(SERVERS, TOOLS / SERVERS),
];

/** An operation registering the next spec of `list`, starting a new registry every list.length. */
function registerInFreshRegistries(list: readonly ToolSpec[]): () => boolean {
  let registry = new ToolRegistry({ logger: silentLogger });
  let next = 0;
  return () => {
    if (next === list.length) {
      registry = new ToolRegistry({ logger: silentLogger });
      next = 0;
    }
    return registry.register(list[next++] as ToolSpec);
  };
}

await runSuite(SUITE, [
  {
    name: `register ${TOOLS} tools into an empty registry, per tool`,
    budgetUs: 3,
    setup: () => registerInFreshRegistries(specs),
  },
  {
    name: `register ${SERVERS} MCP servers × ${TOOLS / SERVERS} tools into an empty registry, per tool`,
    budgetUs: 3,
    setup: () => registerInFreshRegistries(listings[0] as ToolSpec[]),
  },
  {
    name: `re-register ${TOOLS} MCP tools on reconnect (same names, new listing), per tool`,
    budgetUs: 3,
    setup: () => {
      // Each operation replaces one registered tool with its counterpart from the other listing.
      const registry = new ToolRegistry({ logger: silentLogger });
      for (const spec of listings[0] as ToolSpec[]) registry.register(spec);
      let listing = 1;
      let next = 0;
      return () => {
        if (next === TOOLS) {
          listing ^= 1;
          next = 0;
        }
        return registry.register((listings[listing] as ToolSpec[])[next++] as ToolSpec);
      };
    },
  },
]);

if (!suiteFilteredOut(SUITE)) {
  const child = fileURLToPath(new URL("registration-memory-child.ts", import.meta.url));
  for (const shape of ["bench", "mcp"] as const) {
    const runs = Array.from({ length: 5 }, () =>
      runFreshProcess<{ retainedMb: number; perToolUs: number }>(child, [String(TOOLS), shape], {
        nodeArgs: ["--expose-gc", "--conditions=@hermes-agent/source", "--import", "tsx"],
      }),
    );
    const what = shape === "mcp" ? `${TOOLS} MCP tools` : `${TOOLS} tools`;
    reportSamples({
      suite: SUITE,
      name: `memory retained by ${what} registered (fresh process)`,
      unit: "MB",
      values: runs.map((run) => run.retainedMb),
      budget: 3,
    });
    reportSamples({
      suite: SUITE,
      name: `register ${what}, per tool, first registry of a fresh process`,
      unit: "µs",
      values: runs.map((run) => run.perToolUs),
    });
  }
}
