// `approvals accept`: what config.yaml loosens since the last start is applied only when the
// user confirms it at a terminal; a program (or the agent) without one can only read the list.
import { access, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { PassThrough, Writable } from "node:stream";
import { APPROVAL_BASELINE_FILE, pendingApprovalChanges } from "@hermes-agent/approval";
import { loadConfig } from "@hermes-agent/config";
import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { acceptApprovalsCommand } from "../../src/cli/approvals-accept-command.js";
import type { CliIo } from "../../src/cli/cli-io.js";
import { runCliProcess } from "../helpers/cli-process.js";

let home: TempDir;
beforeEach(async () => {
  home = await createTempDir("hermes-cli-accept-");
});
afterEach(async () => {
  await home.remove();
});

function capture(): { io: CliIo; stdout: () => string; stderr: () => string } {
  let out = "";
  let err = "";
  const sink = (append: (text: string) => void) =>
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        append(chunk.toString());
        done();
      },
    });
  return {
    io: {
      stdout: sink((t) => (out += t)),
      stderr: sink((t) => (err += t)),
      env: { HERMES_HOME: home.path },
      fancy: false,
    },
    stdout: () => out,
    stderr: () => err,
  };
}

function typed(answer: string) {
  const input = new PassThrough();
  input.end(answer);
  return { input, interactive: true };
}

async function pending(): Promise<string[]> {
  const config = await loadConfig({ home: home.path, env: {} });
  return (await pendingApprovalChanges(home.path, config)).changes.map((c) => c.setting);
}

/** A start of the CLI that reads the approval settings (and so records the baseline). */
async function startOnce(): Promise<void> {
  const run = await runCliProcess(home.path, ["approvals", "list"]);
  expect(run.code, run.stderr).toBe(0);
}

describe("approvals accept", { timeout: 90_000 }, () => {
  test("without a terminal it lists what waits and accepts nothing (exit 1)", async () => {
    await writeFile(path.join(home.path, "config.yaml"), "");
    await startOnce();
    await access(path.join(home.path, APPROVAL_BASELINE_FILE));
    await writeFile(path.join(home.path, "config.yaml"), "approvals:\n  mode: 'off'\n");
    const run = await runCliProcess(home.path, ["approvals", "accept"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("approvals.mode");
    expect(run.stderr).toContain("needs you at a terminal");
    expect(await pending()).toEqual(["approvals.mode"]);
  });

  test("at a terminal, 'y' accepts and anything else keeps the stricter settings", async () => {
    await writeFile(path.join(home.path, "config.yaml"), "");
    await startOnce();
    await writeFile(path.join(home.path, "config.yaml"), "approvals:\n  cron_mode: approve\n");
    const refused = capture();
    await acceptApprovalsCommand(refused.io, {}, typed("n\n"));
    expect(refused.stderr()).toContain("Not accepted");
    expect(await pending()).toEqual(["approvals.cron_mode"]);
    const accepted = capture();
    await acceptApprovalsCommand(accepted.io, {}, typed("y\n"));
    expect(accepted.stdout()).toContain("accepted");
    expect(await pending()).toEqual([]);
    const baseline = JSON.parse(
      await readFile(path.join(home.path, APPROVAL_BASELINE_FILE), "utf8"),
    ) as Record<string, unknown>;
    expect(baseline.cronMode).toBe("approve");
  });

  test("with nothing loosened it says so", async () => {
    await writeFile(path.join(home.path, "config.yaml"), "");
    await startOnce();
    const run = capture();
    await acceptApprovalsCommand(run.io, {}, typed(""));
    expect(run.stdout()).toContain("Nothing to accept");
  });
});
