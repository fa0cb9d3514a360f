// `true` through the terminal tool on the docker and ssh backends, each against the bare
// client measured alternately with it in the same run (targets: ≤ 1.3× a bare
// `docker exec <container> true`, ≤ 1.3× a bare `ssh -o ControlPath=<warm master> host true`),
// and the first command on a fresh docker task, container start included (target ≤ 1.5 s).
// Needs the services of .ci/services (dockerd with the local test image, the test sshd).
import { createApprovalManager } from "@hermes-agent/approval";
import { median, reportSamples, runSuite, suiteFilteredOut } from "@hermes-agent/bench";
import { parseConfigText } from "@hermes-agent/config";
import { silentLogger } from "@hermes-agent/core";
import { ToolRegistry } from "@hermes-agent/registry";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  createDockerEnvironment,
  registerTerminalTools,
  resolveTerminalOptions,
  sshControlPath,
  type Environment,
  type TerminalRuntime,
} from "../src/index.js";

const home = mkdtempSync(path.join(os.tmpdir(), "hermes-bench-backends-"));
process.env.HERMES_HOME = home;
const image = process.env.HERMES_DOCKER_TEST_IMAGE ?? "hermes-test-rootfs:latest";
const sshd = Object.fromEntries(
  readFileSync(path.join(process.env.HERMES_SSHD_DIR ?? "/tmp/hermes-sshd", "env"), "utf8")
    .trim()
    .split("\n")
    .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
);
const sshTerminal = {
  backend: "ssh",
  ssh_host: "127.0.0.1",
  ssh_port: Number(sshd.port),
  ssh_user: sshd.user,
  ssh_key: sshd.key,
};
const dockerTerminal = {
  backend: "docker",
  docker_image: image,
  docker_network: false,
  container_persistent: false,
};
const runtimes: TerminalRuntime[] = [];
const manager = createApprovalManager({
  config: parseConfigText("").config,
  home,
  interactive: false,
});
const environments: Environment[] = [];

function toolCall(terminal: Record<string, unknown>, taskId: string): () => Promise<unknown> {
  const registry = new ToolRegistry({ logger: silentLogger, hermesHome: home });
  const runtime = registerTerminalTools(registry, {
    settings: resolveTerminalOptions({ config: { terminal } }),
    approval: (command, options) => manager.checkDangerousCommand(command, options),
  });
  runtimes.push(runtime);
  return async () => {
    const out = await registry.dispatch("terminal", { command: "true" }, { taskId });
    if (typeof out !== "string" || !out.includes('"exit_code":0'))
      throw new Error(`unexpected result: ${String(out)}`);
  };
}

function run(file: string, args: string[]): void {
  execFileSync(file, args, { stdio: "ignore" });
}

const sshArgs = [
  "-o",
  "BatchMode=yes",
  "-o",
  "ControlMaster=no",
  "-p",
  String(sshd.port),
  "-i",
  sshd.key ?? "",
  `${sshd.user}@127.0.0.1`,
];
let taskCount = 0;
const ROUNDS = 31;

/** Time one call, in milliseconds. */
async function timed(op: () => unknown): Promise<number> {
  const start = performance.now();
  await op();
  return performance.now() - start;
}

/**
 * The bare client and the tool, measured alternately in the same run (so a busy moment slows
 * both), reported as the two medians and their ratio against the 1.3× target.
 */
async function reportPaired(
  backend: string,
  bareName: string,
  bare: () => unknown,
  tool: () => Promise<unknown>,
): Promise<void> {
  const suite = "terminal backends";
  if (suiteFilteredOut(suite)) return;
  await tool();
  bare();
  const bareMs: number[] = [];
  const toolMs: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    bareMs.push(await timed(bare));
    toolMs.push(await timed(tool));
  }
  reportSamples({ suite, name: bareName, values: bareMs, unit: "ms" });
  reportSamples({ suite, name: `true via terminal tool (${backend})`, values: toolMs, unit: "ms" });
  reportSamples({
    suite,
    name: `true via terminal tool (${backend}) / ${bareName}, medians of the same run`,
    values: [median(toolMs) / median(bareMs)],
    unit: "x",
    budget: 1.3,
  });
}

try {
  const bareEnv = await createDockerEnvironment({
    taskId: `bench-bare-${process.pid}`,
    backendOptions: dockerTerminal,
  });
  environments.push(bareEnv);
  const container = execFileSync(
    "docker",
    ["ps", "-q", "--filter", `label=hermes-task-id=bench-bare-${process.pid}`],
    { encoding: "utf8" },
  ).trim();
  await reportPaired(
    "docker",
    "bare docker exec <container> true",
    () => run("docker", ["exec", container, "true"]),
    toolCall(dockerTerminal, `bench-tool-${process.pid}`),
  );

  // The terminal tool's master is the warm one both cases use.
  const sshTool = toolCall(sshTerminal, `bench-ssh-${process.pid}`);
  await sshTool();
  const controlPath = sshControlPath({
    host: "127.0.0.1",
    port: Number(sshd.port),
    user: sshd.user,
    key: sshd.key,
  });
  await reportPaired(
    "ssh",
    "bare ssh -o ControlPath=<warm master> host true",
    () => run("ssh", ["-o", `ControlPath=${controlPath}`, ...sshArgs, "true"]),
    sshTool,
  );

  await runSuite("terminal backends", [
    {
      name: "first command on a fresh docker task (container start included)",
      budgetUs: 1_500_000,
      samples: 5,
      sampleTimeMs: 1,
      setup: () => async () => {
        const env = await createDockerEnvironment({
          taskId: `bench-fresh-${process.pid}-${++taskCount}`,
          backendOptions: dockerTerminal,
        });
        environments.push(env);
        await env.execute("true");
      },
    },
  ]);
} finally {
  await Promise.all(runtimes.map((runtime) => runtime.shutdown()));
  await Promise.all(environments.map((env) => env.cleanup()));
  rmSync(home, { recursive: true, force: true });
}
