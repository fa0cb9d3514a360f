import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, test } from "vitest";
import {
  createApprovalManager,
  type ApprovalManager,
  type GatewayApprovalRequest,
} from "../../src/index.js";
import { auditLines, DANGEROUS, DANGEROUS_2, tempHome } from "./helpers.js";

async function gatewayManager(
  config?: string,
  timeoutMs = 10_000,
): Promise<{ manager: ApprovalManager; home: string; sent: GatewayApprovalRequest[] }> {
  const home = await tempHome(config);
  const manager = createApprovalManager({
    home: home.path,
    env: {},
    interactive: false,
    timeoutMs,
  });
  const sent: GatewayApprovalRequest[] = [];
  manager.registerGatewayNotify("chat", (request) => {
    sent.push(request);
  });
  return { manager, home: home.path, sent };
}

/** Resolves once the manager has `count` pending requests in `session`. */
async function pending(
  manager: ApprovalManager,
  session: string,
  count = 1,
): Promise<GatewayApprovalRequest[]> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const list = manager.listPendingApprovals(session);
    if (list.length >= count) return list;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error("no pending request appeared");
}

const check = (manager: ApprovalManager, command = DANGEROUS, sessionKey = "chat") =>
  manager.checkDangerousCommand(command, { envType: "local", sessionKey });

describe("gateway approvals", () => {
  test("the notify callback gets a redacted request; `once` approves", async () => {
    const { manager, sent } = await gatewayManager();
    const result = check(manager, `TOKEN=ghp_abcdefghijklmnopqrstuvwxyz012345 ${DANGEROUS}`);
    const [request] = await pending(manager, "chat");
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      sessionKey: "chat",
      allowPermanent: true,
      allowSession: true,
      smartDenied: false,
    });
    expect(sent[0]?.command).toBe(`TOKEN=*** ${DANGEROUS}`);
    expect(manager.resolveGatewayApproval("chat", "once")).toBe(1);
    await expect(result).resolves.toMatchObject({
      approved: true,
      choice: "once",
      requestId: request?.requestId,
    });
    expect(manager.listPendingApprovals("chat")).toEqual([]);
  });

  test("deny with a reason passes the reason to the model", async () => {
    const { manager } = await gatewayManager();
    const result = check(manager);
    await pending(manager, "chat");
    manager.resolveGatewayApproval("chat", "deny", { reason: "not on a Friday" });
    const denied = await result;
    expect(denied).toMatchObject({ approved: false, outcome: "denied", userConsent: false });
    expect(denied.message).toContain(
      'BLOCKED: Command denied by user. Reason given by the user: "not on a Friday"',
    );
  });

  test("an unknown answer denies", async () => {
    const { manager } = await gatewayManager();
    const result = check(manager);
    await pending(manager, "chat");
    manager.resolveGatewayApproval("chat", "sure thing");
    await expect(result).resolves.toMatchObject({ approved: false, outcome: "denied" });
  });

  test("identical concurrent requests are coalesced into one notification", async () => {
    const { manager, sent } = await gatewayManager();
    const results = [check(manager), check(manager), check(manager)];
    await pending(manager, "chat");
    await new Promise((r) => setTimeout(r, 20));
    expect(manager.listPendingApprovals("chat")).toHaveLength(1);
    expect(sent).toHaveLength(1);
    expect(manager.resolveGatewayApproval("chat", "session")).toBe(1);
    for (const result of await Promise.all(results))
      expect(result).toMatchObject({ approved: true, choice: "session" });
  });

  test("a coalesced deny with a reason reaches every waiter", async () => {
    const { manager } = await gatewayManager();
    const results = [check(manager), check(manager)];
    await pending(manager, "chat");
    manager.resolveGatewayApproval("chat", "deny", { reason: "no" });
    // On a loaded machine the second check may reach the queue only after the first request
    // was answered; it then asks again and gets the same answer.
    const settled = Promise.all(results);
    let done = false;
    void settled.finally(() => (done = true));
    while (!done) {
      if (manager.listPendingApprovals("chat").length > 0)
        manager.resolveGatewayApproval("chat", "deny", { reason: "no" });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    for (const result of await settled)
      expect(result.message).toContain('Reason given by the user: "no"');
  });

  test("`once` does not carry over to coalesced followers: they are asked again", async () => {
    const { manager, sent } = await gatewayManager();
    const results = [check(manager), check(manager)];
    await pending(manager, "chat");
    manager.resolveGatewayApproval("chat", "once");
    await expect(results[0]).resolves.toMatchObject({ approved: true, choice: "once" });
    await pending(manager, "chat");
    expect(sent).toHaveLength(2);
    manager.resolveGatewayApproval("chat", "deny");
    await expect(results[1]).resolves.toMatchObject({ approved: false });
  });

  test("different commands are separate; FIFO, resolve-all, by request id, stale id", async () => {
    const { manager } = await gatewayManager();
    const first = check(manager, DANGEROUS);
    await pending(manager, "chat", 1);
    const second = check(manager, DANGEROUS_2);
    const third = check(manager, `${DANGEROUS_2} --quiet`);
    const list = await pending(manager, "chat", 3);
    expect(manager.resolveGatewayApproval("chat", "deny", { requestId: "stale" })).toBe(0);
    expect(
      manager.resolveGatewayApproval("chat", "once", { requestId: list[2]?.requestId ?? "" }),
    ).toBe(1);
    await expect(third).resolves.toMatchObject({ approved: true });
    expect(manager.resolveGatewayApproval("chat", "deny")).toBe(1);
    await expect(first).resolves.toMatchObject({ approved: false });
    const fourth = check(manager, `${DANGEROUS} --quiet`);
    await pending(manager, "chat", 2);
    expect(
      manager.resolveGatewayApproval("chat", "deny", { resolveAll: true, reason: "stop" }),
    ).toBe(2);
    for (const r of await Promise.all([second, fourth])) expect(r.message).toContain('"stop"');
  });

  test("`always` from the gateway is saved to config.yaml", async () => {
    const { manager, home } = await gatewayManager("# keep me\ncommand_allowlist: []\n");
    const result = check(manager);
    await pending(manager, "chat");
    manager.resolveGatewayApproval("chat", "always");
    const approved = await result;
    const yaml = await readFile(path.join(home, "config.yaml"), "utf8");
    expect(yaml).toContain("# keep me");
    expect(yaml).toContain(approved.patternKey ?? "?");
    expect(manager.isApproved("other-session", approved.patternKey ?? "")).toBe(true);
  });

  test("a failing notify callback is a denial with Hermes' message", async () => {
    const home = await tempHome();
    const manager = createApprovalManager({ home: home.path, env: {}, interactive: false });
    manager.registerGatewayNotify("chat", () => Promise.reject(new Error("telegram is down")));
    const result = await check(manager);
    expect(result).toMatchObject({ approved: false, outcome: "notify_failed", userConsent: false });
    expect(result.message).toMatch(
      /^BLOCKED: Failed to send approval request to user\..*Do NOT retry\./,
    );
    expect(manager.listPendingApprovals("chat")).toEqual([]);
    expect((await auditLines(home.path))[0]).toMatchObject({
      outcome: "notify_failed",
      decision: "denied",
    });
  });

  test("no answer before the timeout is a denial; notify fired once", async () => {
    const { manager, sent } = await gatewayManager(undefined, 100);
    const result = await check(manager);
    expect(sent).toHaveLength(1);
    expect(result).toMatchObject({ approved: false, outcome: "timeout", userConsent: false });
    for (const phrase of [
      "BLOCKED",
      "NOT consented",
      "Silence is not consent",
      "retry",
      "rephrase",
      "different command",
    ]) {
      expect(result.message).toContain(phrase);
    }
    expect(manager.listPendingApprovals("chat")).toEqual([]);
  });

  test("unregistering the notifier denies the waiters", async () => {
    const { manager } = await gatewayManager();
    const result = check(manager);
    await pending(manager, "chat");
    manager.unregisterGatewayNotify("chat");
    await expect(result).resolves.toMatchObject({ approved: false, outcome: "cancelled" });
  });

  test("an aborted signal denies", async () => {
    const { manager } = await gatewayManager();
    const controller = new AbortController();
    const result = manager.checkDangerousCommand(DANGEROUS, {
      envType: "local",
      sessionKey: "chat",
      signal: controller.signal,
    });
    await pending(manager, "chat");
    controller.abort();
    await expect(result).resolves.toMatchObject({ approved: false, outcome: "cancelled" });
  });

  test("a gateway context without a live notifier queues the request (pending) and a later `session` answer applies", async () => {
    const home = await tempHome();
    const manager = createApprovalManager({ home: home.path, env: {}, interactive: false });
    const result = await manager.checkDangerousCommand(DANGEROUS, {
      envType: "local",
      sessionKey: "ask",
      context: "gateway",
    });
    expect(result).toMatchObject({
      approved: false,
      status: "pending_approval",
      outcome: "pending",
    });
    expect(result.message).toContain("Asking the user for approval");
    expect(result.message).toContain("do NOT re-run");
    expect(manager.listPendingApprovals("ask")).toHaveLength(1);
    // Asking again does not pile up duplicates.
    await manager.checkDangerousCommand(DANGEROUS, {
      envType: "local",
      sessionKey: "ask",
      context: "gateway",
    });
    expect(manager.listPendingApprovals("ask")).toHaveLength(1);
    expect(manager.resolveGatewayApproval("ask", "session")).toBe(1);
    await new Promise((r) => setTimeout(r, 10));
    await expect(
      manager.checkDangerousCommand(DANGEROUS, {
        envType: "local",
        sessionKey: "ask",
        context: "gateway",
      }),
    ).resolves.toMatchObject({
      approved: true,
      decider: "session",
    });
  });

  test("in ask mode a later `once` lets exactly that command through one time", async () => {
    const home = await tempHome();
    const manager = createApprovalManager({ home: home.path, env: {}, interactive: false });
    const ask = { envType: "local", sessionKey: "ask", context: "gateway" } as const;
    await manager.checkDangerousCommand(DANGEROUS, ask);
    expect(manager.resolveGatewayApproval("ask", "o")).toBe(1);
    await new Promise((r) => setTimeout(r, 10));
    await expect(manager.checkDangerousCommand(`${DANGEROUS} --quiet`, ask)).resolves.toMatchObject(
      { approved: false },
    );
    await expect(manager.checkDangerousCommand(DANGEROUS, ask)).resolves.toMatchObject({
      approved: true,
      choice: "once",
    });
    await expect(manager.checkDangerousCommand(DANGEROUS, ask)).resolves.toMatchObject({
      approved: false,
      status: "pending_approval",
    });
  });
});
