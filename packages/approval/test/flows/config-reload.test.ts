// config.yaml is re-read live, and a command the agent runs can write it: a reload may make
// approvals stricter at once but never looser. Loosening applies at a next start the user
// accepted it for, with a warning. Commands are data: they are only checked here, never run.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, test } from "vitest";
import {
  ApprovalError,
  ApprovalErrorCode,
  createApprovalManager,
  type ApprovalManager,
  type CheckCommandOptions,
} from "../../src/index.js";
import { DANGEROUS, scriptedPrompt, tempHome } from "./helpers.js";

const CLI: CheckCommandOptions = { envType: "local", sessionKey: "s", context: "interactive" };
const CRON: CheckCommandOptions = { envType: "local", sessionKey: "s", context: "cron" };

async function start(initial: string) {
  const home = await tempHome(initial);
  const prompt = scriptedPrompt("deny", "deny", "deny", "deny");
  const warnings: string[] = [];
  const manager = createApprovalManager({
    home: home.path,
    env: {},
    interactive: true,
    prompt,
    onError: (error) => {
      if (ApprovalError.isInstance(error) && error.code === ApprovalErrorCode.LooseningDeferred)
        warnings.push(error.message);
    },
  });
  // The process has started: its first read is done (as before any command of the agent runs).
  await manager.checkDangerousCommand("ls -la", CLI);
  const rewrite = (yaml: string) => writeFile(path.join(home.path, "config.yaml"), yaml, "utf8");
  // A new start applies the loosening only once the user accepted it (approval-baseline.ts).
  const restart = (accepted = true): ApprovalManager =>
    createApprovalManager({
      home: home.path,
      env: accepted ? { HERMES_ACCEPT_APPROVAL_CHANGES: "1" } : {},
      interactive: false,
    });
  return { manager, prompt, warnings, rewrite, restart };
}

/** Loosening edits: each would let DANGEROUS (or a cron run of it) through if applied live. */
const LOOSENINGS: readonly {
  name: string;
  before: string;
  after: string;
  options: CheckCommandOptions;
}[] = [
  {
    name: "mode manual → off",
    before: "approvals:\n  mode: manual\n",
    after: "approvals:\n  mode: off\n",
    options: CLI,
  },
  {
    name: "mode absent → off (YAML false)",
    before: "",
    after: "approvals:\n  mode: false\n",
    options: CLI,
  },
  {
    name: "an allowlist entry added",
    before: "",
    after: `command_allowlist:\n  - ${DANGEROUS}\n`,
    options: CLI,
  },
  {
    name: "an allowlist key added",
    before: "",
    after: "command_allowlist:\n  - git-reset-hard\n",
    options: CLI,
  },
  {
    name: "cron opted in",
    before: "approvals:\n  cron_mode: deny\n",
    after: "approvals:\n  cron_mode: approve\n",
    options: CRON,
  },
  {
    name: "mode off in a cron run",
    before: "",
    after: "approvals:\n  mode: 'off'\n",
    options: CRON,
  },
];

describe("a live reload never loosens approval", () => {
  test.each(LOOSENINGS)(
    "$name: not applied until the next start",
    async ({ before, after, options }) => {
      const { manager, rewrite, restart, warnings } = await start(before);
      await expect(manager.checkDangerousCommand(DANGEROUS, options)).resolves.toMatchObject({
        approved: false,
      });
      await rewrite(after);
      await expect(manager.checkDangerousCommand(DANGEROUS, options)).resolves.toMatchObject({
        approved: false,
      });
      expect(warnings.join("\n")).toMatch(/applies only when the process starts again/);
      // A new start alone does not apply it; a start the user accepted it for does.
      await expect(restart(false).checkDangerousCommand(DANGEROUS, CRON)).resolves.toMatchObject({
        approved: false,
      });
      await expect(restart().checkDangerousCommand(DANGEROUS, CRON)).resolves.toMatchObject({
        approved: true,
      });
    },
  );

  test("a removed deny glob stays in force", async () => {
    const { manager, rewrite, warnings } = await start(
      'approvals:\n  mode: "off"\n  deny: ["git reset*"]\n',
    );
    await expect(manager.checkDangerousCommand(DANGEROUS, CLI)).resolves.toMatchObject({
      userDeny: true,
    });
    await rewrite('approvals:\n  mode: "off"\n');
    await expect(manager.checkDangerousCommand(DANGEROUS, CLI)).resolves.toMatchObject({
      userDeny: true,
    });
    expect(warnings).toHaveLength(1);
  });

  test("after loosening and tightening back, nothing is loosened", async () => {
    const { manager, rewrite, prompt } = await start("approvals:\n  mode: manual\n");
    await rewrite("approvals:\n  mode: off\n");
    await manager.checkDangerousCommand(DANGEROUS, CLI);
    await rewrite("approvals:\n  mode: manual\n");
    await manager.checkDangerousCommand(DANGEROUS, CLI);
    expect(prompt.asked).toHaveLength(2);
  });
});

describe("a live reload tightens at once", () => {
  test("mode off → manual", async () => {
    const { manager, rewrite, prompt } = await start("approvals:\n  mode: 'off'\n");
    await expect(manager.checkDangerousCommand(DANGEROUS, CLI)).resolves.toMatchObject({
      approved: true,
    });
    await rewrite("approvals:\n  mode: manual\n");
    await expect(manager.checkDangerousCommand(DANGEROUS, CLI)).resolves.toMatchObject({
      approved: false,
    });
    expect(prompt.asked).toHaveLength(1);
  });

  test("a deny glob added, an allowlist entry removed, cron opted out", async () => {
    const { manager, rewrite, warnings } = await start(
      `approvals:\n  mode: 'off'\n  cron_mode: approve\ncommand_allowlist:\n  - ${DANGEROUS}\n`,
    );
    await expect(manager.checkDangerousCommand(DANGEROUS, CRON)).resolves.toMatchObject({
      approved: true,
    });
    await rewrite(`approvals:\n  mode: 'off'\n  deny: ["git reset*"]\n  cron_mode: approve\n`);
    await expect(manager.checkDangerousCommand(DANGEROUS, CRON)).resolves.toMatchObject({
      userDeny: true,
    });
    await rewrite('approvals:\n  mode: manual\n  deny: ["git reset*"]\n  cron_mode: deny\n');
    await expect(
      manager.checkDangerousCommand("git push --force origin main", CRON),
    ).resolves.toMatchObject({
      approved: false,
    });
    expect(warnings).toEqual([]);
  });

  test("the human's own 'always' entries survive the reload that follows them", async () => {
    const home = await tempHome("approvals:\n  mode: manual\n");
    const prompt = scriptedPrompt("always");
    const manager = createApprovalManager({ home: home.path, env: {}, interactive: true, prompt });
    await expect(manager.checkDangerousCommand(DANGEROUS, CLI)).resolves.toMatchObject({
      approved: true,
    });
    await expect(
      manager.checkDangerousCommand(DANGEROUS, { ...CLI, sessionKey: "other" }),
    ).resolves.toMatchObject({
      approved: true,
      decider: "allowlist",
    });
    expect(prompt.asked).toHaveLength(1);
  });
});
