// Environment.shellContext(): what approval is told about the session a command starts in,
// on the local backend and over ssh and docker, where the session's state comes back with each
// command's own output (no second client process to read it).
import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  createDockerEnvironment,
  createLocalEnvironment,
  createSshEnvironment,
  type Environment,
} from "../src/index.js";
import { DOCKER_TEST_IMAGE, dockerService, sshService } from "./live-services.js";

const service = sshService();
const skipSsh = typeof service === "string" ? service : undefined;
const skipDocker = dockerService();
let dir: TempDir;
const envs: Environment[] = [];

beforeAll(async () => {
  dir = await createTempDir("hermes-shell-context-");
});
afterAll(async () => {
  for (const env of envs) await env.cleanup();
  await dir.remove();
});

async function definedSession(env: Environment, target: string): Promise<void> {
  envs.push(env);
  expect(
    (
      await env.execute(
        `alias ll='ls -l'\nalias q="echo 'x'"\ntidy() { echo "a\n}\nb"; }\ncd ${target}`,
      )
    ).exitCode,
  ).toBe(0);
}

function expectDefinitions(context: Awaited<ReturnType<NonNullable<Environment["shellContext"]>>>) {
  expect(context.aliases).toMatchObject({ ll: "ls -l", q: "echo 'x'" });
  expect(context.functions.tidy).toContain('echo "a\n}\nb"');
}

test("local: cwd after cd, HOME, aliases and functions of earlier commands", async () => {
  const env = await createLocalEnvironment({
    cwd: dir.path,
    hostEnv: { PATH: process.env.PATH, HOME: "/home/someone" },
  });
  expect(await env.shellContext?.()).toEqual({
    cwd: dir.path,
    home: "/home/someone",
    aliases: {},
    functions: {},
  });
  const target = path.join(dir.path, "sub");
  await env.execute(`mkdir -p ${target}`);
  await definedSession(env, target);
  const context = await env.shellContext?.();
  expect(context?.cwd).toBe(target);
  expect(context?.home).toBe("/home/someone");
  if (context !== undefined) expectDefinitions(context);
  // An exported HOME is what `~` means to later commands.
  await env.execute("export HOME=/srv/elsewhere");
  expect((await env.shellContext?.())?.home).toBe("/srv/elsewhere");
});

describe.skipIf(skipSsh !== undefined)("ssh", () => {
  test("the remote session's cwd, home, aliases and functions", async () => {
    if (typeof service === "string") return;
    const knownHosts = path.join(dir.path, "known_hosts");
    const env = await createSshEnvironment({
      killGraceMs: 300,
      backendOptions: {
        ssh_host: service.host,
        ssh_port: service.port,
        ssh_user: service.user,
        ssh_key: service.key,
        ssh_known_hosts_file: knownHosts,
      },
    });
    const home = (await env.execute('printf %s "$HOME"')).output;
    expect((await env.shellContext?.())?.home).toBe(home);
    await definedSession(env, "/tmp");
    const context = await env.shellContext?.();
    expect(context?.cwd).toBe("/tmp");
    expect(context?.home).toBe(home);
    if (context !== undefined) expectDefinitions(context);
  });
});

/**
 * A client program (`ssh`, `docker`) that logs its first argument to `<name>.log` before it
 * runs the real one: each line is one client process, so one round trip to the far side.
 */
function countingClient(program: string): { file: string; calls: () => string[] } {
  const real = execFileSync("bash", ["-c", `command -v ${program}`], { encoding: "utf8" }).trim();
  const file = path.join(dir.path, `counting-${program}`);
  const log = `${file}.log`;
  writeFileSync(file, `#!/bin/sh\nprintf '%s\\n' "$1" >>'${log}'\nexec '${real}' "$@"\n`);
  chmodSync(file, 0o755);
  return {
    file,
    calls: () => (existsSync(log) ? readFileSync(log, "utf8").split("\n").slice(0, -1) : []),
  };
}

/**
 * Commands and approval's view after each: one client process per command, none for the view;
 * the view follows definitions, `cd`, an exported HOME, and commands that change nothing.
 */
async function oneRoundTripPerCommand(env: Environment, calls: () => number): Promise<void> {
  envs.push(env);
  const home = (await env.execute('printf %s "$HOME"')).output;
  let before = calls();
  await definedSession(env, "/tmp");
  let context = await env.shellContext?.();
  expect(calls() - before).toBe(1);
  expect(context?.cwd).toBe("/tmp");
  expect(context?.home).toBe(home);
  if (context !== undefined) expectDefinitions(context);

  // A command that changes nothing: the state is the same, still without a read.
  before = calls();
  expect((await env.execute("true")).exitCode).toBe(0);
  context = await env.shellContext?.();
  expect(calls() - before).toBe(1);
  if (context !== undefined) expectDefinitions(context);

  // Text that looks like the control channel, and characters beyond ASCII, inside definitions.
  before = calls();
  await env.execute(
    [
      "alias two=$'echo one\\necho two'",
      "note() { echo 'zoë ✓",
      "hermes-pid 7",
      "hermes-cwd /nowhere'; }",
      "export HOME=/srv/elsewhere; unalias ll; cd /",
    ].join("\n"),
  );
  context = await env.shellContext?.();
  expect(calls() - before).toBe(1);
  expect(context).toMatchObject({ cwd: "/", home: "/srv/elsewhere" });
  expect(context?.aliases).toEqual({ two: "echo one\necho two", q: "echo 'x'" });
  expect(context?.functions.note).toContain("zoë ✓\nhermes-pid 7\nhermes-cwd /nowhere");
  expect((await env.execute("note; two")).output).toBe(
    "zoë ✓\nhermes-pid 7\nhermes-cwd /nowhere\none\ntwo\n",
  );
}

describe.skipIf(skipSsh !== undefined)("ssh: the state comes back with the command", () => {
  test("one ssh client per command, none for approval's view", async () => {
    if (typeof service === "string") return;
    const client = countingClient("ssh");
    const env = await createSshEnvironment({
      killGraceMs: 300,
      backendOptions: {
        ssh_host: service.host,
        ssh_port: service.port,
        ssh_user: service.user,
        ssh_key: service.key,
        ssh_known_hosts_file: path.join(dir.path, "known_hosts"),
        ssh_binary: client.file,
      },
    });
    await oneRoundTripPerCommand(env, () => client.calls().length);
  });
});

describe.skipIf(skipDocker !== undefined)("docker: the state comes back with the command", () => {
  test("one docker exec per command, none for approval's view", async () => {
    const client = countingClient("docker");
    const env = await createDockerEnvironment({
      taskId: `shell-context-${process.pid}-${Date.now().toString(36)}`,
      killGraceMs: 300,
      hostEnv: { ...process.env, HERMES_DOCKER_BINARY: client.file },
      backendOptions: {
        docker_image: DOCKER_TEST_IMAGE,
        docker_network: false,
        container_persistent: false,
      },
    });
    await oneRoundTripPerCommand(
      env,
      () => client.calls().filter((call) => call === "exec").length,
    );
  });
});

test("the wrapper's own exit handler is not one of the session's functions", async () => {
  const env = await createLocalEnvironment({ cwd: dir.path });
  envs.push(env);
  await env.execute("mine() { :; }");
  expect(Object.keys((await env.shellContext?.())?.functions ?? {})).toEqual(["mine"]);
});
