// Child of registration.bench.ts: in a fresh process (with --expose-gc), register N tools of a
// shape ("bench": the small spec, "mcp": MCP servers' tools) and print the heap they retain and
// the time per tool, as JSON.
import { performance } from "node:perf_hooks";
import { silentLogger } from "@hermes-agent/core";
import { ToolRegistry, type ToolSpec } from "../src/index.js";
import { benchToolSpec, mcpServerSpecs } from "./tool-specs.js";

/** Heap in use once full collections stop freeing anything (sweeping can lag one collection). */
function settledHeapUsed(collect: () => void): number {
  let used = Infinity;
  for (let i = 0; i < 10; i++) {
    collect();
    const now = process.memoryUsage().heapUsed;
    if (now >= used) return used;
    used = now;
  }
  return used;
}

const count = Number(process.argv[2] ?? "5000");
const shape = process.argv[3] ?? "bench";
const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error("run with --expose-gc");
const specsOf = (n: number): ToolSpec[] =>
  shape === "mcp"
    ? mcpServerSpecs(25, n / 25)
    : Array.from({ length: n }, (_, i) => benchToolSpec(i));
const specs = specsOf(count);
const registry = new ToolRegistry({ logger: silentLogger });
/**
 * Warm the code paths (until the optimizing compiler has done its work) on throwaway registries
 * of tools like these, so the figure is the entries, not the code. A function of its own, so no
 * stack slot keeps the last throwaway registry alive.
 */
function warmUp(): void {
  for (let round = 0; round < 3; round++) {
    const warm = new ToolRegistry({ logger: silentLogger });
    for (const spec of specsOf(count)) warm.register(spec);
  }
}
warmUp();
const before = settledHeapUsed(gc);
const start = performance.now();
for (const spec of specs) registry.register(spec);
const elapsed = performance.now() - start;
const after = settledHeapUsed(gc);
process.stdout.write(
  JSON.stringify({
    retainedMb: (after - before) / 1024 / 1024,
    perToolUs: (elapsed * 1000) / count,
    tools: registry.getAllToolNames().length,
    keepSpecs: specs.length,
  }),
);
