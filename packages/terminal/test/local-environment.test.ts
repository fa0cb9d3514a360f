import {
  createTempDir,
  isProcessAlive,
  runEnvironmentConformance,
  waitUntil,
  type TempDir,
} from "@hermes-agent/test-utils";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import {
  createLocalEnvironment,
  PtyUnavailableError,
  TerminalError,
  type Environment,
} from "../src/index.js";

const MAX_OUTPUT = 20_000;

runEnvironmentConformance("local", {
  create: () => createLocalEnvironment({ maxOutputChars: MAX_OUTPUT, killGraceMs: 300 }),
  maxOutputChars: MAX_OUTPUT,
});

describe("local environment specifics", () => {
  let dir: TempDir;
  const envs: Environment[] = [];
  const make = async (
    options: Parameters<typeof createLocalEnvironment>[0] = {},
  ): Promise<Environment> => {
    const env = await createLocalEnvironment({ cwd: dir.path, killGraceMs: 300, ...options });
    envs.push(env);
    return env;
  };

  beforeAll(async () => {
    dir = await createTempDir();
  });
  afterEach(async () => {
    await Promise.all(envs.splice(0).map((env) => env.cleanup()));
  });
  afterAll(async () => {
    await dir.remove();
  });

  test("builds the child environment from an allowlist plus passthrough", async () => {
    const hostEnv = {
      PATH: process.env.PATH,
      HOME: "/home/agent",
      OPENAI_API_KEY: "sk-should-not-leak",
      GH_TOKEN: "ghp_nope",
      MY_TOOL_HOME: "/opt/tool",
      LC_ALL: "C.UTF-8",
    };
    const env = await make({ hostEnv, envPassthrough: ["MY_TOOL_HOME"] });
    const result = await env.execute(
      'echo "[$OPENAI_API_KEY][$GH_TOKEN][$MY_TOOL_HOME][$HOME][$LC_ALL][$PAGER]"',
    );
    expect(result.output.trim()).toBe("[][][/opt/tool][/home/agent][C.UTF-8][cat]");
  });

  test("never runs the user's shell startup files, even with stdin on a socket", async () => {
    const home = path.join(dir.path, "home");
    await mkdir(home, { recursive: true });
    await writeFile(path.join(home, ".bashrc"), "echo RC-LOADED\n");
    await writeFile(path.join(home, ".bash_profile"), "echo PROFILE-LOADED\n");
    const env = await make({ hostEnv: { PATH: process.env.PATH, HOME: home } });
    expect((await env.execute("cat", { stdin: "in\n" })).output).toBe("in\n");
    const proc = await env.spawnBackground("echo bg");
    let output = "";
    proc.onOutput((chunk) => {
      output += chunk;
    });
    await proc.exited;
    await waitUntil(() => output.includes("bg"), { timeoutMs: 2000 });
    expect(output).toBe("bg\n");
  });

  test("parallel commands of one task each start from a complete snapshot", async () => {
    const env = await make();
    await env.execute("export BASE=kept");
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        env.execute(`echo "$BASE"; export PAR_${i}=1; sleep 0.0${i}`),
      ),
    );
    expect(results.map((r) => r.output)).toEqual(Array.from({ length: 6 }, () => "kept\n"));
    const after = await env.execute('echo "$BASE"; env | grep -c "^PAR_"');
    expect(after.output).toBe("kept\n1\n");
  });

  test("per-call env applies to one command only", async () => {
    const env = await make();
    expect((await env.execute('echo "$ONE_SHOT"', { env: { ONE_SHOT: "yes" } })).output).toBe(
      "yes\n",
    );
    expect((await env.execute('echo "[$ONE_SHOT]"')).output).toBe("[]\n");
  });

  test("functions and aliases persist; `exit` in a command still saves state", async () => {
    const env = await make();
    await env.execute(
      "greet() { echo \"hi $1\"; }; alias ll='echo listing'; export AFTER_EXIT=1; cd /; exit 4",
    );
    expect((await env.execute("greet bob; ll")).output).toBe("hi bob\nlisting\n");
    expect((await env.execute('echo "$AFTER_EXIT $(pwd)"')).output).toBe("1 /\n");
  });

  test("a timed-out command leaves the session state unchanged", async () => {
    const env = await make();
    const result = await env.execute("cd / && export LOST=1 && sleep 30", { timeout: 1 });
    expect(result).toMatchObject({ exitCode: 124, timedOut: true });
    expect(result.output).toContain("[Command timed out after 1s]");
    expect((await env.execute('echo "[$LOST]"; pwd -P')).output).toBe(`[]\n${dir.path}\n`);
  });

  test("keeps output printed before a timeout", async () => {
    const env = await make();
    const result = await env.execute("echo before; sleep 30", { timeout: 1 });
    expect(result.output).toBe("before\n[Command timed out after 1s]");
  });

  test("runs a command longer than the kernel's argument limit", async () => {
    const env = await make();
    const big = `echo start; : '${"x".repeat(200_000)}'; echo end`;
    expect((await env.execute(big)).output).toBe("start\nend\n");
  });

  test("a missing workdir fails the command without touching the session", async () => {
    const env = await make();
    const result = await env.execute("pwd", { cwd: path.join(dir.path, "nope") });
    expect(result.exitCode).toBe(126);
    expect((await env.execute("pwd -P")).output.trim()).toBe(dir.path);
  });

  test("reads and writes files relative to the session cwd", async () => {
    const env = await make();
    await env.writeFile("sub/note.txt", "hello");
    expect(await readFile(path.join(dir.path, "sub/note.txt"), "utf8")).toBe("hello");
    expect(Buffer.from(await env.readFile("sub/note.txt")).toString("utf8")).toBe("hello");
  });

  test("a foreground command's leftover children holding the output are killed", async () => {
    const env = await make();
    const result = await env.execute('sleep 60 & echo "left:$!"');
    const pid = Number(/left:(\d+)/.exec(result.output)?.[1]);
    expect(pid).toBeGreaterThan(0);
    expect(await waitUntil(() => !isProcessAlive(pid))).toBe(true);
  });

  test("an already-aborted signal runs nothing", async () => {
    const env = await make();
    const marker = path.join(dir.path, "aborted-marker");
    const result = await env.execute(`touch '${marker}'`, { signal: AbortSignal.abort() });
    expect(result).toMatchObject({ exitCode: 130, interrupted: true });
    expect((await env.execute(`test -e '${marker}'`)).exitCode).toBe(1);
  });

  test("PTY mode without the PTY library fails clearly, before running", async () => {
    const env = await make({ ptyModule: "hermes-missing-pty-module" });
    const marker = path.join(dir.path, "pty-marker");
    const attempt = env.execute(`touch '${marker}'`, { pty: true });
    await expect(attempt).rejects.toBeInstanceOf(PtyUnavailableError);
    await expect(attempt).rejects.toThrow(/npm install @lydell\/node-pty/);
    expect((await env.execute(`test -e '${marker}'`)).exitCode).toBe(1);
  });

  test("refuses work after cleanup", async () => {
    const env = await make();
    await env.cleanup();
    await expect(env.execute("true")).rejects.toSatisfy((error) => TerminalError.isInstance(error));
  });
});
