import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { reportResult } from "./suite.js";

const repoRoot = path.resolve(fileURLToPath(new URL("../../..", import.meta.url)));

/** The median of some numbers (0 for none). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  if (sorted.length === 0) return 0;
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? 0)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** How {@link reportSamples} labels and judges a set of figures measured outside the harness. */
export interface SampleReport {
  readonly suite: string;
  readonly name: string;
  /** The figures, one per run, in `unit`. */
  readonly values: readonly number[];
  /** Unit of `values` and `budget`: "ms" and "µs" are reported in microseconds, anything else as is. */
  readonly unit: "ms" | "µs" | "MB" | "x";
  readonly budget?: number;
}

/** Report the median of figures measured outside the harness (fresh processes, memory, ratios). */
export function reportSamples(report: SampleReport): void {
  const scale = report.unit === "ms" ? 1000 : 1;
  const values = report.values.map((value) => value * scale);
  const medianValue = median(values);
  const budget = report.budget === undefined ? undefined : report.budget * scale;
  reportResult({
    suite: report.suite,
    name: report.name,
    medianUs: medianValue,
    minUs: Math.min(...values),
    maxUs: Math.max(...values),
    samples: values.length,
    opsPerSample: 1,
    ...(report.unit === "ms" || report.unit === "µs" ? {} : { unit: report.unit }),
    ...(budget === undefined ? {} : { budgetUs: budget, withinBudget: medianValue <= budget }),
  });
}

/** Build a workspace project and what it depends on (`nx run <project>:build`), quietly. */
export function buildProject(project: string): void {
  const nx = createRequire(path.join(repoRoot, "package.json")).resolve("nx/bin/nx.js");
  execFileSync(process.execPath, [nx, "run", `${project}:build`, "--outputStyle=static"], {
    cwd: repoRoot,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NX_DAEMON: "false" },
  });
}

/**
 * Run a Node script in a fresh process and parse the JSON it prints on standard output.
 * `nodeArgs` go before the script (`--expose-gc`, say).
 */
export function runFreshProcess<T>(
  script: string,
  args: readonly string[] = [],
  options: { readonly cwd?: string; readonly nodeArgs?: readonly string[] } = {},
): T {
  const out = execFileSync(process.execPath, [...(options.nodeArgs ?? []), script, ...args], {
    cwd: options.cwd ?? repoRoot,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  return JSON.parse(out) as T;
}

/** True when the runner's `--filter` leaves out every case of `suite`. */
export function suiteFilteredOut(suite: string): boolean {
  const filter = process.env["HERMES_BENCH_FILTER"];
  return filter !== undefined && filter !== "" && !suite.includes(filter);
}

const coldImportChild = fileURLToPath(new URL("../bin/cold-import-child.mjs", import.meta.url));

/** What {@link reportColdImport} measures. */
export interface ColdImportCase {
  readonly suite: string;
  /** Workspace project to build first (`@hermes-agent/config`), so its `dist` is current. */
  readonly project: string;
  /** The built module to import, an absolute path. */
  readonly entry: string;
  /** Target for the median import time, in milliseconds. */
  readonly budgetMs: number;
  /** Fresh processes to start. Default 11. */
  readonly runs?: number;
}

/**
 * Import a built module in fresh processes and report the median import time (net of Node's
 * start: the clock starts at the `import()`), and the CPU time of the same runs.
 */
export function reportColdImport(coldCase: ColdImportCase): void {
  if (suiteFilteredOut(coldCase.suite)) return;
  buildProject(coldCase.project);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < (coldCase.runs ?? 11); i++) {
    const run = runFreshProcess<{ importMs: number; cpuMs: number }>(coldImportChild, [
      coldCase.entry,
    ]);
    wall.push(run.importMs);
    cpu.push(run.cpuMs);
  }
  const base = { suite: coldCase.suite, unit: "ms" } as const;
  reportSamples({
    ...base,
    name: "cold import, fresh process",
    values: wall,
    budget: coldCase.budgetMs,
  });
  reportSamples({ ...base, name: "cold import, fresh process, CPU time", values: cpu });
}
