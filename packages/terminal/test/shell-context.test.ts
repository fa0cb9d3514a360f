// Environment.shellContext(): what approval is told about the session a command starts in,
// on the local backend and over ssh (the remote bash session reads its snapshot there).
import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createLocalEnvironment, createSshEnvironment, type Environment } from "../src/index.js";
import { sshService } from "./live-services.js";

const service = sshService();
const skipSsh = typeof service === "string" ? service : undefined;
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
