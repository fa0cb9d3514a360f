// A change to config.yaml that loosens approval since the last start is held back until the
// user accepts it: a command the agent ran may have written the file in a way detection could
// not see (through a hard link). Commands are data: they are only checked here, never run.
import { link, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, test } from "vitest";
import {
  acceptApprovalChanges,
  APPROVAL_BASELINE_FILE,
  ApprovalError,
  ApprovalErrorCode,
  createApprovalManager,
  detectDangerousCommand,
  pendingApprovalChanges,
  type ApprovalManagerOptions,
  type CheckCommandOptions,
} from "../../src/index.js";
import { DANGEROUS, tempHome } from "./helpers.js";
import { parseConfigText } from "@hermes-agent/config";

const CRON: CheckCommandOptions = { envType: "local", sessionKey: "s", context: "cron" };
const GUARDED: CheckCommandOptions = { envType: "local", sessionKey: "s", context: "interactive" };
// No human and no gateway: in smart mode the reviewer decides alone.
const UNATTENDED: CheckCommandOptions = { envType: "local", sessionKey: "s" };

/** Start a manager on `home` (its first check reads the settings) and collect its warnings. */
async function startOn(home: string, options: Partial<ApprovalManagerOptions> = {}) {
  const warnings: string[] = [];
  const manager = createApprovalManager({
    home,
    env: {},
    interactive: false,
    onError: (error) => {
      if (ApprovalError.isInstance(error) && error.code === ApprovalErrorCode.LooseningDeferred)
        warnings.push(error.message);
    },
    ...options,
  });
  const result = await manager.checkDangerousCommand(DANGEROUS, CRON);
  return { manager, warnings, approved: result.approved };
}

const write = (home: string, yaml: string) =>
  writeFile(path.join(home, "config.yaml"), yaml, "utf8");

function configOf(yaml: string) {
  return parseConfigText(yaml).config;
}

describe("a loosening since the last start", () => {
  const loosenings: { name: string; before: string; after: string }[] = [
    { name: "mode off", before: "", after: "approvals:\n  mode: 'off'\n" },
    { name: "cron opted in", before: "", after: "approvals:\n  cron_mode: approve\n" },
    {
      name: "an allowlist key added",
      before: "",
      after: "command_allowlist:\n  - git-reset-hard\n",
    },
    {
      name: "a deny glob removed",
      before: "approvals:\n  mode: 'off'\n  deny:\n    - 'git reset*'\n",
      after: "approvals:\n  mode: 'off'\n",
    },
  ];

  test.each(loosenings)("$name: held back at the next start, applied once accepted", async (c) => {
    const home = await tempHome(c.before);
    await startOn(home.path);
    await write(home.path, c.after);
    const next = await startOn(home.path);
    expect(next.approved).toBe(false);
    expect(next.warnings.join("\n")).toMatch(/loosens approval since the last start/);
    expect(next.warnings.join("\n")).toMatch(/HERMES_ACCEPT_APPROVAL_CHANGES=1/);
    // Still held back: the refused start recorded the stricter settings, not the file's.
    expect((await startOn(home.path)).approved).toBe(false);
    const accepted = await startOn(home.path, { env: { HERMES_ACCEPT_APPROVAL_CHANGES: "1" } });
    expect(accepted.approved).toBe(true);
    // Accepted once: later starts keep it without the variable.
    expect((await startOn(home.path)).approved).toBe(true);
  });

  test("a first start in an unused home takes config.yaml as it is", async () => {
    const home = await tempHome("approvals:\n  cron_mode: approve\n");
    expect((await startOn(home.path)).approved).toBe(true);
  });

  test("tightening applies at once and is recorded", async () => {
    const home = await tempHome("approvals:\n  cron_mode: approve\n");
    await startOn(home.path);
    await write(home.path, "");
    expect((await startOn(home.path)).approved).toBe(false);
    await write(home.path, "approvals:\n  cron_mode: approve\n");
    expect((await startOn(home.path)).approved).toBe(false);
  });

  test("a used home whose baseline was deleted compares with the strictest settings", async () => {
    const home = await tempHome("approvals:\n  cron_mode: approve\n");
    await startOn(home.path);
    await mkdir(path.join(home.path, "logs"), { recursive: true });
    await writeFile(path.join(home.path, "logs", "approvals.jsonl"), "{}\n");
    await rm(path.join(home.path, APPROVAL_BASELINE_FILE));
    expect((await startOn(home.path)).approved).toBe(false);
  });

  test("a malformed baseline compares with the strictest settings", async () => {
    const home = await tempHome("approvals:\n  cron_mode: approve\n");
    await startOn(home.path);
    for (const text of ["{", '{"version":1,"mode":"off"}', "[]", '"x"']) {
      await writeFile(path.join(home.path, APPROVAL_BASELINE_FILE), text);
      expect((await startOn(home.path)).approved, text).toBe(false);
    }
  });

  test("a config.yaml with a second name is never accepted, even with the variable", async () => {
    const home = await tempHome("");
    await startOn(home.path);
    const other = path.join(home.path, "notes.yaml");
    await link(path.join(home.path, "config.yaml"), other);
    // Written through the other name, as a program detection never saw could.
    await writeFile(other, "approvals:\n  cron_mode: approve\n");
    const next = await startOn(home.path, { env: { HERMES_ACCEPT_APPROVAL_CHANGES: "1" } });
    expect(next.approved).toBe(false);
    expect(next.warnings.join("\n")).toMatch(/more than one name/);
    await expect(
      acceptApprovalChanges(home.path, configOf("approvals:\n  cron_mode: approve\n")),
    ).rejects.toMatchObject({ code: ApprovalErrorCode.ConfigTampered });
    await rm(other);
    const accepted = await startOn(home.path, { env: { HERMES_ACCEPT_APPROVAL_CHANGES: "1" } });
    expect(accepted.approved).toBe(true);
  });

  test("another reviewer endpoint turns smart into manual until accepted", async () => {
    const smart =
      "approvals:\n  mode: smart\nauxiliary:\n  approval:\n    base_url: http://127.0.0.1:9/v1\n";
    const home = await tempHome(smart);
    const reviews: string[] = [];
    const llm = {
      version: 1 as const,
      review: () => {
        reviews.push("asked");
        return Promise.resolve("APPROVE" as const);
      },
    };
    const first = await startOn(home.path, { llm });
    const reviewed = await first.manager.checkDangerousCommand(DANGEROUS, UNATTENDED);
    expect(reviewed.approved).toBe(true);
    expect(reviews.length).toBeGreaterThan(0);
    reviews.length = 0;
    await write(home.path, smart.replace("127.0.0.1:9", "127.0.0.1:10"));
    const next = await startOn(home.path, { llm });
    const result = await next.manager.checkDangerousCommand(DANGEROUS, UNATTENDED);
    expect(reviews).toEqual([]);
    expect(result.approved).toBe(false);
    expect(next.warnings.join("\n")).toMatch(/auxiliary\.approval/);
  });

  test("the human's own 'always' answers are not a loosening at the next start", async () => {
    const home = await tempHome("");
    const manager = createApprovalManager({
      home: home.path,
      env: {},
      interactive: true,
      prompt: { version: 1, ask: () => Promise.resolve("always") },
    });
    const result = await manager.checkDangerousCommand(DANGEROUS, GUARDED);
    expect(result.approved).toBe(true);
    expect(await readFile(path.join(home.path, "config.yaml"), "utf8")).toContain("git-reset-hard");
    const next = await startOn(home.path);
    expect(next.warnings).toEqual([]);
    const again = await next.manager.checkDangerousCommand(DANGEROUS, GUARDED);
    expect(again.approved).toBe(true);
  });

  test("pendingApprovalChanges lists what waits; acceptApprovalChanges applies it", async () => {
    const home = await tempHome("");
    await startOn(home.path);
    const yaml = "approvals:\n  mode: 'off'\n";
    await write(home.path, yaml);
    const pending = await pendingApprovalChanges(home.path, configOf(yaml));
    expect(pending).toMatchObject({ tampered: false });
    expect(pending.changes.map((c) => c.setting)).toEqual(["approvals.mode"]);
    await acceptApprovalChanges(home.path, configOf(yaml));
    expect((await pendingApprovalChanges(home.path, configOf(yaml))).changes).toEqual([]);
    expect((await startOn(home.path)).approved).toBe(true);
  });

  test("a config given by the host as an object is the host's to vouch for", async () => {
    const home = await tempHome("");
    await startOn(home.path);
    const config = configOf("approvals:\n  cron_mode: approve\n");
    expect((await startOn(home.path, { config })).approved).toBe(true);
  });

  test("detection asks about any program touching the baseline", () => {
    for (const command of [
      `cp /tmp/x ~/.hermes/${APPROVAL_BASELINE_FILE}`,
      `rm ~/.hermes/${APPROVAL_BASELINE_FILE}`,
      `python3 -c 'open("/root/.hermes/${APPROVAL_BASELINE_FILE}","w")'`,
    ])
      expect(detectDangerousCommand(command), command).not.toBeNull();
  });
});
