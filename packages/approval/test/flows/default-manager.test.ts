import { afterEach, expect, test, vi } from "vitest";
import type * as ApprovalManagerModule from "../../src/flows/approval-manager.js";

afterEach(() => {
  vi.doUnmock("../../src/flows/approval-manager.js");
  vi.resetModules();
});

test("the module-level check denies, never throws, when the default manager cannot be created", async () => {
  vi.doMock("../../src/flows/approval-manager.js", async (importOriginal) => ({
    ...(await importOriginal<typeof ApprovalManagerModule>()),
    createApprovalManager: () => {
      throw new Error("no home directory");
    },
  }));
  const { checkDangerousCommand, checkExecuteCodeGuard } =
    await import("../../src/flows/default-manager.js");
  const result = await checkDangerousCommand("ls", { envType: "local" });
  expect(result).toMatchObject({ approved: false, outcome: "denied" });
  expect(result.message).toMatch(/^BLOCKED/);
  const guard = await checkExecuteCodeGuard("print(1)", { envType: "local" });
  expect(guard.approved).toBe(false);
});
