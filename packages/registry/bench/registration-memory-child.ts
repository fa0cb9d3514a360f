// Child of registration.bench.ts: in a fresh process (with --expose-gc), register N tools and
// print the heap they retain and the time per tool, as JSON.
import { performance } from "node:perf_hooks";
import { silentLogger } from "@hermes-agent/core";
import { ToolRegistry } from "../src/index.js";
import { benchToolSpec } from "./tool-specs.js";

const count = Number(process.argv[2] ?? "5000");
const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error("run with --expose-gc");
const specs = Array.from({ length: count }, (_, i) => benchToolSpec(i));
const registry = new ToolRegistry({ logger: silentLogger });
// Warm the code paths on a throwaway registry, so the figure is the entries, not the code.
const warm = new ToolRegistry({ logger: silentLogger });
warm.register(benchToolSpec(count + 1));
gc();
gc();
const before = process.memoryUsage().heapUsed;
const start = performance.now();
for (const spec of specs) registry.register(spec);
const elapsed = performance.now() - start;
gc();
gc();
const after = process.memoryUsage().heapUsed;
process.stdout.write(
  JSON.stringify({
    retainedMb: (after - before) / 1024 / 1024,
    perToolUs: (elapsed * 1000) / count,
    tools: registry.getAllToolNames().length,
    keepSpecs: specs.length,
  }),
);
