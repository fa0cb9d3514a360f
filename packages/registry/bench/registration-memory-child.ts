// Child of registration.bench.ts: in a fresh process (with --expose-gc), register N tools of a
// shape ("bench": the small spec, "mcp": MCP servers' tools) and print the time per tool of the
// process's first registry and the heap N such tools retain once the code is warm, as JSON.
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

/** Microseconds per tool to register `list` into a new registry, which is dropped after. */
function timeFirstRegistry(list: readonly ToolSpec[]): number {
  const first = new ToolRegistry({ logger: silentLogger });
  const start = performance.now();
  for (const spec of list) first.register(spec);
  return ((performance.now() - start) * 1000) / list.length;
}

/**
 * Warm the code paths (until the optimizing compiler has done its work) on throwaway registries
 * of tools like these, so the memory figure is the entries, not the code. A function of its
 * own, so no stack slot keeps the last throwaway registry alive.
 */
function warmUp(): void {
  for (let round = 0; round < 3; round++) {
    const warm = new ToolRegistry({ logger: silentLogger });
    for (const spec of specsOf(count)) warm.register(spec);
  }
}

// The first registry of the process pays for loading and compiling the code, as at start-up.
const perToolUs = timeFirstRegistry(specsOf(count));
warmUp();
const registry = new ToolRegistry({ logger: silentLogger });
const before = settledHeapUsed(gc);
for (const spec of specs) registry.register(spec);
const after = settledHeapUsed(gc);
process.stdout.write(
  JSON.stringify({
    retainedMb: (after - before) / 1024 / 1024,
    perToolUs,
    tools: registry.getAllToolNames().length,
    keepSpecs: specs.length,
  }),
);
