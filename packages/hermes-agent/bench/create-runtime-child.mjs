// Child of create-runtime.bench.ts: in a fresh process, import the built package and create a
// runtime with the default config (no MCP servers, no plugins); print the timings as JSON.
import { performance } from "node:perf_hooks";

const home = process.argv[2];
const started = performance.now();
const cpuBefore = process.cpuUsage();
const { createRuntime } = await import("../dist/index.js");
const imported = performance.now();
const runtime = await createRuntime({
  hermesHome: home,
  env: { PATH: process.env.PATH, HOME: home },
  approval: "deny",
});
const created = performance.now();
const cpu = process.cpuUsage(cpuBefore);
await runtime.close();
process.stdout.write(
  JSON.stringify({
    importMs: imported - started,
    createMs: created - imported,
    sinceProcessStartMs: created,
    cpuMs: (cpu.user + cpu.system) / 1000,
  }),
);
