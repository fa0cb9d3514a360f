import { inspectErrorExports } from "@hermes-agent/test-utils";
import { describe, expect, expectTypeOf, test } from "vitest";
import * as api from "../../src/index.js";
import type { ApprovalChoice, ApprovalResult, GatewayNotify } from "../../src/index.js";
import { DANGEROUS, tempHome } from "./helpers.js";

describe("public surface", () => {
  test("exports exactly these values", () => {
    expect(Object.keys(api).sort()).toEqual(
      [
        "acceptApprovalChanges",
        "APPROVAL_BASELINE_FILE",
        "ApprovalChoice",
        "ApprovalError",
        "ApprovalErrorCode",
        "ApprovalOutcome",
        "CONTAINER_ENV_TYPES",
        "VERSION",
        "analyseCommandLine",
        "auditLogPath",
        "DETECTION_RULES",
        "HERMES_KEY_ALIASES",
        "checkDangerousCommand",
        "checkExecuteCodeGuard",
        "createApprovalManager",
        "createCliPrompt",
        "createOpenAIReviewer",
        "detectDangerousCommand",
        "getDefaultApprovalManager",
        "initializeDetector",
        "isDetectorReady",
        "listApprovals",
        "listPendingApprovals",
        "MAX_ANALYSED_COMMAND_LENGTH",
        "parsePromptAnswer",
        "pendingApprovalChanges",
        "registerGatewayNotify",
        "resolveGatewayApproval",
        "revokeApproval",
        "setDefaultApprovalManager",
        "TargetClass",
        "unregisterGatewayNotify",
      ].sort(),
    );
  });

  test("type contracts", () => {
    expectTypeOf<ApprovalChoice>().toEqualTypeOf<"once" | "session" | "always" | "deny">();
    expectTypeOf<ApprovalResult["approved"]>().toEqualTypeOf<boolean>();
    expectTypeOf<ApprovalResult["message"]>().toEqualTypeOf<string | null>();
    expectTypeOf<GatewayNotify>().returns.toEqualTypeOf<void | Promise<void>>();
    expectTypeOf(api.checkDangerousCommand).returns.resolves.toEqualTypeOf<ApprovalResult>();
  });

  test("ApprovalError has a stable code and a cross-copy brand", () => {
    const manager = api.createApprovalManager({ env: {}, interactive: false });
    let caught: unknown;
    try {
      manager.registerGatewayNotify("", () => undefined);
    } catch (error) {
      caught = error;
    }
    expect(api.ApprovalError.isInstance(caught)).toBe(true);
    expect((caught as api.ApprovalError).code).toBe("APPROVAL_INVALID_ARGUMENT");
    expect(api.ApprovalError.isInstance(new Error("x"))).toBe(false);
  });

  test("every exported error class carries the core HermesError brand", () => {
    const report = inspectErrorExports(api);
    expect(report.errorClasses).toEqual(["ApprovalError"]);
    expect(report.unbranded).toEqual([]);
  });

  test("module-level functions use the default manager, which can be replaced", async () => {
    const home = await tempHome();
    const manager = api.createApprovalManager({ home: home.path, env: {}, interactive: false });
    api.setDefaultApprovalManager(manager);
    expect(api.getDefaultApprovalManager()).toBe(manager);
    const sent: string[] = [];
    api.registerGatewayNotify("m", (request) => {
      sent.push(request.requestId);
    });
    const result = api.checkDangerousCommand(DANGEROUS, { envType: "local", sessionKey: "m" });
    while (api.listPendingApprovals("m").length === 0) await new Promise((r) => setTimeout(r, 5));
    expect(api.resolveGatewayApproval("m", "session")).toBe(1);
    await expect(result).resolves.toMatchObject({ approved: true });
    expect(await api.listApprovals("m")).toHaveLength(1);
    expect(await api.revokeApproval({ sessionKey: "m" })).toBe(1);
    api.unregisterGatewayNotify("m");
    expect(sent).toHaveLength(1);
  });
});
