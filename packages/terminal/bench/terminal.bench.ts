// `true` through the terminal tool on the local backend, approval included (target: 8 ms median).
import { createApprovalManager } from "@hermes-agent/approval";
import { runSuite } from "@hermes-agent/bench";
import { parseConfigText } from "@hermes-agent/config";
import { silentLogger } from "@hermes-agent/core";
import { ToolRegistry } from "@hermes-agent/registry";
import { initializeParser } from "@hermes-agent/shell";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { snapshotStateReader } from "../src/shell-snapshot.js";
import {
  createLocalEnvironment,
  registerTerminalTools,
  resolveTerminalOptions,
  type ApproveCommand,
  type Environment,
  type TerminalRuntime,
} from "../src/index.js";

const home = mkdtempSync(path.join(os.tmpdir(), "hermes-bench-terminal-"));
// The default approval manager reads HERMES_HOME: keep it away from the user's ~/.hermes.
process.env.HERMES_HOME = home;
const runtimes: TerminalRuntime[] = [];
const environments: Environment[] = [];

/** `true` on a local environment directly (no tool, no approval): what the launcher costs. */
async function setupEnvironment(perlPath: null | undefined): Promise<() => Promise<unknown>> {
  const env = await createLocalEnvironment({
    cwd: home,
    ...(perlPath === null ? { perlPath: null } : {}),
  });
  environments.push(env);
  return async () => {
    const result = await env.execute("true");
    if (result.exitCode !== 0) throw new Error(`unexpected result: ${result.output}`);
  };
}

function setupTool(
  approve: ApproveCommand | undefined,
  terminal: Record<string, unknown> = {},
): () => Promise<unknown> {
  const registry = new ToolRegistry({ logger: silentLogger, hermesHome: home });
  const runtime = registerTerminalTools(registry, {
    settings: resolveTerminalOptions({ config: { terminal: { cwd: home, ...terminal } } }),
    ...(approve === undefined ? {} : { approval: approve }),
  });
  runtimes.push(runtime);
  return async () => {
    const out = await registry.dispatch("terminal", { command: "true" }, { taskId: "bench" });
    if (typeof out !== "string" || !out.includes('"exit_code":0'))
      throw new Error(`unexpected result: ${String(out)}`);
  };
}

/**
 * Approval's view of a session with 150 shell functions, after each command changed its
 * snapshot (a `cd`, a variable) but not its definitions: what one more command costs there.
 */
async function setupSessionState(): Promise<() => Promise<unknown>> {
  await initializeParser();
  const functions = Array.from(
    { length: 150 },
    (_, i) => `f${i}() {\n  local a=$1\n  if [ -n "$a" ]; then echo "x $a" | sed 's/x/y/'; fi\n}`,
  ).join("\n");
  const snapshots = ["/", "/tmp"].map((dir) =>
    execFileSync(
      "bash",
      ["--noprofile", "--norc", "-c", `${functions}\ncd ${dir}; export -p; declare -f; alias -p`],
      { encoding: "utf8", env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home } },
    ),
  );
  let step = 0;
  const read = snapshotStateReader(
    () => `snapshot-${step}`,
    async () => snapshots[step % 2] ?? "",
  );
  return async () => {
    step++;
    const state = await read();
    if (Object.keys(state.functions).length !== 150) throw new Error("unexpected state");
  };
}

try {
  await runSuite("terminal", [
    {
      name: "session state for approval after a cd, 150 functions defined",
      samples: 15,
      sampleTimeMs: 100,
      setup: setupSessionState,
    },
    {
      name: "true via terminal tool (local, approval manager)",
      budgetUs: 8_000,
      samples: 15,
      sampleTimeMs: 100,
      setup: () => {
        const manager = createApprovalManager({
          config: parseConfigText("").config,
          home,
          interactive: false,
        });
        return setupTool((command, options) => manager.checkDangerousCommand(command, options));
      },
    },
    {
      name: "true via terminal tool (local, default approval: config.yaml read per check)",
      samples: 15,
      sampleTimeMs: 100,
      setup: () => setupTool(undefined),
    },
    {
      name: "true via terminal tool (local, sandbox: workspace-write, approval manager)",
      samples: 15,
      sampleTimeMs: 100,
      setup: () => {
        const manager = createApprovalManager({
          config: parseConfigText("").config,
          home,
          interactive: false,
        });
        return setupTool((command, options) => manager.checkDangerousCommand(command, options), {
          sandbox: "workspace-write",
        });
      },
    },
    {
      name: "true via local environment (launcher: subreaper tree tracking)",
      samples: 15,
      sampleTimeMs: 100,
      setup: () => setupEnvironment(undefined),
    },
    {
      name: "true via local environment (no launcher: run marker only, for comparison)",
      samples: 15,
      sampleTimeMs: 100,
      setup: () => setupEnvironment(null),
    },
  ]);
} finally {
  await Promise.all(runtimes.map((runtime) => runtime.shutdown()));
  await Promise.all(environments.map((env) => env.cleanup()));
  rmSync(home, { recursive: true, force: true });
}
