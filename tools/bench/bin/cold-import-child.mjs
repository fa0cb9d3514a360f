#!/usr/bin/env node
// Child of a cold-import benchmark: in a fresh process, import one module (a file path or URL)
// and print how long the import took, net of Node's own start, as JSON.
// Usage: node cold-import-child.mjs <module>
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";

const target = process.argv[2];
if (target === undefined) {
  process.stderr.write("usage: cold-import-child.mjs <module>\n");
  process.exit(2);
}
const url = target.startsWith("file:") ? target : pathToFileURL(target).href;
const cpuBefore = process.cpuUsage();
const started = performance.now();
await import(url);
const importMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
process.stdout.write(JSON.stringify({ importMs, cpuMs: (cpu.user + cpu.system) / 1000 }));
