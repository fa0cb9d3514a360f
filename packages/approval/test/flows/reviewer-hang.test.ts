// A smart reviewer (the built-in one or a custom `llm`) whose answer never comes must not hold a
// command forever: its own timeout (`auxiliary.approval.timeout`) hands the decision to a human,
// and the caller's abort signal releases the check as a denial.
import { describe, expect, test } from "vitest";
import {
  createApprovalManager,
  type ApprovalManager,
  type GatewayApprovalRequest,
  type ReviewRequest,
} from "../../src/index.js";
import { DANGEROUS, tempHome } from "./helpers.js";

/** A manager in smart mode whose reviewer records the request and then never settles. */
async function hangingReviewer(
  reviewerTimeoutSeconds: number,
): Promise<{ manager: ApprovalManager; reviewed: Promise<ReviewRequest> }> {
  const home = await tempHome(
    `approvals:\n  mode: smart\nauxiliary:\n  approval:\n    timeout: ${String(reviewerTimeoutSeconds)}\n`,
  );
  let markReviewed: (request: ReviewRequest) => void = () => undefined;
  const reviewed = new Promise<ReviewRequest>((resolve) => {
    markReviewed = resolve;
  });
  const manager = createApprovalManager({
    home: home.path,
    env: {},
    interactive: false,
    llm: {
      version: 1,
      review(request) {
        markReviewed(request);
        return new Promise(() => undefined);
      },
    },
  });
  return { manager, reviewed };
}

describe("a smart reviewer that never answers", () => {
  test.each([0.05, 0.2])(
    "is given up after its %s s timeout and the human decides",
    async (seconds) => {
      const { manager } = await hangingReviewer(seconds);
      const sent: GatewayApprovalRequest[] = [];
      manager.registerGatewayNotify("chat", (request) => {
        sent.push(request);
        setImmediate(() => manager.resolveGatewayApproval("chat", "once"));
      });
      const result = await manager.checkDangerousCommand(DANGEROUS, {
        envType: "local",
        sessionKey: "chat",
      });
      expect(sent).toHaveLength(1);
      expect(result).toMatchObject({ approved: true });
    },
  );

  test("with no human to ask, is a denial that says the reviewer did not answer", async () => {
    const { manager, reviewed } = await hangingReviewer(0.05);
    const result = await manager.checkDangerousCommand(DANGEROUS, {
      envType: "local",
      sessionKey: "nobody",
    });
    await reviewed;
    expect(result).toMatchObject({
      approved: false,
      decider: "smart",
      reviewReason: "the reviewer did not answer within 0.05 s",
    });
  });

  test("is released by the abort signal while it waits", async () => {
    const { manager, reviewed } = await hangingReviewer(600);
    const controller = new AbortController();
    const result = manager.checkDangerousCommand(DANGEROUS, {
      envType: "local",
      sessionKey: "chat",
      signal: controller.signal,
    });
    await reviewed;
    controller.abort();
    expect((await result).approved).toBe(false);
  });
});
