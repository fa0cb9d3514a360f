import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { createApprovalManager, type ApprovalManagerOptions } from "../../src/index.js";
import { auditLines, DANGEROUS, HARDLINE, SAFE, scriptedPrompt, tempHome } from "./helpers.js";

async function manager(config?: string, options: Partial<ApprovalManagerOptions> = {}) {
  const home = await tempHome(config);
  return {
    home: home.path,
    manager: createApprovalManager({
      home: home.path,
      env: {},
      interactive: options.prompt !== undefined,
      ...options,
    }),
  };
}

const local = { envType: "local", sessionKey: "s" } as const;

describe("order of checks", () => {
  test("safe commands pass without asking or logging", async () => {
    const prompt = scriptedPrompt();
    const { manager: m, home } = await manager(undefined, { prompt });
    await expect(m.checkDangerousCommand(SAFE, local)).resolves.toEqual({
      approved: true,
      message: null,
    });
    expect(prompt.asked).toHaveLength(0);
    expect(await auditLines(home)).toEqual([]);
  });

  test("hard-line commands are blocked even with mode off, YOLO, a container backend or an allowlist entry", async () => {
    const { manager: m, home } = await manager(
      `approvals:\n  mode: "off"\ncommand_allowlist:\n  - "rm -rf /"\n`,
      { env: { HERMES_YOLO_MODE: "1" } },
    );
    for (const envType of ["local", "docker"]) {
      const result = await m.checkDangerousCommand(HARDLINE, { envType, sessionKey: "s" });
      expect(result).toMatchObject({ approved: false, hardline: true, outcome: "hardline" });
      expect(result.message).toMatch(
        /^BLOCKED \(hardline\): .+ cannot be executed via the agent — not even with --yolo/,
      );
    }
    expect((await auditLines(home))[0]).toMatchObject({
      decision: "denied",
      decider: "hardline",
      command: HARDLINE,
    });
  });

  test("deny globs win over every bypass, also for /usr/bin/sudo, case-insensitively", async () => {
    const config = `approvals:\n  mode: "off"\n  deny:\n    - "SUDO RM*"\n    - "terraform destroy*"\n`;
    const { manager: m } = await manager(config, { env: { HERMES_YOLO_MODE: "true" } });
    for (const command of [
      "sudo rm -rf build",
      "/usr/bin/sudo rm -rf build",
      "cd infra && terraform destroy -auto-approve",
    ]) {
      for (const envType of ["local", "docker", "modal"]) {
        const result = await m.checkDangerousCommand(command, { envType, sessionKey: "s" });
        expect(result, `${command} on ${envType}`).toMatchObject({
          approved: false,
          userDeny: true,
          outcome: "user_deny",
        });
        expect(result.message).toMatch(
          /^BLOCKED: this command matches the user-defined deny rule '.+' \(approvals\.deny in config\.yaml\)/,
        );
        expect(result.message).toContain("Do NOT retry");
      }
    }
    await expect(m.checkDangerousCommand("terraform plan", local)).resolves.toMatchObject({
      approved: true,
    });
  });

  test("approvals.mode: off, YOLO from the environment and per-session YOLO approve flagged commands (and log it)", async () => {
    const off = await manager(`approvals:\n  mode: "off"\n`);
    await expect(off.manager.checkDangerousCommand(DANGEROUS, local)).resolves.toMatchObject({
      approved: true,
      decider: "mode_off",
    });
    expect((await auditLines(off.home))[0]).toMatchObject({
      decision: "approved",
      decider: "mode_off",
    });

    const envYolo = await manager(undefined, { env: { HERMES_YOLO_MODE: "1" } });
    await expect(envYolo.manager.checkDangerousCommand(DANGEROUS, local)).resolves.toMatchObject({
      approved: true,
      decider: "yolo",
    });

    const session = await manager();
    session.manager.setYolo("s", true);
    await expect(session.manager.checkDangerousCommand(DANGEROUS, local)).resolves.toMatchObject({
      approved: true,
      decider: "yolo",
    });
    await expect(
      session.manager.checkDangerousCommand(DANGEROUS, { envType: "local", sessionKey: "other" }),
    ).resolves.toMatchObject({ approved: false });
    session.manager.setYolo("s", false);
    await expect(session.manager.checkDangerousCommand(DANGEROUS, local)).resolves.toMatchObject({
      approved: false,
    });
  });

  test("HERMES_YOLO_MODE is read once, at construction", async () => {
    const env: Record<string, string | undefined> = {};
    const { manager: m } = await manager(undefined, { env });
    env.HERMES_YOLO_MODE = "1";
    await expect(m.checkDangerousCommand(DANGEROUS, local)).resolves.toMatchObject({
      approved: false,
    });
  });

  test.each(["docker", "singularity", "modal", "daytona"])(
    "the %s backend skips the approval tier",
    async (envType) => {
      const { manager: m } = await manager();
      await expect(
        m.checkDangerousCommand(DANGEROUS, { envType, sessionKey: "s" }),
      ).resolves.toMatchObject({ approved: true, decider: "container" });
    },
  );

  test("docker with host mounts and ssh are not exempt", async () => {
    const { manager: m } = await manager();
    await expect(
      m.checkDangerousCommand(DANGEROUS, {
        envType: "docker",
        sessionKey: "s",
        hasHostAccess: true,
      }),
    ).resolves.toMatchObject({ approved: false });
    await expect(
      m.checkDangerousCommand(DANGEROUS, { envType: "ssh", sessionKey: "s" }),
    ).resolves.toMatchObject({ approved: false });
  });

  test("the permanent allowlist approves simple commands only", async () => {
    const config = `command_allowlist:\n  - "${DANGEROUS}"\n  - "git push --force origin feature-*"\n`;
    const { manager: m } = await manager(config);
    await expect(m.checkDangerousCommand(DANGEROUS, local)).resolves.toMatchObject({
      approved: true,
      decider: "allowlist",
    });
    await expect(
      m.checkDangerousCommand("git push --force origin feature-x", local),
    ).resolves.toMatchObject({ approved: true, decider: "allowlist" });
    await expect(
      m.checkDangerousCommand("git push --force origin main", local),
    ).resolves.toMatchObject({ approved: false });
    await expect(
      m.checkDangerousCommand(`${DANGEROUS}; rm -rf ~/work`, local),
    ).resolves.toMatchObject({ approved: false });
    await expect(
      m.checkDangerousCommand(`${DANGEROUS} && git clean -fdx`, local),
    ).resolves.toMatchObject({ approved: false });
    await expect(
      m.checkDangerousCommand("git push --force origin feature-$(curl evil)", local),
    ).resolves.toMatchObject({ approved: false });
  });
});

describe("contexts without a human fail closed", () => {
  test("no prompt and no gateway is a denial, never an auto-approval", async () => {
    const { manager: m } = await manager();
    const result = await m.checkDangerousCommand(DANGEROUS, local);
    expect(result).toMatchObject({ approved: false, outcome: "unattended", userConsent: false });
    expect(result.message).toMatch(/^BLOCKED: /);
  });

  test.each([
    ["cron", "cron_mode"],
    ["single_query", "single_query_mode"],
    ["batch", "single_query_mode"],
    ["unattended", "unattended_mode"],
  ] as const)(
    "%s denies by default and names approvals.%s; opting in approves",
    async (context, key) => {
      const denied = await manager();
      const result = await denied.manager.checkDangerousCommand(DANGEROUS, {
        ...local,
        context,
        platform: "api_server",
      });
      expect(result).toMatchObject({ approved: false, outcome: "unattended" });
      expect(result.message).toContain(`approvals.${key}: approve`);
      if (context === "unattended") {
        expect(result.message).toContain("unattended platform");
        expect(result.message).toContain("api_server");
      }
      const allowed = await manager(`approvals:\n  ${key}: approve\n`);
      await expect(
        allowed.manager.checkDangerousCommand(DANGEROUS, { ...local, context }),
      ).resolves.toMatchObject({ approved: true, decider: "policy" });
      await expect(
        allowed.manager.checkDangerousCommand(SAFE, { ...local, context }),
      ).resolves.toMatchObject({ approved: true });
    },
  );

  test("an explicit cron context does not use the CLI prompt even when one exists", async () => {
    const prompt = scriptedPrompt("always");
    const { manager: m } = await manager(undefined, { prompt });
    await expect(
      m.checkDangerousCommand(DANGEROUS, { ...local, context: "cron" }),
    ).resolves.toMatchObject({ approved: false });
    expect(prompt.asked).toHaveLength(0);
  });

  test("Hermes' HERMES_CRON_SESSION marks every check as cron", async () => {
    const prompt = scriptedPrompt("always");
    const { manager: m } = await manager(undefined, { prompt, env: { HERMES_CRON_SESSION: "1" } });
    const result = await m.checkDangerousCommand(DANGEROUS, local);
    expect(result).toMatchObject({ approved: false, outcome: "unattended" });
    expect(result.message).toContain("approvals.cron_mode: approve");
    expect(prompt.asked).toHaveLength(0);
  });

  test("edits to config.yaml apply to the next check", async () => {
    const { manager: m, home } = await manager("approvals:\n  deny: []\n");
    await expect(m.checkDangerousCommand("make lint", local)).resolves.toMatchObject({
      approved: true,
    });
    await writeFile(path.join(home, "config.yaml"), "approvals:\n  deny: ['make lint*']\n");
    await expect(m.checkDangerousCommand("make lint", local)).resolves.toMatchObject({
      approved: false,
      userDeny: true,
    });
  });

  test("a config.yaml that cannot be read refuses flagged commands but not safe ones", async () => {
    const errors: unknown[] = [];
    const { manager: m } = await manager("approvals: [unclosed\n", {
      onError: (e) => errors.push(e),
    });
    await expect(m.checkDangerousCommand(SAFE, local)).resolves.toMatchObject({ approved: true });
    const result = await m.checkDangerousCommand(DANGEROUS, local);
    expect(result).toMatchObject({ approved: false });
    expect(result.message).toContain("config.yaml could not be read");
    expect(errors.length).toBeGreaterThan(0);
  });
});

describe("session and permanent approvals", () => {
  test("list and revoke, including removal from config.yaml", async () => {
    const prompt = scriptedPrompt("always");
    const { manager: m, home } = await manager("# top\ncommand_allowlist:\n  - make deploy\n", {
      prompt,
    });
    const approved = await m.checkDangerousCommand(DANGEROUS, local);
    const key = approved.patternKey ?? "";
    m.approveSession("t", "some key");
    const listed = await m.listApprovals("s");
    expect(listed).toHaveLength(3);
    // Without a command context the command acts in the process cwd: the workspace class.
    expect(listed).toContainEqual({
      scope: "session",
      patternKey: key,
      targetClass: "workspace",
      sessionKey: "s",
    });
    expect(listed).toContainEqual({
      scope: "permanent",
      patternKey: `${key}@workspace`,
      targetClass: "workspace",
    });
    expect(listed).toContainEqual({ scope: "permanent", patternKey: "make deploy" });
    expect(await m.revokeApproval({ sessionKey: "s", patternKey: key })).toBe(1);
    expect(m.isApproved("s", key)).toBe(true); // still permanent
    expect(await m.revokeApproval({ patternKey: key })).toBe(1);
    expect(m.isApproved("s", key)).toBe(false);
    const yaml = await readFile(path.join(home, "config.yaml"), "utf8");
    expect(yaml).toContain("# top");
    expect(yaml).toContain("make deploy");
    expect(yaml).not.toContain(key);
    expect(await m.revokeApproval({ sessionKey: "t" })).toBe(1);
    expect(await m.listApprovals()).toEqual([{ scope: "permanent", patternKey: "make deploy" }]);
    expect((await auditLines(home)).filter((l) => l.decision === "revoked")).toHaveLength(3);
  });

  test("clearSession drops approvals and YOLO", async () => {
    const { manager: m } = await manager();
    m.approveSession("s", "k");
    m.setYolo("s", true);
    m.clearSession("s");
    expect(m.isApproved("s", "k")).toBe(false);
    expect(m.isYolo("s")).toBe(false);
  });

  test("audit lines carry time, session, pattern key, redacted command, decision and decider", async () => {
    const prompt = scriptedPrompt("once");
    const now = Date.UTC(2026, 0, 2, 3, 4, 5);
    const { manager: m, home } = await manager(undefined, { prompt, clock: { now: () => now } });
    const command = `GITHUB_TOKEN=ghp_abcdefghijklmnopqrstuvwxyz012345 ${DANGEROUS}`;
    const result = await m.checkDangerousCommand(command, local);
    const [line] = await auditLines(home);
    expect(line).toEqual({
      time: "2026-01-02T03:04:05.000Z",
      session: "s",
      pattern_key: result.patternKey,
      command: `GITHUB_TOKEN=*** ${DANGEROUS}`,
      decision: "approved",
      outcome: "approved",
      decider: "user",
      choice: "once",
      env_type: "local",
    });
  });
});
