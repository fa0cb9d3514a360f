import { runEnvironmentConformance } from "../src/testing/index.js";
import { execFileSync } from "node:child_process";
import { afterAll, describe, expect, test } from "vitest";
import { describeRemoteStateRace } from "./remote-state-race.js";
import { describePathCommands } from "./path-commands.js";
import {
  createDockerEnvironment,
  dockerRunArgs,
  dockerSettingsFrom,
  type Environment,
} from "../src/index.js";
import { DOCKER_TEST_IMAGE, dockerService } from "./live-services.js";

const MAX_OUTPUT = 20_000;
const skip = dockerService();
const runTag = `t${process.pid}-${Date.now().toString(36)}`;
let tasks = 0;

function options(extra: Record<string, unknown> = {}, taskId = `${runTag}-${++tasks}`) {
  return {
    taskId,
    maxOutputChars: MAX_OUTPUT,
    killGraceMs: 300,
    backendOptions: {
      docker_image: DOCKER_TEST_IMAGE,
      docker_network: false,
      container_persistent: false,
      ...extra,
    },
  };
}

function docker(...args: string[]): string {
  return execFileSync("docker", args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

function containersOf(taskId: string): string[] {
  return docker("ps", "-aq", "--filter", `label=hermes-task-id=${taskId}`)
    .split("\n")
    .filter((id) => id !== "");
}

/** Every container this file made is gone at the end, whatever failed. */
afterAll(() => {
  if (skip !== undefined) return;
  const ids = docker("ps", "-aq", "--filter", "label=hermes-agent=1")
    .split("\n")
    .filter((id) => id !== "");
  const ours = ids.filter((id) =>
    docker("inspect", "--format", '{{index .Config.Labels "hermes-task-id"}}', id).startsWith(
      runTag,
    ),
  );
  if (ours.length > 0) docker("rm", "-f", ...ours);
});

let conformanceContainer = "";
runEnvironmentConformance("docker", {
  create: async () => {
    const taskId = `${runTag}-${++tasks}`;
    const env = await createDockerEnvironment(options({}, taskId));
    conformanceContainer = containersOf(taskId)[0] ?? "";
    return env;
  },
  maxOutputChars: MAX_OUTPUT,
  isProcessAlive: (pid) => {
    try {
      const stat = docker("exec", conformanceContainer, "cat", `/proc/${pid}/stat`);
      return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
    } catch {
      return false;
    }
  },
  ...(skip === undefined ? {} : { skip }),
});

describeRemoteStateRace(
  "docker",
  () => createDockerEnvironment(options({}, `${runTag}-race-${++tasks}`)),
  skip,
);

describePathCommands(
  "docker",
  () => createDockerEnvironment(options({}, `${runTag}-path-${++tasks}`)),
  skip,
);

describe.skipIf(skip !== undefined)("docker environment specifics", () => {
  const envs: Environment[] = [];
  afterAll(async () => {
    for (const env of envs) await env.cleanup();
  });

  test("starts a hardened, labelled container per task with the network off", async () => {
    const taskId = `${runTag}-hardened`;
    const env = await createDockerEnvironment(options({}, taskId));
    envs.push(env);
    const [id = ""] = containersOf(taskId);
    const info = JSON.parse(docker("inspect", id))[0];
    expect(info.Config.Labels).toMatchObject({ "hermes-agent": "1", "hermes-task-id": taskId });
    expect(info.HostConfig.CapDrop).toEqual(["ALL"]);
    expect(info.HostConfig.SecurityOpt).toContain("no-new-privileges");
    expect(info.HostConfig.PidsLimit).toBe(256);
    expect(info.HostConfig.NetworkMode).toBe("none");
    expect(info.HostConfig.Init).toBe(true);
    expect(Object.keys(info.HostConfig.Tmpfs).sort()).toEqual(["/run", "/tmp", "/var/tmp"]);
    expect((await env.execute("echo $HOME; pwd")).output).toBe("/root\n/root\n");
  });

  test("a vanished container is recreated once", async () => {
    const taskId = `${runTag}-vanish`;
    const env = await createDockerEnvironment(options({}, taskId));
    envs.push(env);
    docker("rm", "-f", ...containersOf(taskId));
    const result = await env.execute("echo back");
    expect(result).toMatchObject({ output: "back\n", exitCode: 0, environmentRecreated: true });
  });

  test("a persistent container is reused across two runtimes, and removed by nobody else", async () => {
    const taskId = `${runTag}-persist`;
    const first = await createDockerEnvironment(options({ container_persistent: true }, taskId));
    await first.execute("echo kept > /root/marker");
    await first.cleanup();
    const second = await createDockerEnvironment(options({ container_persistent: true }, taskId));
    try {
      expect((await second.execute("cat /root/marker")).output).toBe("kept\n");
      expect(containersOf(taskId)).toHaveLength(1);
    } finally {
      await second.cleanup();
      docker("rm", "-f", ...containersOf(taskId));
    }
  });

  test("reads and writes files inside the container", async () => {
    const env = await createDockerEnvironment(options());
    envs.push(env);
    await env.writeFile("/tmp/x/a.bin", new Uint8Array([0, 1, 2, 255]));
    expect([...(await env.readFile("/tmp/x/a.bin"))]).toEqual([0, 1, 2, 255]);
    await expect(env.readFile("/tmp/none")).rejects.toThrow(/\/tmp\/none/);
  });

  test("the session's state directory does not grow with the commands it ran", async () => {
    const env = await createDockerEnvironment(options());
    envs.push(env);
    for (let i = 0; i < 40; i++) {
      expect((await env.execute(i % 2 === 0 ? `export STEP=${i}; cd /tmp` : "cd ~")).exitCode).toBe(
        0,
      );
    }
    // Each command leaves a snapshot and a cwd file; the old ones go in batches, not never.
    const files = (await env.execute("ls -A /tmp/hermes-terminal-*")).output.split("\n");
    expect(files.filter((name) => name.endsWith(".snap")).length).toBeLessThan(20);
    expect(files.filter((name) => name.endsWith(".cwd")).length).toBeLessThan(20);
    expect((await env.execute('echo "$STEP $PWD"')).output).toBe("38 /root\n");
  });

  test("forwards only the named host variables", async () => {
    const env = await createDockerEnvironment({
      ...options({ docker_forward_env: ["HERMES_FWD_TEST"] }),
      hostEnv: { ...process.env, HERMES_FWD_TEST: "yes", HERMES_NOT_FORWARDED: "no" },
    });
    envs.push(env);
    expect(
      (await env.execute('echo "$HERMES_FWD_TEST-${HERMES_NOT_FORWARDED:-unset}"')).output,
    ).toBe("yes-unset\n");
  });

  test("an unreachable daemon is a clear error naming the fix", async () => {
    await expect(
      createDockerEnvironment({
        ...options(),
        hostEnv: { ...process.env, DOCKER_HOST: "unix:///nonexistent/hermes-docker.sock" },
      }),
    ).rejects.toThrow(/Docker daemon.*(dockerd|Start)/s);
  });

  test("the run arguments carry the resource limits", () => {
    const settings = dockerSettingsFrom(options({ container_cpu: 2, container_memory: 512 }));
    const args = dockerRunArgs(settings, false);
    expect(args).toEqual(
      expect.arrayContaining(["--cpus", "2", "--memory", "512m", "--network=none"]),
    );
  });
});
