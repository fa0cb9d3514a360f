import { spawnSync } from "node:child_process";
import { initializeParser } from "@hermes-agent/shell";
import { beforeAll, expect, test } from "vitest";
import { parseShellSnapshot, snapshotStateReader } from "../src/shell-snapshot.js";

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
  expect(state.variables?.WEIRD).toBe("x\ny () \n{ \n}");
});

test("the restore text gives back the same state when bash reads it", () => {
  const text = snapshotAfter(
    [
      "alias q=\"echo 'it''s' \\\"x\\\"\"",
      'f() { echo "a\n}\nb"; }',
      "export A=$'tab\\there\\nnew' B='$x `y` \"q\" \\\\z' C",
    ].join("\n"),
  );
  const state = parseShellSnapshot(text);
  const again = parseShellSnapshot(snapshotAfter(state.restoreText ?? ""));
  expect(again.aliases).toEqual(state.aliases);
  expect(again.functions).toEqual(state.functions);
  expect(again.variables).toEqual(state.variables);
  expect(state.variables?.B).toBe('$x `y` "q" \\\\z');
});

test("an empty snapshot has nothing; an unreadable one throws", () => {
  expect(parseShellSnapshot("")).toEqual({
    aliases: {},
    functions: {},
    variables: {},
    restoreText: "",
  });
  expect(() => parseShellSnapshot("garbage line\n")).toThrow(/unexpected line/);
  expect(() => parseShellSnapshot("f () \n{ \n    echo\n")).toThrow(/has no end/);
});

test("a session's successive snapshots read the same as each parsed on its own", async () => {
  const steps = [
    "f() { echo one; }\nalias a='echo 1'",
    "f() { echo one; }\nalias a='echo 1'\nexport HOME=/srv/two",
    // The same name with another body, and a body whose first lone `}` line is inside a string.
    "f() { echo \"x\n}\ny\"; }\nalias a='echo 2'\nexport HOME=/srv/two",
    "f() { echo one; }\ng() { :; }\nexport HOME=/srv/three",
    "",
  ].map(snapshotAfter);
  let step = 0;
  const read = snapshotStateReader(
    () => `snap-${step}`,
    async () => steps[step] ?? "",
  );
  for (; step < steps.length; step++) {
    expect(await read()).toEqual(parseShellSnapshot(steps[step] ?? ""));
  }
  step = 2;
  expect((await read()).functions.f).toContain('echo "x\n}\ny"');
});
