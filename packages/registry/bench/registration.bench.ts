// Registration of many tools, as when MCP servers with hundreds of tools connect. Time per tool
// in this process; memory in fresh processes. Run from the repo root: `pnpm bench registry`.
import { fileURLToPath } from "node:url";
import { reportSamples, runFreshProcess, runSuite, suiteFilteredOut } from "@hermes-agent/bench";
import { silentLogger } from "@hermes-agent/core";
import { ToolRegistry, type ToolSpec } from "../src/index.js";
import { benchToolSpec } from "./tool-specs.js";

const SUITE = "registry registration";
const TOOLS = 5000;
const specs = Array.from({ length: TOOLS }, (_, i) => benchToolSpec(i));

await runSuite(SUITE, [
  {
    name: `register ${TOOLS} tools into an empty registry, per tool`,
    budgetUs: 3,
    setup: () => {
      // Each operation registers the next tool; every TOOLS tools a new registry starts.
      let registry = new ToolRegistry({ logger: silentLogger });
      let next = 0;
      return () => {
        if (next === TOOLS) {
          registry = new ToolRegistry({ logger: silentLogger });
          next = 0;
        }
        return registry.register(specs[next++] as ToolSpec);
      };
    },
  },
]);

if (!suiteFilteredOut(SUITE)) {
  const child = fileURLToPath(new URL("registration-memory-child.ts", import.meta.url));
  const runs = Array.from({ length: 5 }, () =>
    runFreshProcess<{ retainedMb: number; perToolUs: number }>(child, [String(TOOLS)], {
      nodeArgs: ["--expose-gc", "--conditions=@hermes-agent/source", "--import", "tsx"],
    }),
  );
  reportSamples({
    suite: SUITE,
    name: `memory retained by ${TOOLS} registered tools (fresh process)`,
    unit: "MB",
    values: runs.map((run) => run.retainedMb),
    budget: 3,
  });
  reportSamples({
    suite: SUITE,
    name: `register ${TOOLS} tools, per tool, first registry of a fresh process`,
    unit: "µs",
    values: runs.map((run) => run.perToolUs),
  });
}
