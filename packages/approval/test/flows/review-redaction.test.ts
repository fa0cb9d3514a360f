import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import {
  createApprovalManager,
  type GatewayApprovalRequest,
  type ReviewRequest,
  type SmartReviewer,
} from "../../src/index.js";
import { redactForReview } from "../../src/flows/review-redaction.js";
import { auditLines, tempHome } from "./helpers.js";

// Commands are data: they are only shown and logged here, never run.
const CASES = JSON.parse(
  readFileSync(new URL("fixtures/review-redaction.json", import.meta.url), "utf8"),
) as {
  shown: { command: string; visible: string[] }[];
  masked: { command: string; secret: string; expected?: string }[];
};
// Every case is made dangerous so that it reaches a human, the reviewer and the audit log.
const FLAGGED = " && git reset --hard";

describe("redactForReview", () => {
  test.each(CASES.shown)("code stays visible: $command", ({ command, visible }) => {
    const shown = redactForReview(command);
    for (const part of visible) expect(shown).toContain(part);
  });

  test.each(CASES.masked)(
    "a literal secret is masked: $command",
    ({ command, secret, expected }) => {
      const shown = redactForReview(command);
      expect(shown).not.toContain(secret);
      if (expected !== undefined) expect(shown).toBe(expected);
    },
  );

  test("text without secrets is unchanged", () => {
    const command = "cd /tmp && ls -la | grep x; echo $(date) `id` > /dev/null";
    expect(redactForReview(command)).toBe(command);
  });
});

describe("what the gateway, the smart reviewer and the audit log get", () => {
  const all = [
    ...CASES.shown.map((c) => ({ command: c.command, visible: c.visible, secret: undefined })),
    ...CASES.masked.map((c) => ({ command: c.command, visible: [], secret: c.secret })),
  ];

  test.each(all)("$command", async ({ command, visible, secret }) => {
    const home = await tempHome("approvals:\n  mode: smart\n");
    const reviewed: ReviewRequest[] = [];
    const llm: SmartReviewer = {
      version: 1,
      review(request) {
        reviewed.push(request);
        return Promise.resolve("ESCALATE");
      },
    };
    const manager = createApprovalManager({ home: home.path, env: {}, interactive: false, llm });
    const sent: GatewayApprovalRequest[] = [];
    manager.registerGatewayNotify("chat", (request) => {
      sent.push(request);
      setImmediate(() => manager.resolveGatewayApproval("chat", "deny"));
    });
    const result = await manager.checkDangerousCommand(command + FLAGGED, {
      envType: "local",
      sessionKey: "chat",
    });
    expect(result).toMatchObject({ approved: false, outcome: "denied" });
    const log = (await auditLines(home.path)).map((line) => String(line.command));
    const seen = [sent[0]?.command, reviewed[0]?.command, ...log];
    expect(seen).toHaveLength(3);
    for (const text of seen) {
      expect(text).toBeDefined();
      for (const part of visible) expect(text).toContain(part);
      if (secret !== undefined) expect(text).not.toContain(secret);
    }
  });
});
