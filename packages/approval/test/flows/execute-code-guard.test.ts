import { describe, expect, test } from "vitest";
import { createApprovalManager } from "../../src/index.js";
import { tempHome } from "./helpers.js";

const SCRIPT = 'import os\nos.system("echo hi")\nkey = "sk-proj-abcdefghijklmnopqrstuvwx"';

async function setup(config?: string) {
  const home = await tempHome(config);
  return createApprovalManager({ home: home.path, env: {}, interactive: false, timeoutMs: 10_000 });
}

describe("execute_code guard", () => {
  test("unattended platforms deny by default, naming the opt-in key", async () => {
    const m = await setup();
    const result = await m.checkExecuteCodeGuard(SCRIPT, {
      envType: "local",
      sessionKey: "w",
      context: "unattended",
      platform: "webhook",
    });
    expect(result).toMatchObject({
      approved: false,
      patternKey: "execute_code",
      outcome: "unattended",
    });
    expect(result.message).toMatch(/^BLOCKED: execute_code runs arbitrary local Python/);
    expect(result.message).toContain("approvals.unattended_mode: approve");
    const allowed = await setup("approvals:\n  unattended_mode: approve\n");
    await expect(
      allowed.checkExecuteCodeGuard(SCRIPT, {
        envType: "local",
        sessionKey: "w",
        context: "unattended",
      }),
    ).resolves.toMatchObject({ approved: true });
  });

  test("container backends and YOLO pass", async () => {
    const m = await setup();
    await expect(
      m.checkExecuteCodeGuard(SCRIPT, { envType: "docker", sessionKey: "w", context: "cron" }),
    ).resolves.toMatchObject({ approved: true });
    m.setYolo("w", true);
    await expect(
      m.checkExecuteCodeGuard(SCRIPT, { envType: "local", sessionKey: "w", context: "cron" }),
    ).resolves.toMatchObject({ approved: true });
  });

  test("a gateway is asked about the whole script, redacted, as a heredoc", async () => {
    const m = await setup();
    const sent: string[] = [];
    m.registerGatewayNotify("g", (request) => {
      sent.push(request.command);
      queueMicrotask(() => m.resolveGatewayApproval("g", "session"));
    });
    await expect(
      m.checkExecuteCodeGuard(SCRIPT, { envType: "local", sessionKey: "g" }),
    ).resolves.toMatchObject({ approved: true, choice: "session" });
    expect(sent[0]).toMatch(/^execute_code <<'PY'\nimport os/);
    expect(sent[0]).toContain('key = "***"');
    // Approved for the session: not asked again.
    await expect(
      m.checkExecuteCodeGuard(SCRIPT, { envType: "local", sessionKey: "g" }),
    ).resolves.toMatchObject({ approved: true, decider: "session" });
    expect(sent).toHaveLength(1);
  });
});
