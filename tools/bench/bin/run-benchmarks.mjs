#!/usr/bin/env node
// Runs every packages/*/bench/*.bench.ts in its own process, collects the medians each prints,
// writes them to bench-results/<timestamp>.json and prints the same JSON.
// Usage: pnpm bench [package-folder ...] [--filter text]
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

const MARKER = "@@hermes-bench@@ ";
const root = path.resolve(import.meta.dirname, "../../..");
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { filter: { type: "string" } },
});

const packagesDir = path.join(root, "packages");
const selected = positionals.length > 0 ? positionals : readdirSync(packagesDir).sort();
const files = [];
for (const pkg of selected) {
  const benchDir = path.join(packagesDir, pkg, "bench");
  if (!existsSync(benchDir)) continue;
  for (const name of readdirSync(benchDir).sort()) {
    if (name.endsWith(".bench.ts")) files.push(path.join(benchDir, name));
  }
}

/** A figure with its unit; times of 10 ms and more are shown in milliseconds. */
function show(value, unit) {
  if (unit !== undefined) return `${Number(value.toFixed(3))} ${unit}`;
  return value >= 10_000 ? `${(value / 1000).toFixed(1)} ms` : `${value.toFixed(3)} µs`;
}

function runFile(file) {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ["--conditions=@hermes-agent/source", "--import", "tsx", file],
      {
        cwd: path.dirname(path.dirname(file)),
        stdio: ["ignore", "pipe", "inherit"],
        env: { ...process.env, ...(values.filter ? { HERMES_BENCH_FILTER: values.filter } : {}) },
      },
    );
    const results = [];
    let buffered = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk) => {
      buffered += chunk;
      let newline;
      while ((newline = buffered.indexOf("\n")) >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        if (line.startsWith(MARKER)) {
          const result = JSON.parse(line.slice(MARKER.length));
          results.push(result);
          process.stderr.write(
            `  ${result.suite} › ${result.name}: ${show(result.medianUs, result.unit)}` +
              (result.budgetUs === undefined
                ? ""
                : ` (target ${show(result.budgetUs, result.unit)}${result.withinBudget ? "" : ", OVER"})`) +
              "\n",
          );
        } else if (line.length > 0) {
          process.stderr.write(line + "\n");
        }
      }
    });
    child.on("close", (code) => resolve({ file: path.relative(root, file), code, results }));
  });
}

const startedAt = new Date();
const runs = [];
for (const file of files) {
  process.stderr.write(`bench ${path.relative(root, file)}\n`);
  runs.push(await runFile(file));
}
const report = {
  startedAt: startedAt.toISOString(),
  node: process.version,
  platform: `${process.platform}-${process.arch}`,
  results: runs.flatMap((run) => run.results),
  failures: runs
    .filter((run) => run.code !== 0)
    .map((run) => ({ file: run.file, exitCode: run.code })),
};
const outDir = path.join(root, "bench-results");
mkdirSync(outDir, { recursive: true });
const outFile = path.join(outDir, `${startedAt.toISOString().replace(/[:.]/g, "-")}.json`);
writeFileSync(outFile, JSON.stringify(report, null, 2) + "\n");
process.stdout.write(JSON.stringify(report, null, 2) + "\n");
process.stderr.write(`wrote ${path.relative(root, outFile)}\n`);
if (report.failures.length > 0) process.exitCode = 1;
