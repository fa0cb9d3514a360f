import { spawnSync } from "node:child_process";
import { initializeParser } from "@hermes-agent/shell";
import { beforeAll, expect, test } from "vitest";
import { parseShellSnapshot } from "../src/shell-snapshot.js";

beforeAll(() => initializeParser());

/** What the wrapper writes after `setup` ran, from real bash (definitions only, nothing runs). */
function snapshotAfter(setup: string): string {
  const result = spawnSync(
    "bash",
    [
      "--noprofile",
      "--norc",
      "-c",
      `${setup}\n{ builtin export -p; builtin declare -f; builtin alias -p; }`,
    ],
    { encoding: "utf8", env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: "/home/dev" } },
  );
  expect(result.status).toBe(0);
  return result.stdout;
}

test("aliases, functions and HOME come back as bash defined them", () => {
  const text = snapshotAfter(
    [
      "alias ll='ls -l'",
      `alias q="echo 'it''s' \\"x\\""`,
      "alias ml=$'echo a\\necho b'",
      'f() { echo "a\n}\nalias fake=rm\nb"; cat <<EOF\n}\nEOF\n}',
      "g() { rm -f /nonexistent/x; } > /dev/null",
      "export HOME=/srv/other",
      "export WEIRD=$'x\\ny () \\n{ \\n}'",
    ].join("\n"),
  );
  const state = parseShellSnapshot(text);
  expect(state.aliases).toEqual({ ll: "ls -l", q: `echo 'it''s' "x"`, ml: "echo a\necho b" });
  expect(Object.keys(state.functions).sort()).toEqual(["f", "g"]);
  expect(state.functions.f).toContain("alias fake=rm");
  expect(state.functions.f).toContain("cat <<EOF");
  expect(state.functions.g).toContain("rm -f /nonexistent/x");
  expect(state.home).toBe("/srv/other");
});

test("an empty snapshot has nothing; an unreadable one throws", () => {
  expect(parseShellSnapshot("")).toEqual({ aliases: {}, functions: {} });
  expect(() => parseShellSnapshot("garbage line\n")).toThrow(/unexpected line/);
  expect(() => parseShellSnapshot("f () \n{ \n    echo\n")).toThrow(/has no end/);
});
