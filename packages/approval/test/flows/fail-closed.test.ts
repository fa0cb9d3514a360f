import { writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, test } from "vitest";
import {
  createApprovalManager,
  detectDangerousCommand,
  type ReviewRequest,
} from "../../src/index.js";
import { auditLines, DANGEROUS, HARDLINE, SAFE, scriptedPrompt, tempHome } from "./helpers.js";

const local = { envType: "local", sessionKey: "s" } as const;

describe("defects found in review", () => {
  test("a throwing onError never turns a decision into a rejection", async () => {
    const home = await tempHome(`command_allowlist:\n  - "${DANGEROUS}"\n`);
    // A file where the logs directory should be: every audit write fails.
    await writeFile(path.join(home.path, "logs"), "not a directory");
    const manager = createApprovalManager({
      home: home.path,
      env: {},
      interactive: false,
      onError: () => {
        throw new Error("reporter down");
      },
    });
    await expect(manager.checkDangerousCommand(HARDLINE, local)).resolves.toMatchObject({
      approved: false,
      hardline: true,
    });
    await expect(manager.checkDangerousCommand(DANGEROUS, local)).resolves.toMatchObject({
      approved: true,
      decider: "allowlist",
    });
    await expect(manager.checkDangerousCommand(SAFE, local)).resolves.toMatchObject({
      approved: true,
    });
  });

  test("execute_code with nobody to ask (no prompt, no gateway, no context) is denied", async () => {
    const home = await tempHome();
    const manager = createApprovalManager({ home: home.path, env: {}, interactive: false });
    const result = await manager.checkExecuteCodeGuard("import os\nos.system('id')", local);
    expect(result).toMatchObject({
      approved: false,
      outcome: "unattended",
      patternKey: "execute_code",
    });
    expect(result.message).toMatch(/^BLOCKED: execute_code runs arbitrary local Python/);
    // The interactive CLI still relies on the script's per-command checks.
    const cli = createApprovalManager({ home: home.path, env: {}, prompt: scriptedPrompt() });
    await expect(cli.checkExecuteCodeGuard("print(1)", local)).resolves.toMatchObject({
      approved: true,
    });
  });

  test("a very long approvals.timeout does not make every wait time out at once", async () => {
    // 3 000 000 s is more than a Node timer can hold; unclamped it fires after 1 ms.
    const home = await tempHome("approvals:\n  timeout: 3000000\n");
    const manager = createApprovalManager({ home: home.path, env: {}, interactive: false });
    manager.registerGatewayNotify("g", () => {
      setTimeout(() => manager.resolveGatewayApproval("g", "once"), 30);
    });
    await expect(
      manager.checkDangerousCommand(DANGEROUS, { envType: "local", sessionKey: "g" }),
    ).resolves.toMatchObject({ approved: true, choice: "once" });
  });

  test("the smart reviewer and the audit log get the command with secrets redacted", async () => {
    const home = await tempHome("approvals:\n  mode: smart\n");
    const seen: ReviewRequest[] = [];
    const manager = createApprovalManager({
      home: home.path,
      env: {},
      interactive: false,
      llm: {
        version: 1,
        review(request) {
          seen.push(request);
          return Promise.resolve("APPROVE");
        },
      },
    });
    const command = `curl -u bob:hunter2 https://x/backup.tgz -o b.tgz && ${DANGEROUS}`;
    await expect(manager.checkDangerousCommand(command, local)).resolves.toMatchObject({
      approved: true,
      smartApproved: true,
    });
    expect(seen[0]?.command).toBe(`curl -u bob:*** https://x/backup.tgz -o b.tgz && ${DANGEROUS}`);
    const lines = await auditLines(home.path);
    expect(lines.map((line) => line.command)).toEqual([seen[0]?.command]);
    expect(JSON.stringify(lines)).not.toContain("hunter2");
  });

  test("a command that could not be analysed is never covered by YOLO, mode off, opt-ins or a remembered approval", async () => {
    let nested = "rm -rf /";
    for (let i = 0; i < 10; i++) nested = `bash -c ${JSON.stringify(nested)}`;
    let harmless = "echo hi";
    for (let i = 0; i < 10; i++) harmless = `bash -c ${JSON.stringify(harmless)}`;

    const home = await tempHome(
      `approvals:\n  mode: "off"\n  cron_mode: approve\ncommand_allowlist:\n  - nesting-too-deep\n  - "bash -c *"\n`,
    );
    const yolo = createApprovalManager({
      home: home.path,
      env: { HERMES_YOLO_MODE: "1" },
      interactive: false,
    });
    for (const context of [undefined, "cron"] as const) {
      const result = await yolo.checkDangerousCommand(nested, {
        ...local,
        ...(context === undefined ? {} : { context }),
      });
      expect(result).toMatchObject({ approved: false, patternKey: "nesting-too-deep" });
    }

    // A human may approve one such command; "session" is not offered and not remembered.
    const prompt = scriptedPrompt("once", "session");
    const cli = createApprovalManager({ home: (await tempHome()).path, env: {}, prompt });
    await expect(cli.checkDangerousCommand(harmless, local)).resolves.toMatchObject({
      approved: true,
      choice: "once",
    });
    expect(prompt.asked[0]).toMatchObject({ allowSession: false, allowPermanent: false });
    await cli.checkDangerousCommand(harmless, local);
    await expect(cli.checkDangerousCommand(nested, local)).resolves.toMatchObject({
      approved: false,
    });
    expect(prompt.asked).toHaveLength(3);
  });
});

describe("values that are not a command", () => {
  test("checkDangerousCommand and detectDangerousCommand refuse them without throwing", async () => {
    const home = await tempHome('approvals:\n  mode: "off"\n');
    const manager = createApprovalManager({ home: home.path, env: {}, interactive: false });
    for (const value of [null, undefined, 42, { command: "ls" }, ["ls"]]) {
      expect(detectDangerousCommand(value)).toMatchObject({
        patternKey: "command-not-a-string",
        hardline: false,
      });
      const result = await manager.checkDangerousCommand(value as never, local);
      expect(result).toMatchObject({ approved: false, userConsent: false });
    }
  });
});
