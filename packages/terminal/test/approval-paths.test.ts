// Approval through the terminal tool judges paths where they really point: a symlink in the
// workspace made by an earlier call (also through `cd`, `pushd` and `workdir`), CDPATH set in
// the same or an earlier call, data moved into the tree from outside and then deleted, and an
// exported IFS. Every payload is harmless if it runs: the links point at marker directories
// in a temp dir, and each test checks that the markers are still there.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createApprovalManager } from "@hermes-agent/approval";
import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { afterEach, describe, expect, test } from "vitest";
import { createHarness, type Harness } from "./tool-harness.js";

let harness: Harness | undefined;
const dirs: TempDir[] = [];
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  while (dirs.length > 0) await dirs.pop()?.remove();
});

/** A harness whose approval asks nobody (flagged commands are refused), and a marker dir. */
async function setup(): Promise<{ h: Harness; markers: string }> {
  const home = await createTempDir("hermes-approval-paths-");
  const markers = await createTempDir("hermes-markers-");
  dirs.push(home, markers);
  writeFileSync(path.join(home.path, "config.yaml"), "approvals:\n  mode: manual\n");
  const manager = createApprovalManager({ home: home.path, env: {}, interactive: false });
  harness = await createHarness({ approval: manager });
  return { h: harness, markers: markers.path };
}

/** A marker directory `<markers>/<name>/inner/keep` that a delete would remove. */
function marker(markers: string, name: string): string {
  const inner = path.join(markers, name, "inner");
  mkdirSync(inner, { recursive: true });
  writeFileSync(path.join(inner, "keep"), "marker");
  return path.join(markers, name);
}

const blocked = { exit_code: -1, status: "blocked" };
const kept = (dir: string): boolean => existsSync(path.join(dir, "inner", "keep"));

describe("symlinks in the workspace", () => {
  test("a link made by an earlier call is followed by a later delete", async () => {
    const { h, markers } = await setup();
    const target = marker(markers, "v4");
    expect(await h.call("terminal", { command: `ln -sfn ${target} lnk4` })).toMatchObject({
      exit_code: 0,
    });
    for (const command of ["rm -rf lnk4/inner", "rm -rf ./lnk4/inner/", "cd lnk4 && rm -rf inner"])
      expect(await h.call("terminal", { command }), command).toMatchObject(blocked);
    expect(
      await h.call("terminal", { command: "pushd lnk4 >/dev/null && rm -rf inner" }),
    ).toMatchObject(blocked);
    expect(
      await h.call("terminal", { command: "rm -rf inner", workdir: path.join(h.dir.path, "lnk4") }),
    ).toMatchObject(blocked);
    expect(kept(target)).toBe(true);
  });

  test("a link made earlier in the same line is followed", async () => {
    const { h, markers } = await setup();
    const target = marker(markers, "v5");
    const result = await h.call("terminal", { command: `ln -sfn ${target} l5 && rm -rf l5/inner` });
    expect(result).toMatchObject(blocked);
    expect(kept(target)).toBe(true);
    // Removing the link itself is ordinary work in the tree.
    await h.call("terminal", { command: `ln -sfn ${target} l6` });
    expect(await h.call("terminal", { command: "rm -f l6" })).toMatchObject({ exit_code: 0 });
    expect(kept(target)).toBe(true);
  });
});

describe("CDPATH", () => {
  test("set in the same line or exported by an earlier call", async () => {
    const { h, markers } = await setup();
    const first = marker(markers, "v3b");
    const second = marker(markers, "v3");
    mkdirSync(path.join(h.dir.path, "v3"));
    expect(
      await h.call("terminal", { command: `CDPATH=${markers}; cd v3b && rm -rf inner` }),
    ).toMatchObject(blocked);
    expect(await h.call("terminal", { command: `export CDPATH=${markers}` })).toMatchObject({
      exit_code: 0,
    });
    expect(await h.call("terminal", { command: "cd v3 && rm -rf inner" })).toMatchObject(blocked);
    expect(kept(first)).toBe(true);
    expect(kept(second)).toBe(true);
  });
});

describe("data moved in from outside the tree", () => {
  test("deleting it in the same line is judged as deleting it where it was", async () => {
    const { h, markers } = await setup();
    const source = marker(markers, "x47");
    const result = await h.call("terminal", {
      command: `mv ${source} ./moved47 && rm -rf moved47`,
    });
    expect(result).toMatchObject(blocked);
    expect(kept(source)).toBe(true);
  });
});

describe("data moved in by an earlier call", () => {
  test("a later delete of it is judged as a delete outside the tree", async () => {
    const { h, markers } = await setup();
    const source = marker(markers, "x48");
    expect(await h.call("terminal", { command: `mv ${source} ./moved48` })).toMatchObject({
      exit_code: 0,
    });
    const moved = path.join(h.dir.path, "moved48");
    for (const command of [
      "rm -rf moved48",
      "rm -rf ./moved48/inner",
      "cd moved48 && rm -rf inner",
    ])
      expect(await h.call("terminal", { command }), command).toMatchObject(blocked);
    expect(kept(moved)).toBe(true);
    // Other deletes in the tree are still ordinary work.
    mkdirSync(path.join(h.dir.path, "build"));
    expect(await h.call("terminal", { command: "rm -rf build" })).toMatchObject({ exit_code: 0 });
  });
});

describe("an exported IFS", () => {
  test("splits a later call's expansions where bash does", async () => {
    const { h, markers } = await setup();
    const target = marker(markers, "w1");
    expect(await h.call("terminal", { command: "export IFS=%" })).toMatchObject({ exit_code: 0 });
    const result = await h.call("terminal", { command: `x=rm%-rf%${target}; $x` });
    expect(result).toMatchObject(blocked);
    expect(kept(target)).toBe(true);
  });

  test("does not make the session's state be discarded", async () => {
    const { h } = await setup();
    expect(
      await h.call("terminal", { command: "export HERMES_KEEP_ME=kept; export IFS=_" }),
    ).toMatchObject({ exit_code: 0 });
    const result = await h.call("terminal", { command: 'echo "$HERMES_KEEP_ME"' });
    expect(result).toMatchObject({ exit_code: 0 });
    expect(String(result.output)).toContain("kept");
    expect(String(result.output)).not.toContain("discarded");
  });
});
