import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { runEnvironmentConformance } from "../src/testing/index.js";
import {
  createLocalEnvironment,
  createTerminalRuntime,
  resolveTerminalOptions,
  runTerminalTool,
  TerminalError,
  type Environment,
  type LocalEnvironmentOptions,
} from "../src/index.js";
import { recordingApprove } from "./tool-harness.js";
import { namespacedPidAlive } from "./tree-escapes.js";

const MAX_OUTPUT = 20_000;

let conformanceDir: TempDir;
beforeAll(async () => {
  conformanceDir = await createTempDir("hermes-sandbox-conformance-");
});
afterAll(async () => {
  await conformanceDir.remove();
});

runEnvironmentConformance("local (sandbox: workspace-write)", {
  create: () =>
    createLocalEnvironment({
      cwd: conformanceDir.path,
      maxOutputChars: MAX_OUTPUT,
      killGraceMs: 300,
      backendOptions: { sandbox: "workspace-write" },
    }),
  maxOutputChars: MAX_OUTPUT,
  isProcessAlive: namespacedPidAlive,
});

describe("sandbox levels (bubblewrap)", () => {
  let workspace: TempDir;
  let outside: string;
  let home: string;
  let hermesHome: string;
  const envs: Environment[] = [];
  const hostEnv = (): Record<string, string | undefined> => ({
    PATH: process.env.PATH,
    HOME: home,
    HERMES_HOME: hermesHome,
    OPENAI_API_KEY: "sk-sandbox-test-not-a-key",
  });
  const make = async (
    backendOptions: Record<string, unknown>,
    options: LocalEnvironmentOptions = {},
  ): Promise<Environment> => {
    const env = await createLocalEnvironment({
      cwd: workspace.path,
      killGraceMs: 300,
      hostEnv: hostEnv(),
      backendOptions,
      ...options,
    });
    envs.push(env);
    return env;
  };

  beforeAll(async () => {
    workspace = await createTempDir("hermes-sandbox-workspace-");
    // Outside both the workspace and /tmp (which the sandbox replaces), so it stays visible.
    outside = await mkdtemp("/var/tmp/hermes-sandbox-outside-");
    home = `${outside}/home`;
    hermesHome = `${outside}/hermes-home`;
    await mkdir(`${home}/.ssh`, { recursive: true });
    await writeFile(`${home}/.ssh/id_test`, "ssh-key-marker\n");
    await mkdir(`${home}/.aws`, { recursive: true });
    await writeFile(`${home}/.aws/credentials`, "aws-marker\n");
    await writeFile(`${home}/.netrc`, "netrc-marker\n");
    await writeFile(`${home}/notes.txt`, "visible-marker\n");
    await mkdir(hermesHome, { recursive: true });
    await writeFile(`${hermesHome}/.env`, "HERMES_ENV_MARKER=1\n");
    await mkdir(`${outside}/extra`, { recursive: true });
  });
  afterEach(async () => {
    await Promise.all(envs.splice(0).map((env) => env.cleanup()));
  });
  afterAll(async () => {
    await workspace.remove();
    await rm(outside, { recursive: true, force: true });
  });

  test("a configured sandbox without bwrap fails clearly, before anything runs", async () => {
    const failure = await make(
      { sandbox: "workspace-write" },
      { bwrapPath: `${outside}/no-such-bwrap` },
    ).catch((error: unknown) => error);
    expect(TerminalError.isInstance(failure)).toBe(true);
    expect(String(failure)).toMatch(
      /bubblewrap \(bwrap\) is not installed.*apt-get install bubblewrap/,
    );
  });

  test("an unknown level is refused by name", async () => {
    await expect(make({ sandbox: "strict" })).rejects.toThrow(/terminal\.sandbox: 'strict'/);
  });

  test("workspace-write: the workspace and configured paths are writable, the rest is not", async () => {
    const env = await make({
      sandbox: "workspace-write",
      sandbox_writable_paths: [`${outside}/extra`],
    });
    expect(env.sandbox).toMatchObject({ level: "workspace-write", network: false });
    expect(env.sandbox?.writableRoots).toContain(workspace.path);
    expect((await env.execute("echo ok > in-workspace.txt && cat in-workspace.txt")).output).toBe(
      "ok\n",
    );
    expect(readFileSync(`${workspace.path}/in-workspace.txt`, "utf8")).toBe("ok\n");
    expect((await env.execute(`echo ok > '${outside}/extra/allowed.txt'`)).exitCode).toBe(0);
    expect(existsSync(`${outside}/extra/allowed.txt`)).toBe(true);
    const refused = await env.execute(`echo no > '${outside}/refused.txt'`);
    expect(refused.exitCode).not.toBe(0);
    expect(refused.output).toMatch(/Read-only file system/);
    expect(refused.output).toMatch(/\[sandbox: .*workspace-write/);
    expect(existsSync(`${outside}/refused.txt`)).toBe(false);
    const mkdirOutside = await env.execute(`mkdir '${outside}/made-dir'`);
    expect(mkdirOutside.exitCode).not.toBe(0);
    expect(existsSync(`${outside}/made-dir`)).toBe(false);
  });

  test("read-only: only the temp dir is writable, and the session still persists", async () => {
    const env = await make({ sandbox: "read-only" });
    expect(env.sandbox?.level).toBe("read-only");
    expect(env.sandbox?.writableRoots).not.toContain(workspace.path);
    const refused = await env.execute("touch in-workspace-ro.txt");
    expect(refused.exitCode).not.toBe(0);
    expect(refused.output).toMatch(/\[sandbox: .*read-only/);
    expect(existsSync(`${workspace.path}/in-workspace-ro.txt`)).toBe(false);
    expect((await env.execute("echo t > /tmp/scratch && cat /tmp/scratch")).output).toBe("t\n");
    await env.execute("export SANDBOX_KEPT=yes; cd /tmp; alias hi='echo hello'");
    expect((await env.execute('echo "$SANDBOX_KEPT $(pwd)"; hi')).output).toBe("yes /tmp\nhello\n");
  });

  test("credential files and the Hermes home are not visible; other files are", async () => {
    const env = await make({ sandbox: "workspace-write" });
    const result = await env.execute(
      'cat ~/.ssh/id_test ~/.aws/credentials ~/.netrc "$HERMES_HOME/.env" 2>&1; ls -A ~/.ssh; cat ~/notes.txt',
      { env: { HERMES_HOME: hermesHome } },
    );
    expect(result.output).not.toMatch(/ssh-key-marker|aws-marker|netrc-marker|HERMES_ENV_MARKER/);
    expect(result.output).toContain("visible-marker");
    expect(env.sandbox?.hiddenPaths).toContain(`${home}/.ssh`);
    expect(env.sandbox?.hiddenPaths).toContain(hermesHome);
  });

  test("the agent's environment and processes are out of reach", async () => {
    const ownNames = readFileSync("/proc/self/environ", "latin1")
      .split("\0")
      .map((item) => item.slice(0, item.indexOf("=")))
      .filter(
        (name) =>
          name !== "" && !["PATH", "HOME", "LANG", "TERM", "PWD", "SHLVL", "_"].includes(name),
      );
    for (const backendOptions of [{}, { sandbox: "workspace-write" }]) {
      const env = await make(backendOptions);
      const result = await env.execute(
        `tr '\\0' '\\n' </proc/$PPID/environ | cut -d= -f1; echo "agent:$(test -r /proc/${process.pid}/environ && echo visible)"`,
      );
      const names = result.output.split("\n");
      expect(names).not.toContain("OPENAI_API_KEY");
      // Nothing of this (agent) process's own environment block reaches the command's parent.
      expect(ownNames.filter((name) => names.includes(name))).toEqual([]);
      if ("sandbox" in backendOptions) expect(result.output).toContain("agent:\n");
    }
  });

  test("network: off by default, on with sandbox_network", async () => {
    const server = net.createServer((socket) => socket.end("pong\n"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      const probe = `exec 3<>/dev/tcp/127.0.0.1/${port} && head -n1 <&3`;
      const off = await make({ sandbox: "workspace-write" });
      const refused = await off.execute(probe);
      expect(refused.exitCode).not.toBe(0);
      expect(refused.output).not.toContain("pong");
      const on = await make({ sandbox: "workspace-write", sandbox_network: true });
      expect(on.sandbox?.network).toBe(true);
      expect((await on.execute(probe)).output).toBe("pong\n");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test("a network failure inside the sandbox says why", async () => {
    const env = await make({ sandbox: "read-only" });
    const result = await env.execute("echo 'connect: Network is unreachable' >&2; exit 7");
    expect(result.exitCode).toBe(7);
    expect(result.output).toMatch(/\[sandbox: network access is disabled/);
  });

  test("terminal.sandbox in config.yaml reaches commands run through the tool", async () => {
    const runtime = createTerminalRuntime({
      settings: resolveTerminalOptions({
        config: { terminal: { cwd: workspace.path, sandbox: "read-only" } },
      }),
      approval: recordingApprove(),
      killGraceMs: 300,
    });
    try {
      const result = await runTerminalTool(
        runtime,
        { command: "touch via-tool.txt" },
        { taskId: "sandboxed" },
      );
      expect(result.exit_code).not.toBe(0);
      expect(String(result.output)).toMatch(/\[sandbox: .*read-only/);
      expect(existsSync(`${workspace.path}/via-tool.txt`)).toBe(false);
      expect((await runtime.environment("sandboxed")).sandbox?.level).toBe("read-only");
    } finally {
      await runtime.shutdown();
    }
  });
});
