import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { reportResult } from "@hermes-agent/bench";

const SUITE = "registry discovery (fresh process, 100 tool files)";
const RUNS = 7;
const packageDir = fileURLToPath(new URL("..", import.meta.url));
const child = fileURLToPath(new URL("discovery-child.mjs", import.meta.url));

interface ChildTimings {
  rootImportMs: number;
  discoveryMs: number;
  cpuMs: number;
  modules: number;
  tools: number;
  compilerLoaded: boolean;
}

/** A realistic tool module: imports the registry, declares a schema, a check and a handler. */
function toolModule(index: number): string {
  const name = `bench_tool_${String(index).padStart(3, "0")}`;
  return `// Tool ${name}: reads a resource and reports on it.
const registry = globalThis.__benchRegistry;

const parameters = {
  type: "object",
  properties: {
    path: { type: "string", description: "Resource to read" },
    limit: { type: "integer", minimum: 1, description: "Most lines to return" },
    verbose: { type: "boolean" },
  },
  required: ["path"],
};

function available() {
  return process.env.BENCH_DISABLE_${index} === undefined;
}

async function handler(args) {
  const lines = Array.from({ length: args.limit ?? 3 }, (_, i) => \`\${args.path}:\${i}\`);
  return JSON.stringify({ tool: "${name}", lines, verbose: args.verbose === true });
}

registry.register({
  name: "${name}",
  toolset: "bench_${index % 10}",
  schema: { description: "Read a resource (${index})", parameters },
  handler,
  checkFn: available,
  emoji: "📄",
});
`;
}

/**
 * A tool module the lexical classifier cannot decide (its call sits in parentheses followed by
 * `:`), so discovery falls back to the TypeScript compiler for it.
 */
function unsureToolModule(index: number): string {
  return toolModule(index).replace(
    /\nregistry\.register\(([\s\S]*)\);\n$/,
    "\nexport const registered = registry ? (registry.register($1)) : undefined;\n",
  );
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? 0)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function runChild(toolsDir: string, home: string, mode: "full" | "scan"): ChildTimings {
  const out = execFileSync(process.execPath, [child, toolsDir, home, mode], {
    cwd: packageDir,
    encoding: "utf8",
  });
  return JSON.parse(out) as ChildTimings;
}

function report(name: string, runs: ChildTimings[], budgetMs?: number, cpu = false): void {
  const times = runs.map((run) => (cpu ? run.cpuMs : run.discoveryMs) * 1000);
  const medianUs = median(times);
  reportResult({
    suite: SUITE,
    name,
    medianUs,
    minUs: Math.min(...times),
    maxUs: Math.max(...times),
    samples: runs.length,
    opsPerSample: 1,
    ...(budgetMs === undefined
      ? {}
      : { budgetUs: budgetMs * 1000, withinBudget: medianUs <= budgetMs * 1000 }),
  });
}

const filter = process.env["HERMES_BENCH_FILTER"];
if (filter !== undefined && filter !== "" && !SUITE.includes(filter)) process.exit(0);

// The child runs the built package, as an application would.
execFileSync(
  process.execPath,
  [createRequire(import.meta.url).resolve("typescript/bin/tsc"), "-p", "tsconfig.build.json"],
  {
    cwd: packageDir,
    stdio: "inherit",
  },
);
const work = mkdtempSync(path.join(tmpdir(), "registry-discovery-bench-"));
try {
  const toolsDir = path.join(work, "tools");
  mkdirSync(toolsDir);
  // Tool modules are ES modules, as in a "type": "module" package.
  writeFileSync(path.join(toolsDir, "package.json"), '{ "type": "module" }\n');
  for (let i = 0; i < 100; i++)
    writeFileSync(path.join(toolsDir, `tool_${String(i).padStart(3, "0")}.js`), toolModule(i));

  // The same tools, written so that every file needs the compiler (the fallback path).
  const unsureDir = path.join(work, "unsure-tools");
  mkdirSync(unsureDir);
  writeFileSync(path.join(unsureDir, "package.json"), '{ "type": "module" }\n');
  for (let i = 0; i < 100; i++)
    writeFileSync(
      path.join(unsureDir, `tool_${String(i).padStart(3, "0")}.js`),
      unsureToolModule(i),
    );

  const cold: ChildTimings[] = [];
  const coldScan: ChildTimings[] = [];
  for (let i = 0; i < RUNS; i++) {
    cold.push(runChild(toolsDir, path.join(work, `cold-${i}`), "full"));
    coldScan.push(runChild(toolsDir, path.join(work, `cold-scan-${i}`), "scan"));
  }
  const compilerCold: ChildTimings[] = [];
  for (let i = 0; i < RUNS; i++)
    compilerCold.push(runChild(unsureDir, path.join(work, `compiler-cold-${i}`), "full"));
  const compilerHome = path.join(work, "compiler-warm");
  runChild(unsureDir, compilerHome, "scan");
  const rescan: ChildTimings[] = [];
  for (let i = 0; i < RUNS; i++) {
    rmSync(path.join(compilerHome, "cache", "tool_discovery_cache.json"));
    rescan.push(runChild(unsureDir, compilerHome, "full"));
  }
  const warmHome = path.join(work, "warm");
  runChild(toolsDir, warmHome, "scan");
  const warm: ChildTimings[] = [];
  const warmScan: ChildTimings[] = [];
  for (let i = 0; i < RUNS; i++) {
    warm.push(runChild(toolsDir, warmHome, "full"));
    warmScan.push(runChild(toolsDir, warmHome, "scan"));
  }
  for (const run of [...cold, ...compilerCold, ...rescan, ...warm]) {
    if (run.modules !== 100 || run.tools !== 100)
      throw new Error(`discovery found ${run.modules} modules, ${run.tools} tools`);
  }
  if ([...cold, ...coldScan, ...warm, ...warmScan].some((run) => run.compilerLoaded))
    throw new Error("discovery of plain tool files loaded the compiler");
  if ([...compilerCold, ...rescan].some((run) => !run.compilerLoaded))
    throw new Error("discovery of undecidable tool files did not use the compiler");

  report("no cache: scan + import 100 modules", cold, 350);
  report("no cache: scan only (lexical classifier)", coldScan);
  report("warm cache: scan + import 100 modules", warm);
  report("warm cache: scan only (decide what to import)", warmScan, 15);
  report("compiler fallback, no cache: scan + import 100 undecidable modules", compilerCold);
  report(
    "compiler fallback, compiler code cache warm: scan + import 100 undecidable modules",
    rescan,
  );
  // CPU time of the same runs: less distorted than wall time when the machine is shared.
  report("no cache: scan + import 100 modules, CPU time", cold, undefined, true);
  report("compiler fallback, no cache: CPU time", compilerCold, undefined, true);
  report("compiler fallback, compiler code cache warm: CPU time", rescan, undefined, true);
  report("warm cache: scan + import 100 modules, CPU time", warm, undefined, true);
  report("warm cache: scan only, CPU time", warmScan, undefined, true);
  process.stderr.write(
    `  (registry root import before timing: median ${median(warm.map((r) => r.rootImportMs)).toFixed(1)} ms)\n`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
