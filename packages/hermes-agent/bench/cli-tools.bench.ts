import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { runSuite } from "@hermes-agent/bench";
import { buildPackage, packageDir } from "./build-package.js";

const SUITE = "hermes-agent CLI (fresh process each run)";
const bin = path.join(packageDir, "dist/bin/hermes-agent.js");

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
} finally {
  rmSync(home, { recursive: true, force: true });
}
