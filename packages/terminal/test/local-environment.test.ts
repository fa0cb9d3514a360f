import {
  createTempDir,
  isProcessAlive,
  killPids,
  waitUntil,
  type TempDir,
} from "@hermes-agent/test-utils";
import { runEnvironmentConformance } from "../src/testing/index.js";
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

  test("a glob in env_passthrough passes nothing: provider keys never reach the child", async () => {
    const hostEnv = {
      PATH: process.env.PATH,
      OPENAI_API_KEY: "sk-should-not-leak",
      GITHUB_TOKEN: "ghp_nope",
      AWS_SECRET_ACCESS_KEY: "aws-nope",
    };
    const env = await make({ hostEnv, envPassthrough: ["*", "*_KEY", "GITHUB_*", ".*"] });
    const result = await env.execute("env");
    expect(result.output).not.toMatch(
      /OPENAI_API_KEY|GITHUB_TOKEN|AWS_SECRET_ACCESS_KEY|nope|leak/,
    );
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

  test("a cwd written with ~ starts in the host home (HOME of hostEnv)", async () => {
    const home = path.join(dir.path, "tilde-home");
    await mkdir(path.join(home, "work"), { recursive: true });
    const hostEnv = { PATH: process.env.PATH, HOME: home };
    const inWork = await make({ hostEnv, cwd: "~/work" });
    expect((await inWork.execute("pwd")).output.trim()).toBe(path.join(home, "work"));
    const atHome = await make({ hostEnv, cwd: "~" });
    expect((await atHome.execute("pwd")).output.trim()).toBe(home);
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

  test("a missing workdir is a clear error, nothing runs and the session is untouched", async () => {
    const env = await make();
    const marker = path.join(dir.path, "workdir-marker");
    const missing = path.join(dir.path, "nope");
    for (const attempt of [
      env.execute(`touch '${marker}'`, { cwd: missing }),
      env.spawnBackground(`touch '${marker}'`, { cwd: missing }),
    ]) {
      await expect(attempt).rejects.toSatisfy(
        (error) => TerminalError.isInstance(error) && error.code === "TERMINAL_WORKDIR_NOT_FOUND",
      );
    }
    await writeFile(path.join(dir.path, "file.txt"), "not a directory");
    await expect(env.execute("true", { cwd: path.join(dir.path, "file.txt") })).rejects.toThrow(
      `Working directory not found: ${path.join(dir.path, "file.txt")} does not exist or is not a directory`,
    );
    expect((await env.execute(`test -e '${marker}'`)).exitCode).toBe(1);
    expect((await env.execute("pwd -P")).output.trim()).toBe(dir.path);
  });

  test("reports death by any signal as 128 + its number", async () => {
    const env = await make();
    expect((await env.execute("kill -USR1 $$")).exitCode).toBe(138);
    expect((await env.execute("kill -KILL $$")).exitCode).toBe(137);
  });

  test("decodes a multi-byte character split across output chunks", async () => {
    const env = await make();
    const result = await env.execute("printf '\\xe6\\x97'; sleep 0.2; printf '\\xa5\\n'");
    expect(result.output).toBe("日\n");
  });

  test("a descendant that left the process group and holds the output is killed", async () => {
    const env = await make();
    const grouped = await env.execute('set -m; sleep 60 & echo "left:$!"', { timeout: 20 });
    const setsid = await env.execute(`sh -c 'setsid sleep 60 & echo "left:$!"'`, { timeout: 20 });
    for (const result of [grouped, setsid]) {
      expect(result.exitCode).toBe(0);
      const pid = Number(/left:(\d+)/.exec(result.output)?.[1]);
      expect(pid).toBeGreaterThan(0);
      expect(await waitUntil(() => !isProcessAlive(pid))).toBe(true);
    }
  });

  test("an abort kills descendants that escaped with setsid and a double fork", async () => {
    const env = await make();
    const pidFile = path.join(dir.path, "escaped.pid");
    const ac = new AbortController();
    const running = env.execute(
      `sh -c '(setsid sh -c "echo \\$\\$ > ${pidFile}.tmp; mv ${pidFile}.tmp ${pidFile}; exec sleep 60" >/dev/null 2>&1 &)'; sleep 60`,
      { signal: ac.signal, timeout: 60 },
    );
    let pid = 0;
    try {
      expect(
        await waitUntil(async () => {
          pid = Number(await readFile(pidFile, "utf8").catch(() => "0"));
          return pid > 0;
        }),
      ).toBe(true);
      ac.abort();
      expect((await running).exitCode).toBe(130);
      expect(await waitUntil(() => !isProcessAlive(pid))).toBe(true);
    } finally {
      ac.abort();
      killPids([pid]);
    }
  });

  test("a child that ignores SIGTERM is killed after the grace period", async () => {
    const env = await make();
    const pidFile = path.join(dir.path, "stubborn.pid");
    const ac = new AbortController();
    const running = env.execute(
      `sh -c 'trap "" TERM; echo $$ > ${pidFile}.tmp; mv ${pidFile}.tmp ${pidFile}; while :; do sleep 1; done'`,
      { signal: ac.signal, timeout: 60 },
    );
    let pid = 0;
    try {
      expect(
        await waitUntil(async () => {
          pid = Number(await readFile(pidFile, "utf8").catch(() => "0"));
          return pid > 0;
        }),
      ).toBe(true);
      ac.abort();
      expect((await running).exitCode).toBe(130);
      expect(await waitUntil(() => !isProcessAlive(pid))).toBe(true);
    } finally {
      ac.abort();
      killPids([pid]);
    }
  });

  test("cleanup kills descendants that left the group and closed their output", async () => {
    const env = await createLocalEnvironment({ cwd: dir.path, killGraceMs: 300 });
    let pid = 0;
    try {
      const result = await env.execute(
        `sh -c 'setsid sleep 60 </dev/null >/dev/null 2>&1 & echo "left:$!"'`,
      );
      pid = Number(/left:(\d+)/.exec(result.output)?.[1]);
      expect(pid).toBeGreaterThan(0);
      expect(isProcessAlive(pid)).toBe(true);
    } finally {
      await env.cleanup();
    }
    expect(await waitUntil(() => !isProcessAlive(pid))).toBe(true);
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

  test("stdin without a final newline still reaches EOF in a PTY", async () => {
    const env = await make();
    const result = await env.execute("cat; echo done", { pty: true, stdin: "abc", timeout: 60 });
    expect(result).toMatchObject({ exitCode: 0, timedOut: false });
    expect(result.output).toMatch(/abc[\s\S]*done\r?\n$/);
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
