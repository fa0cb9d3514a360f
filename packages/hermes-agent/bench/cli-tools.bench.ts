import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { reportSamples, runSuite } from "@hermes-agent/bench";
import { buildPackage, packageDir } from "./build-package.js";

const SUITE = "hermes-agent CLI (fresh process each run)";
const bin = path.join(packageDir, "dist/bin/hermes-agent.js");
const cpuOnExit = path.join(packageDir, "bench/cpu-on-exit.mjs");

buildPackage();
const home = mkdtempSync(path.join(tmpdir(), "hermes-agent-cli-bench-"));
const env = { PATH: process.env.PATH ?? "", HOME: home, HERMES_HOME: home };

/** Spawn the built CLI, wait for it, and fail loudly if it fails. */
function spawnCli(args: readonly string[]): () => void {
  return () => {
    execFileSync(process.execPath, [bin, ...args], {
      cwd: home,
      env,
      stdio: ["ignore", "ignore", "inherit"],
    });
  };
}

// One spawn per sample (a sample longer than 1 ms is never batched); the median is wall time
// from spawn to exit, as a user's shell sees it.
const fresh = { samples: 11, warmup: 1, sampleTimeMs: 1 };
try {
  await runSuite(SUITE, [
    {
      name: "tools --json, wall time (target 400 ms)",
      budgetUs: 400_000,
      ...fresh,
      setup: () => spawnCli(["tools", "--json"]),
    },
    {
      name: "--version, wall time (node start + CLI parse)",
      ...fresh,
      setup: () => spawnCli(["--version"]),
    },
  ]);
  const cpuCase = "tools --json, CPU time (less sensitive to a loaded machine)";
  const filter = process.env["HERMES_BENCH_FILTER"];
  if (filter === undefined || `${SUITE} ${cpuCase}`.includes(filter)) {
    // CPU time of the same command: on a machine other work is loading, the wall time grows
    // with the load, the CPU the command itself uses much less.
    const cpuFile = path.join(home, "cpu-ms");
    const cpuMs: number[] = [];
    for (let run = 0; run < fresh.samples; run++) {
      execFileSync(process.execPath, ["--import", cpuOnExit, bin, "tools", "--json"], {
        cwd: home,
        env: { ...env, HERMES_BENCH_CPU_FILE: cpuFile },
        stdio: ["ignore", "ignore", "inherit"],
      });
      cpuMs.push(Number(readFileSync(cpuFile, "utf8")));
    }
    reportSamples({
      suite: SUITE,
      name: cpuCase,
      values: cpuMs,
      unit: "ms",
    });
  }
} finally {
  rmSync(home, { recursive: true, force: true });
}
