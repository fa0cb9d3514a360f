// What the next command of a remote session restores is the state the session checked, sent
// with the command: a process an earlier command left running on the far side can rewrite the
// snapshot files there as it likes, and none of what it writes runs. Shared by the suites of
// every remote backend (docker and ssh live, Singularity, Modal and Daytona through their
// stand-ins), which all run the same far-side wrapper.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Environment } from "../src/index.js";
import { pollUntil } from "../src/testing/index.js";

/** How an earlier command's leftover process rewrites each snapshot file (`MARK` is the marker). */
export interface SnapshotRewrite {
  readonly name: string;
  /** Shell text run with `$f` set to one snapshot file. */
  readonly rewrite: string;
}

/** Each of these, sourced, would run `touch MARK`. Harmless if it ever runs. */
export const SNAPSHOT_REWRITES: readonly SnapshotRewrite[] = [
  {
    name: "a value holding a command substitution",
    rewrite: `printf '%s\\n' 'declare -x FOO="$(touch MARK)"' >"$f"`,
  },
  {
    name: "a function named like the next command",
    rewrite: `printf '%s\\n' 'echo () ' '{ ' '    touch MARK' '}' >"$f"`,
  },
  {
    name: "an alias of the next command",
    rewrite: `printf '%s\\n' "alias echo='touch MARK; builtin echo'" >"$f"`,
  },
  {
    name: "a bare command line appended to the checked text",
    rewrite: `printf '%s\\n' 'touch MARK' >>"$f"`,
  },
  {
    name: "the file replaced by a link to a planted script",
    rewrite: `printf '%s\\n' 'touch MARK' >"$f.planted"; rm -f "$f"; ln -s "$f.planted" "$f"`,
  },
  {
    name: "the file removed (the checked state is restored all the same)",
    rewrite: `rm -f "$f"`,
  },
];

/** Shell text that waits for `go`, applies `rewrite` to every snapshot, then creates `done`. */
function rewriter(dir: string, rewrite: string, marker: string): string {
  const body = rewrite.replaceAll("MARK", marker);
  return [
    `( __n=0; while [ ! -e ${dir}/go ] && [ $__n -lt 600 ]; do sleep 0.05; __n=$((__n + 1)); done`,
    `for f in "$__hermes_state"/*.snap; do ${body}; done; : >${dir}/done ) >/dev/null 2>&1 </dev/null &`,
    "echo started",
  ].join("\n");
}

async function exists(env: Environment, file: string): Promise<boolean> {
  return (await env.execute(`test -e ${file} && echo yes || echo no`)).output.trim() === "yes";
}

/**
 * The race cases against one remote backend. `create` opens a fresh environment of it; every
 * environment is cleaned up by the suite. `skip` says why the backend is not available here.
 */
export function describeRemoteStateRace(
  backend: string,
  create: () => Promise<Environment>,
  skip?: string,
): void {
  describe.skipIf(skip !== undefined)(
    `${backend}: the next command restores the state as checked, not the far-side file`,
    () => {
      let env: Environment;
      beforeAll(async () => {
        env = await create();
      });
      afterAll(async () => {
        await env.cleanup();
      });

      test.each(SNAPSHOT_REWRITES)("$name", async ({ rewrite }) => {
        // One session for every case: each plants anew over what the one before left.
        const session = env;
        const dir = (await session.execute("mktemp -d")).output.trim();
        expect(dir).toMatch(/^\/\S+$/);
        const marker = `${dir}/payload-ran`;
        try {
          expect((await session.execute("export KEEP=kept; alias greet='echo hi'")).exitCode).toBe(
            0,
          );
          expect((await session.execute(rewriter(dir, rewrite, marker))).output).toContain(
            "started",
          );
          // The session has read and checked this command's snapshot; now it is rewritten.
          await session.writeFile(`${dir}/go`, "");
          expect(
            await pollUntil(
              () =>
                session.readFile(`${dir}/done`).then(
                  () => true,
                  () => false,
                ),
              { timeoutMs: 30_000, intervalMs: 100 },
            ),
          ).toBe(true);
          const next = await session.execute('echo "hello $KEEP"; greet');
          expect(next.output).toBe("hello kept\nhi\n");
          expect(next.exitCode).toBe(0);
          expect(await exists(session, marker)).toBe(false);
          const context = await session.shellContext?.();
          expect(context?.aliases).toEqual({ greet: "echo hi" });
          expect(context?.functions).not.toHaveProperty("echo");
        } finally {
          await session.execute(`rm -rf ${dir}`, { cwd: "/" });
        }
      });

      test("a state and a command above 200 kB reach the shell whole, through no file", async () => {
        // Four exported values of 60 kB (one program's environment string is capped at 128 KiB).
        const set = await env.execute(
          [
            "for __v in BIG1 BIG2 BIG3 BIG4; do export $__v=$(printf '%060000d' 0)x; done",
            'big() { builtin echo "$((${#BIG1} + ${#BIG2} + ${#BIG3} + ${#BIG4}))"; }',
          ].join("\n"),
        );
        expect(set.exitCode).toBe(0);
        // The command itself is over 200 kB: a comment, then what it prints.
        const command = `: ${"y".repeat(210_000)}\nbig; bash -c 'echo "\${#BIG4}"'; ls -a "$__hermes_state"`;
        const result = await env.execute(command);
        expect(result.exitCode).toBe(0);
        const lines = result.output.trim().split("\n");
        expect(lines.slice(0, 2).map((line) => line.trim())).toEqual(["240004", "60001"]);
        // No stored command and no state to source: only snapshots, cwd files (and what the
        // race cases above planted) are there.
        expect(lines.slice(2).filter((file) => /\.(?:cmd|restore)$/.test(file))).toEqual([]);
        const after = await env.execute("big");
        expect(after.output).toBe("240004\n");
      });

      test("input written to a command follows the state and the command it reads", async () => {
        const result = await env.execute('read -r -N 5 a; echo "$a"; cat | wc -c', {
          stdin: "abcde12345",
        });
        expect(result.output.replace(/\s+/g, " ").trim()).toBe("abcde 5");
        const background = await env.spawnBackground(
          'read -r line; echo "got:$line:$BIG1" | cut -c1-12',
        );
        const output: string[] = [];
        background.onOutput((chunk) => output.push(chunk));
        background.write("hello\n");
        background.closeStdin();
        await background.exited;
        expect(output.join("")).toBe("got:hello:00\n");
      });

      test("a command holding a NUL byte is refused before anything runs", async () => {
        await expect(env.execute("echo a\u0000b")).rejects.toThrow(/NUL byte/);
        expect((await env.execute("echo still")).output).toBe("still\n");
      });
    },
  );
}
