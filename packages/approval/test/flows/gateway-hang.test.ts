import { describe, expect, test } from "vitest";
import { createApprovalManager, type ApprovalManager } from "../../src/index.js";
import { DANGEROUS, tempHome } from "./helpers.js";

/** A manager whose gateway notifier accepts the request and then never settles. */
async function hangingGateway(
  timeoutMs = 10_000,
): Promise<{ manager: ApprovalManager; notified: Promise<void> }> {
  const home = await tempHome();
  const manager = createApprovalManager({
    home: home.path,
    env: {},
    interactive: false,
    timeoutMs,
  });
  let markNotified: () => void = () => undefined;
  const notified = new Promise<void>((resolve) => {
    markNotified = resolve;
  });
  manager.registerGatewayNotify("chat", () => {
    markNotified();
    return new Promise<void>(() => undefined);
  });
  return { manager, notified };
}

describe("a gateway notifier that never settles", () => {
  test("is released by the timeout", async () => {
    const { manager } = await hangingGateway(50);
    const result = await manager.checkDangerousCommand(DANGEROUS, {
      envType: "local",
      sessionKey: "chat",
    });
    expect(result).toMatchObject({ approved: false, outcome: "timeout" });
  });

  test("is released by the abort signal", async () => {
    const { manager, notified } = await hangingGateway();
    const controller = new AbortController();
    const result = manager.checkDangerousCommand(DANGEROUS, {
      envType: "local",
      sessionKey: "chat",
      signal: controller.signal,
    });
    await notified;
    controller.abort();
    expect(await result).toMatchObject({ approved: false });
  });

  test("is released by unregistering the notifier", async () => {
    const { manager, notified } = await hangingGateway();
    const result = manager.checkDangerousCommand(DANGEROUS, {
      envType: "local",
      sessionKey: "chat",
    });
    await notified;
    manager.unregisterGatewayNotify("chat");
    expect(await result).toMatchObject({ approved: false });
  });

  test("still lets the user's answer through", async () => {
    const { manager, notified } = await hangingGateway();
    const result = manager.checkDangerousCommand(DANGEROUS, {
      envType: "local",
      sessionKey: "chat",
    });
    await notified;
    expect(manager.resolveGatewayApproval("chat", "once")).toBe(1);
    expect(await result).toMatchObject({ approved: true });
  });
});
