import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { reportResult } from "@hermes-agent/bench";
import { buildPackage, packageDir } from "./build-package.js";

const SUITE = "hermes-agent createRuntime (fresh process, default config)";
const RUNS = 9;
const child = fileURLToPath(new URL("create-runtime-child.mjs", import.meta.url));

interface ChildTimings {
  importMs: number;
  createMs: number;
  sinceProcessStartMs: number;
  cpuMs: number;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? 0)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function report(name: string, valuesMs: readonly number[], budgetMs?: number): void {
  const us = valuesMs.map((value) => value * 1000);
  const medianUs = median(us);
  reportResult({
    suite: SUITE,
    name,
    medianUs,
    minUs: Math.min(...us),
    maxUs: Math.max(...us),
    samples: us.length,
    opsPerSample: 1,
    ...(budgetMs === undefined
      ? {}
      : { budgetUs: budgetMs * 1000, withinBudget: medianUs <= budgetMs * 1000 }),
  });
}

const filter = process.env["HERMES_BENCH_FILTER"];
if (filter !== undefined && filter !== "" && !SUITE.includes(filter)) process.exit(0);

// The child runs the built package (and its built dependencies), as an application would.
buildPackage();
const work = mkdtempSync(path.join(tmpdir(), "hermes-agent-cold-bench-"));
try {
  const runs: ChildTimings[] = [];
  for (let i = 0; i < RUNS; i++) {
    const home = path.join(work, `home-${i}`);
    const out = execFileSync(process.execPath, [child, home], {
      cwd: packageDir,
      encoding: "utf8",
    });
    runs.push(JSON.parse(out) as ChildTimings);
  }
  report(
    "import + createRuntime()",
    runs.map((run) => run.importMs + run.createMs),
    150,
  );
  report(
    "import + createRuntime(), CPU time (less sensitive to a loaded machine)",
    runs.map((run) => run.cpuMs),
  );
  report(
    "createRuntime() alone",
    runs.map((run) => run.createMs),
  );
  report(
    "process start to runtime ready",
    runs.map((run) => run.sinceProcessStartMs),
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
