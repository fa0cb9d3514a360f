import { createApprovalManager } from "@hermes-agent/approval";
import { hermesConfigSchema } from "@hermes-agent/config";
import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createHarness } from "./harness.js";

let home: TempDir;
beforeAll(async () => {
  home = await createTempDir("hermes-ec-home-");
});
afterAll(() => home.remove());

describe("approval before the script starts", () => {
  test("a cron context is denied by @hermes-agent/approval's guard and nothing runs", async () => {
    const manager = createApprovalManager({
      home: home.path,
      env: {},
      config: hermesConfigSchema.parse({}),
      context: "cron",
    });
    const seen: string[] = [];
    const h = await createHarness({
      approveScript: async (code, context) => {
        seen.push(code);
        return manager.checkExecuteCodeGuard(code, { envType: context.envType });
      },
    });
    try {
      const result = await h.run({ code: 'open("ran.flag", "w").close()' });
      expect(result.status).toBe("error");
      expect(result.error).toMatch(/^BLOCKED: execute_code/);
      expect(result.tool_calls_made).toBe(0);
      expect(seen).toEqual(['open("ran.flag", "w").close()']);
      const { existsSync } = await import("node:fs");
      expect(existsSync(`${h.workDir.path}/ran.flag`)).toBe(false);
    } finally {
      await h.close();
    }
  });

  test("the CLI context lets the script run (its terminal calls are checked one by one)", async () => {
    const manager = createApprovalManager({
      home: home.path,
      env: {},
      config: hermesConfigSchema.parse({}),
      context: "interactive",
      interactive: true,
      prompt: { version: 1, ask: () => Promise.resolve("deny" as const) },
    });
    const h = await createHarness({
      approveScript: (code, context) =>
        manager.checkExecuteCodeGuard(code, { envType: context.envType }),
    });
    try {
      expect(await h.run({ code: "print('ok')" })).toMatchObject({
        status: "success",
        output: "ok\n",
      });
    } finally {
      await h.close();
    }
  });

  test("a pending gateway approval is reported, not run", async () => {
    const h = await createHarness({
      approveScript: () =>
        Promise.resolve({
          approved: false,
          message: "⚠️ waiting for the user",
          status: "pending_approval",
        }),
    });
    try {
      expect(await h.run({ code: "print(1)" })).toMatchObject({
        status: "error",
        error: "⚠️ waiting for the user",
        approval_pending: true,
      });
    } finally {
      await h.close();
    }
  });
});
