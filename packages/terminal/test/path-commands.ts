// A bare command word that runs a file from a directory the session added to its PATH is
// reported to approval with what the file is, looked up where the command runs. Shared by the
// local suite and the live docker and ssh suites. Every file made here is harmless if it runs.
import { detectDangerousCommand } from "@hermes-agent/approval";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Environment, ShellContext } from "../src/index.js";

/** The context approval gets for `command` (what the terminal tool passes). */
async function contextFor(env: Environment, command: string): Promise<ShellContext> {
  const context = await env.shellContext?.(command);
  if (context === undefined) throw new Error("the environment has no shell context");
  return context;
}

/** Whether detection flags `command` with the environment's context. */
async function flagged(env: Environment, command: string): Promise<boolean> {
  const context = await contextFor(env, command);
  return (
    detectDangerousCommand(command, {
      context: {
        cwd: context.cwd,
        aliases: context.aliases,
        functions: context.functions,
        ...(context.home === undefined ? {} : { home: context.home }),
        ...(context.environment === undefined ? {} : { environment: context.environment }),
        ...(context.pathCommands === undefined ? {} : { pathCommands: context.pathCommands }),
      },
    }) !== null
  );
}

/** Look-up cases against one backend; `create` opens a fresh environment of it. */
export function describePathCommands(
  backend: string,
  create: () => Promise<Environment>,
  skip?: string,
): void {
  describe.skipIf(skip !== undefined)(
    `${backend}: command words run from a directory the session put on PATH`,
    () => {
      let env: Environment;
      let dir = "";
      let cases = 0;
      beforeAll(async () => {
        env = await create();
        // Under the home directory: a backend may mount /tmp noexec (docker does), where nothing runs.
        dir = (await env.execute('mktemp -d "$HOME/.hermes-path-test-XXXXXX"')).output.trim();
      });
      afterAll(async () => {
        await env.execute(`rm -rf ${dir}`, { cwd: "/" });
        await env.cleanup();
      });

      /** A fresh bin directory on the session's PATH (prepended), returned as a path. */
      async function freshBin(where: "front" | "back" = "front"): Promise<string> {
        const bin = `${dir}/bin${++cases}`;
        const path = where === "front" ? `${bin}:$PATH` : `$PATH:${bin}`;
        const made = await env.execute(`mkdir -p ${bin} && export PATH="${path}"`);
        expect(made.exitCode).toBe(0);
        return bin;
      }

      async function script(bin: string, name: string, text: string): Promise<void> {
        await env.writeFile(`${bin}/${name}`, text);
        expect((await env.execute(`chmod +x ${bin}/${name}`)).exitCode).toBe(0);
      }

      test("nothing is looked up while the session keeps the PATH it started with", async () => {
        const fresh = await create();
        try {
          await fresh.execute("export KEEP=1");
          expect((await contextFor(fresh, "ls -la")).pathCommands).toBeUndefined();
        } finally {
          await fresh.cleanup();
        }
      });

      test("a script is reported with its text, and judged by it", async () => {
        const bin = await freshBin();
        await script(bin, "ls", "#!/bin/sh\nrm -rf /nonexistent-hermes-target/etc\n");
        const context = await contextFor(env, "ls -la");
        expect(context.pathCommands?.ls).toEqual({
          kind: "script",
          path: `${bin}/ls`,
          text: "#!/bin/sh\nrm -rf /nonexistent-hermes-target/etc\n",
        });
        for (const command of ["ls", "ls -la | head", "cd / && ls", "env ls", "bash -c 'ls'"])
          expect(await flagged(env, command), command).toBe(true);
        await script(bin, "ls", "#!/bin/sh\necho listing\n");
        expect(await flagged(env, "ls -la")).toBe(false);
      });

      test("a link to a known program is that program; a copy too; a changed copy is unknown", async () => {
        const bin = await freshBin();
        expect((await env.execute(`ln -s "$(command -v bash)" ${bin}/lint`)).exitCode).toBe(0);
        expect((await contextFor(env, "lint")).pathCommands?.lint).toMatchObject({
          kind: "program",
          program: "bash",
        });
        expect(await flagged(env, "lint -c 'rm -rf /nonexistent-hermes-target/etc'")).toBe(true);
        expect((await env.execute(`cp "$(command -v bash)" ${bin}/fmt`)).exitCode).toBe(0);
        expect((await contextFor(env, "fmt")).pathCommands?.fmt).toMatchObject({
          kind: "program",
          program: "bash",
        });
        expect(
          (await env.execute(`cp "$(command -v bash)" ${bin}/tidy && printf x >>${bin}/tidy`))
            .exitCode,
        ).toBe(0);
        expect((await contextFor(env, "tidy")).pathCommands?.tidy).toEqual({
          kind: "unknown",
          path: `${bin}/tidy`,
        });
        expect(await flagged(env, "tidy --check")).toBe(true);
      });

      test("a script too large to read is unknown", async () => {
        const bin = await freshBin();
        await script(bin, "gen", `#!/bin/sh\n${"# padding\n".repeat(7000)}echo done\n`);
        expect((await contextFor(env, "gen")).pathCommands?.gen).toEqual({
          kind: "unknown",
          path: `${bin}/gen`,
        });
      });

      test("builtins, files that cannot run, and words a system directory answers first are left alone", async () => {
        const front = await freshBin();
        await script(front, "echo", "#!/bin/sh\nrm -rf /nonexistent-hermes-target/etc\n");
        await env.writeFile(`${front}/cat`, "#!/bin/sh\nrm -rf /nonexistent-hermes-target/etc\n");
        const context = await contextFor(env, "echo hi; cat notes.txt");
        expect(context.pathCommands?.echo).toBeUndefined();
        expect(context.pathCommands?.cat).toBeUndefined();
        const back = await freshBin("back");
        await script(back, "head", "#!/bin/sh\nrm -rf /nonexistent-hermes-target/etc\n");
        await script(
          back,
          "hermes-only-here",
          "#!/bin/sh\nrm -rf /nonexistent-hermes-target/etc\n",
        );
        const later = await contextFor(env, "head -1 notes.txt; hermes-only-here");
        expect(later.pathCommands?.head).toBeUndefined();
        expect(later.pathCommands?.["hermes-only-here"]).toMatchObject({ kind: "script" });
      });

      test("a relative PATH entry, and a word inside an alias, are looked up too", async () => {
        const rel = `rel${++cases}`;
        const made = await env.execute(
          `cd ${dir} && mkdir -p ${rel} && export PATH="${rel}:$PATH" && alias ll='hermes-rel-tool -l'`,
        );
        expect(made.exitCode).toBe(0);
        await script(`${dir}/${rel}`, "hermes-rel-tool", "#!/bin/sh\necho listing\n");
        const context = await contextFor(env, "ll");
        expect(context.pathCommands?.["hermes-rel-tool"]).toMatchObject({
          kind: "script",
          path: `${dir}/${rel}/hermes-rel-tool`,
        });
      });
    },
  );
}
