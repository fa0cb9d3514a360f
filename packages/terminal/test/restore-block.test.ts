// The block a remote command reads from stdin (state, command, then the command's own input):
// a block that arrives cut short or malformed runs nothing.
import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { findBash, INCOMPLETE_INPUT, restoreBlock, SHELL_WRAPPER } from "../src/shell-wrapper.js";
import { parseShellSnapshot } from "../src/shell-snapshot.js";

const bash = findBash();
let dir: TempDir;
beforeAll(async () => {
  dir = await createTempDir("hermes-block-");
});
afterAll(async () => {
  await dir.remove();
});

/** Run the wrapper in stdin-block mode with `input` on stdin. */
function runWrapper(input: Buffer | string): { output: string; status: number | null } {
  const result = spawnSync(
    bash,
    [
      "--noprofile",
      "--norc",
      "-c",
      SHELL_WRAPPER,
      "hermes",
      dir.path,
      "r1",
      dir.path,
      "",
      "0",
      "",
      "-",
    ],
    { input, encoding: "utf8", timeout: 10_000 },
  );
  return { output: result.stdout, status: result.status };
}

describe("the state and command block on stdin", () => {
  test("restores the state, runs the command, and leaves the rest as the command's input", () => {
    const restore = "declare -x GREETING='héllo'\nalias shout='echo LOUD'\n";
    const block = restoreBlock(restore, 'echo "$GREETING"; shout; cat');
    const result = runWrapper(Buffer.concat([block, Buffer.from("rest of input\n")]));
    expect(result.output).toBe("héllo\nLOUD\nrest of input\n");
    expect(result.status).toBe(0);
  });

  const marker = (): string => path.join(dir.path, "payload-ran");
  const cut: readonly { name: string; input: () => string }[] = [
    { name: "a command cut short", input: () => `0 400\ntouch ${marker()}` },
    { name: "a state cut short", input: () => `900 0\ndeclare -x A='touch ${marker()}'` },
    { name: "no header at all", input: () => "" },
    { name: "a header that is not two counts", input: () => `x y\ntouch ${marker()}` },
    { name: "a negative count", input: () => `-1 5\ntouch ${marker()}` },
  ];
  test.each(cut)("$name runs nothing", ({ input }) => {
    const result = runWrapper(input());
    expect(result.output).toBe(`${INCOMPLETE_INPUT}\n`);
    expect(result.status).toBe(125);
    expect(existsSync(marker())).toBe(false);
  });

  test("text holding a NUL byte is refused, never sent with a count bash would misread", () => {
    expect(() => restoreBlock("", "echo a\u0000b")).toThrow(/NUL byte/);
    expect(() => restoreBlock("declare -x A='a\u0000'\n", "true")).toThrow(/NUL byte/);
  });

  test("a snapshot whose value decodes to a NUL byte is refused as not written by bash", () => {
    expect(() => parseShellSnapshot("declare -x A=$'a\\000b'\n")).toThrow(/NUL byte/);
  });
});
