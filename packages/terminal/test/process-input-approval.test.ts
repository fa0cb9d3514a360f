// Input written to a background shell or REPL through the process tool is code: it is judged by
// approval like a terminal command before it is written. Payloads are harmless if they ran: they
// remove marker directories made here.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createApprovalManager } from "@hermes-agent/approval";
import { createTempDir, waitUntil, type TempDir } from "@hermes-agent/test-utils";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createHarness, findPython, type Harness } from "./tool-harness.js";

let home: TempDir;
let outside: TempDir;
let harness: Harness | undefined;
beforeEach(async () => {
  home = await createTempDir("hermes-process-input-home-");
  outside = await createTempDir("hermes-process-input-outside-");
});
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  await home.remove();
  await outside.remove();
});

/** A harness whose approval is the real manager with nobody to ask (flagged means refused). */
async function open(): Promise<Harness> {
  writeFileSync(path.join(home.path, "config.yaml"), "approvals:\n  mode: manual\n");
  const manager = createApprovalManager({ home: home.path, env: {}, interactive: false });
  harness = await createHarness({ approval: manager });
  return harness;
}

async function start(h: Harness, command: string): Promise<string> {
  const result = await h.call("terminal", { command, background: true });
  expect(result).toMatchObject({ output: "Background process started", exit_code: 0 });
  return result.session_id as string;
}

function markerDir(name: string): string {
  const dir = path.join(outside.path, name);
  mkdirSync(path.join(dir, "inner"), { recursive: true });
  return dir;
}

describe("input to a background shell or REPL", { timeout: 60_000 }, () => {
  test("an ordinary line reaches the shell", async () => {
    const h = await open();
    const id = await start(h, "bash");
    const made = path.join(h.dir.path, "made");
    expect(
      await h.call("process", { action: "submit", session_id: id, data: `touch ${made}` }),
    ).toMatchObject({ status: "ok" });
    await waitUntil(() => existsSync(made), { timeoutMs: 20_000 });
  });

  test.each([
    ["bash", (dir: string) => `rm -rf ${dir}`],
    ["sh", (dir: string) => `find ${dir} -delete`],
    ["bash -i", (dir: string) => `x=rm; $x -rf ${dir}`],
  ])("%s: a dangerous line is refused and never written", async (shell, line) => {
    const h = await open();
    const id = await start(h, shell);
    const dir = markerDir("victim");
    const result = await h.call("process", { action: "submit", session_id: id, data: line(dir) });
    expect(result).toMatchObject({ status: "blocked" });
    // Something harmless after it shows the shell is alive and the refused line never ran.
    const after = path.join(h.dir.path, "after");
    await h.call("process", { action: "submit", session_id: id, data: `touch ${after}` });
    await waitUntil(() => existsSync(after), { timeoutMs: 20_000 });
    expect(existsSync(dir)).toBe(true);
  });

  test("a line split over several writes is judged as the line it makes", async () => {
    const h = await open();
    const id = await start(h, "bash");
    const dir = markerDir("split");
    expect(
      await h.call("process", { action: "write", session_id: id, data: "rm -r" }),
    ).toMatchObject({ status: "ok" });
    const result = await h.call("process", { action: "submit", session_id: id, data: `f ${dir}` });
    expect(result).toMatchObject({ status: "blocked" });
    expect(existsSync(dir)).toBe(true);
  });

  test("code for an interactive python is judged as python", async () => {
    const python = findPython() ?? "python3";
    const h = await open();
    const id = await start(h, `${python} -i -q`);
    const dir = markerDir("py");
    const result = await h.call("process", {
      action: "submit",
      session_id: id,
      data: `import shutil; shutil.rmtree(${JSON.stringify(dir)})`,
    });
    expect(result).toMatchObject({ status: "blocked" });
    expect(existsSync(dir)).toBe(true);
  });
});
