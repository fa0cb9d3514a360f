import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { BackgroundProcess, Environment } from "../environment.js";
import { isLiveProcess } from "../process-table.js";
import { pollUntil, sigkillAll } from "./polling.js";

/** How a backend's test file runs the suite. */
export interface EnvironmentConformanceOptions {
  /** Make a fresh environment. */
  create(): Promise<Environment>;
  /** The output cap the created environments apply, in characters. */
  readonly maxOutputChars: number;
  /**
   * Whether a pid printed by a command inside the environment is alive. Default: a check
   * on this machine, right for the local backend; a container backend checks inside it.
   */
  readonly isProcessAlive?: (pid: number) => boolean | Promise<boolean>;
  /** When set, the suite is registered as skipped with this reason (e.g. "install docker.io"). */
  readonly skip?: string;
}

function pidsIn(output: string, label: string): number[] {
  return [...output.matchAll(new RegExp(`${label}:(\\d+)`, "g"))].map((match) => Number(match[1]));
}

function collect(proc: BackgroundProcess): { text: () => string } {
  let text = "";
  proc.onOutput((chunk) => {
    text += chunk;
  });
  return { text: () => text };
}

/**
 * The behaviour every terminal backend must show: persistent cwd and exported variables,
 * exit codes, merged stderr, stdin, timeouts and aborts that kill the whole process tree,
 * background processes, unicode, capped output, a deleted cwd, and a clean cleanup.
 */
export function runEnvironmentConformance(
  name: string,
  options: EnvironmentConformanceOptions,
): void {
  const skip = options.skip;
  const suite = skip === undefined ? describe : describe.skip;
  suite(
    `${name}: environment conformance${skip === undefined ? "" : ` (skipped: ${skip})`}`,
    () => {
      const alive = options.isProcessAlive ?? isLiveProcess;
      const hostPids = options.isProcessAlive === undefined;
      const started = new Set<number>();
      let env: Environment;
      let tmp: string;

      const track = (pids: number[]): number[] => {
        for (const pid of pids) started.add(pid);
        return pids;
      };
      const allDead = async (pids: number[]): Promise<boolean> =>
        pollUntil(async () => {
          for (const pid of pids) if (await alive(pid)) return false;
          return true;
        });

      beforeAll(async () => {
        env = await options.create();
        const made = await env.execute("mktemp -d");
        expect(made.exitCode).toBe(0);
        tmp = (
          await env.execute(`cd -- ${made.output.trim()} && pwd -P`, { cwd: "/" })
        ).output.trim();
      });

      afterAll(async () => {
        if (hostPids) sigkillAll(started);
        await env.execute(`rm -rf -- '${tmp}'`, { cwd: "/" }).catch(() => undefined);
        await env.cleanup();
      });

      test("declares its capabilities", () => {
        for (const key of ["pty", "background", "persistent", "fileTransfer"] as const) {
          expect(typeof env.capabilities[key]).toBe("boolean");
        }
      });

      test("reports exit codes", async () => {
        expect((await env.execute("true")).exitCode).toBe(0);
        expect((await env.execute("false")).exitCode).toBe(1);
        expect((await env.execute("exit 3")).exitCode).toBe(3);
        expect((await env.execute("definitely-not-a-command-hermes")).exitCode).toBe(127);
      });

      test("merges stderr into the output in order", async () => {
        const result = await env.execute("echo one; echo two >&2; echo three");
        expect(result.output).toBe("one\ntwo\nthree\n");
      });

      test("keeps the working directory between calls", async () => {
        await env.execute(`mkdir -p '${tmp}/persist' && cd '${tmp}/persist'`);
        expect((await env.execute("pwd -P")).output.trim()).toBe(`${tmp}/persist`);
        expect((await env.execute("pwd -P", { cwd: tmp })).output.trim()).toBe(tmp);
        expect((await env.execute("pwd -P")).output.trim()).toBe(`${tmp}/persist`);
      });

      test("keeps exported variables between calls", async () => {
        await env.execute("export HERMES_CONFORMANCE_VAR='a b c'");
        expect((await env.execute('printf %s "$HERMES_CONFORMANCE_VAR"')).output).toBe("a b c");
      });

      test("feeds stdin, and gives an empty stdin otherwise", async () => {
        expect((await env.execute("cat", { stdin: "hello\nworld\n" })).output).toBe(
          "hello\nworld\n",
        );
        const empty = await env.execute("cat", { timeout: 10 });
        expect(empty).toMatchObject({ exitCode: 0, output: "" });
      });

      test("passes unicode through intact", async () => {
        const small = await env.execute("printf 'héllo wörld 🌍 日本語\\n'");
        expect(small.output).toBe("héllo wörld 🌍 日本語\n");
        const repeat = Math.max(1, Math.min(3000, Math.floor(options.maxOutputChars / 10)));
        const big = await env.execute(`for i in $(seq 1 ${repeat}); do printf '日本語🌍'; done`);
        expect(big.output).toBe("日本語🌍".repeat(repeat));
      });

      test("caps huge output, keeping its head and tail", async () => {
        const result = await env.execute("seq 1 400000");
        expect(result.exitCode).toBe(0);
        expect(result.output.length).toBeLessThanOrEqual(options.maxOutputChars + 200);
        expect(result.output.startsWith("1\n2\n3\n")).toBe(true);
        expect(result.output.endsWith("399999\n400000\n")).toBe(true);
        expect(result.output).toMatch(/TRUNCATED/);
      });

      test("kills the whole process tree on timeout", async () => {
        const result = await env.execute('sleep 60 & echo "child:$!"; echo "shell:$$"; sleep 60', {
          timeout: 1,
        });
        expect(result.exitCode).toBe(124);
        const pids = track([...pidsIn(result.output, "child"), ...pidsIn(result.output, "shell")]);
        expect(pids).toHaveLength(2);
        expect(await allDead(pids)).toBe(true);
      });

      test("an abort returns and kills descendants that left the process group", async () => {
        // `set -m` puts the background job in a process group of its own, as setsid or a
        // daemonising double fork would; it keeps the output open.
        const ac = new AbortController();
        const pidFile = `${tmp}/escaped.pid`;
        const running = env.execute(
          `set -m; sleep 60 & echo "$!" > '${pidFile}.tmp'; mv '${pidFile}.tmp' '${pidFile}'; sleep 60`,
          { signal: ac.signal, timeout: 60 },
        );
        let pid = 0;
        await pollUntil(async () => {
          pid = Number((await env.execute(`cat '${pidFile}' 2>/dev/null`)).output.trim());
          return pid > 0;
        });
        track([pid]);
        ac.abort();
        expect((await running).exitCode).toBe(130);
        expect(pid).toBeGreaterThan(0);
        expect(await allDead([pid])).toBe(true);
      });

      test("kills the whole process tree on abort", async () => {
        const ac = new AbortController();
        const pidFile = `${tmp}/abort.pid`;
        const running = env.execute(`sleep 60 & echo "$!" > '${pidFile}'; sleep 60`, {
          signal: ac.signal,
          timeout: 60,
        });
        let pid = 0;
        await pollUntil(async () => {
          pid = Number((await env.execute(`cat '${pidFile}' 2>/dev/null`)).output.trim());
          return pid > 0;
        });
        track([pid]);
        ac.abort();
        const result = await running;
        expect(result.exitCode).toBe(130);
        expect(await allDead([pid])).toBe(true);
      });

      test("refuses a cwd that does not exist, before running anything", async () => {
        const marker = `${tmp}/missing-cwd-ran`;
        await expect(
          env.execute(`touch '${marker}'`, { cwd: `${tmp}/does-not-exist` }),
        ).rejects.toThrow(/does-not-exist/);
        expect((await env.execute(`test -e '${marker}'`)).exitCode).toBe(1);
      });

      test("falls back to the nearest existing directory when the cwd is deleted", async () => {
        await env.execute(`mkdir -p '${tmp}/gone/deeper' && cd '${tmp}/gone/deeper'`);
        await env.execute(`rm -rf '${tmp}/gone'`, { cwd: tmp });
        const result = await env.execute("pwd -P");
        expect(result.exitCode).toBe(0);
        expect(result.output.trim()).toBe(tmp);
      });

      describe.runIf(options.skip === undefined)("background processes", () => {
        test("streams output and reports the exit code", async () => {
          if (!env.capabilities.background) {
            await expect(env.spawnBackground("true")).rejects.toThrow();
            return;
          }
          const proc = await env.spawnBackground("echo out; echo err >&2; exit 7");
          const output = collect(proc);
          expect(await proc.exited).toBe(7);
          await pollUntil(() => output.text().includes("err"), { timeoutMs: 2000 });
          expect(output.text()).toContain("out\n");
          expect(output.text()).toContain("err\n");
        });

        test("accepts stdin writes and EOF", async () => {
          if (!env.capabilities.background) return;
          const reader = await env.spawnBackground('read -r line; echo "got:$line"');
          const readerOut = collect(reader);
          reader.write("hello\n");
          expect(await reader.exited).toBe(0);
          expect(readerOut.text()).toContain("got:hello");
          const cat = await env.spawnBackground("cat; echo done");
          const catOut = collect(cat);
          cat.write("xyz");
          cat.closeStdin();
          expect(await cat.exited).toBe(0);
          expect(catOut.text()).toContain("xyzdone");
        });

        test("kill takes the whole process group", async () => {
          if (!env.capabilities.background) return;
          const proc = await env.spawnBackground(
            'sleep 60 & echo "child:$!"; echo "shell:$$"; sleep 60',
          );
          const output = collect(proc);
          await pollUntil(() => output.text().includes("shell:"));
          const pids = track([
            ...pidsIn(output.text(), "child"),
            ...pidsIn(output.text(), "shell"),
          ]);
          expect(pids).toHaveLength(2);
          await proc.kill();
          expect(await allDead(pids)).toBe(true);
        });
      });

      describe.runIf(options.skip === undefined)("pty", () => {
        test("runs interactive programs in a terminal, or refuses before running", async () => {
          if (!env.capabilities.pty) {
            const marker = `${tmp}/pty-ran`;
            await expect(env.execute(`touch '${marker}'`, { pty: true })).rejects.toThrow(/pty/i);
            expect((await env.execute(`test -e '${marker}'`)).exitCode).toBe(1);
            return;
          }
          const tty = await env.execute("[ -t 1 ] && echo is-a-tty", { pty: true });
          expect(tty.output).toContain("is-a-tty");
          const proc = await env.spawnBackground('read -r line; echo "pty:$line"', { pty: true });
          const output = collect(proc);
          proc.write("hello\r");
          expect(await proc.exited).toBe(0);
          expect(output.text()).toContain("pty:hello");
        });
      });

      test("cleanup leaves nothing running", async () => {
        const fresh = await options.create();
        const pids: number[] = [];
        try {
          const fg = await fresh.execute('sleep 60 >/dev/null 2>&1 & echo "left:$!"');
          pids.push(...track(pidsIn(fg.output, "left")));
          // A job in a process group of its own, no longer holding the output.
          const escaped = await fresh.execute(
            'set -m; sleep 60 </dev/null >/dev/null 2>&1 & echo "left:$!"',
          );
          pids.push(...track(pidsIn(escaped.output, "left")));
          if (fresh.capabilities.background) {
            const proc = await fresh.spawnBackground(
              'sleep 60 & echo "child:$!"; echo "shell:$$"; wait',
            );
            const output = collect(proc);
            await pollUntil(() => output.text().includes("shell:"));
            pids.push(
              ...track([...pidsIn(output.text(), "child"), ...pidsIn(output.text(), "shell")]),
            );
          }
        } finally {
          await fresh.cleanup();
        }
        expect(pids.length).toBeGreaterThan(1);
        expect(await allDead(pids)).toBe(true);
      });
    },
  );
}
