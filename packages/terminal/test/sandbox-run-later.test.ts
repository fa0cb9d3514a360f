// Under terminal.sandbox: workspace-write, what inside the workspace runs later OUTSIDE the
// sandbox (git hooks and config, husky hooks, direnv's .envrc) stays read-only, with a clear
// note in the result; the rest of the workspace stays writable.
import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createLocalEnvironment, type Environment } from "../src/index.js";
import { findExecutable } from "../src/executables.js";

const HAS_BWRAP = findExecutable("bwrap", process.env.PATH, ["/usr/bin", "/bin"]) !== undefined;
if (!HAS_BWRAP) console.warn("[sandbox run-later tests skipped] install bubblewrap (bwrap)");

let workspace: TempDir;
let env: Environment;
const HOOK = "#!/bin/sh\necho original\n";

beforeAll(async () => {
  workspace = await createTempDir("hermes-run-later-");
  const ws = workspace.path;
  execFileSync("git", ["init", "-q", ws]);
  writeFileSync(path.join(ws, ".git", "hooks", "pre-commit"), HOOK);
  mkdirSync(path.join(ws, ".husky"));
  writeFileSync(path.join(ws, ".husky", "pre-commit"), HOOK);
  writeFileSync(path.join(ws, ".envrc"), "export X=1\n");
  mkdirSync(path.join(ws, "src"));
  if (HAS_BWRAP) {
    env = await createLocalEnvironment({
      cwd: ws,
      killGraceMs: 300,
      backendOptions: { sandbox: "workspace-write" },
    });
  }
});
afterAll(async () => {
  await env?.cleanup();
  await workspace.remove();
});

// Each write is harmless if it lands: it appends a comment or writes a marker line.
const WRITES: readonly { name: string; command: string; file: string }[] = [
  {
    name: "a git hook appended to",
    command: "echo '# x' >> .git/hooks/pre-commit",
    file: ".git/hooks/pre-commit",
  },
  {
    name: "git config appended to",
    command: "printf '[alias]\\n\\tzz = !true\\n' >> .git/config",
    file: ".git/config",
  },
  {
    name: "git config through git itself",
    command: "git config alias.zz '!true'",
    file: ".git/config",
  },
  {
    name: "a new git hook",
    command: "echo '# x' > .git/hooks/post-checkout",
    file: ".git/hooks/post-checkout",
  },
  {
    name: "a hook copied in",
    command: "cp .husky/pre-commit .git/hooks/pre-push",
    file: ".git/hooks/pre-push",
  },
  { name: "a husky hook", command: "echo '# x' >> .husky/pre-commit", file: ".husky/pre-commit" },
  { name: ".envrc", command: "echo '# x' >> .envrc", file: ".envrc" },
  { name: ".git replaced by a rename", command: "mv .git .git-moved", file: ".git-moved" },
  {
    name: "a hook written by a script",
    command: "python3 -c \"open('.git/hooks/commit-msg','w').write('# x')\"",
    file: ".git/hooks/commit-msg",
  },
];

describe.skipIf(!HAS_BWRAP)("workspace-write keeps run-later files read-only", () => {
  test("the policy lists them", () => {
    expect(env.sandbox?.readOnlyPaths).toEqual(
      expect.arrayContaining([".git", ".husky", ".envrc"].map((p) => path.join(workspace.path, p))),
    );
  });

  test.each(WRITES)("$name is refused with a clear note", async ({ command, file }) => {
    const before = (() => {
      try {
        return readFileSync(path.join(workspace.path, file), "utf8");
      } catch {
        return undefined;
      }
    })();
    const result = await env.execute(command);
    expect(result.exitCode).not.toBe(0);
    expect(result.output).toMatch(/\[sandbox: .*read-only/);
    const after = (() => {
      try {
        return readFileSync(path.join(workspace.path, file), "utf8");
      } catch {
        return undefined;
      }
    })();
    expect(after).toBe(before);
  });

  test("the rest of the workspace stays writable", async () => {
    const result = await env.execute(
      "echo ok > src/file.txt && cat src/file.txt && git --version >/dev/null; echo done",
    );
    expect(result.output).toContain("ok\n");
    expect(readFileSync(path.join(workspace.path, "src", "file.txt"), "utf8")).toBe("ok\n");
    expect(readFileSync(path.join(workspace.path, ".git", "hooks", "pre-commit"), "utf8")).toBe(
      HOOK,
    );
  });
});
