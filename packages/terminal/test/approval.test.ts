import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { existsSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { createHarness, recordingApprove, type Harness } from "./tool-harness.js";

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe("approval before every command (injected approver)", () => {
  test("asks with the command and the environment type", async () => {
    const approve = recordingApprove();
    harness = await createHarness({ approval: approve });
    await harness.call("terminal", { command: "echo ok" }, { sessionKey: "s1" });
    expect(approve.calls).toEqual([
      {
        command: "echo ok",
        options: expect.objectContaining({ envType: "local", sessionKey: "s1" }),
      },
    ]);
  });

  test("a pending approval returns Hermes' pending shape and runs nothing", async () => {
    const approve = recordingApprove({
      approved: false,
      status: "pending_approval",
      message: "⚠️ recursive delete. Asking the user for approval.",
      patternKey: "recursive delete",
      description: "recursive delete",
      outcome: "pending",
      requestId: "req-1",
    });
    harness = await createHarness({ approval: approve });
    const marker = path.join(harness.dir.path, "ran");
    const result = await harness.call("terminal", { command: `touch ${marker}` });
    expect(result).toEqual({
      output: "",
      exit_code: -1,
      error: "",
      status: "pending_approval",
      approval_pending: true,
      command: `touch ${marker}`,
      description: "recursive delete",
      pattern_key: "recursive delete",
      message: "⚠️ recursive delete. Asking the user for approval.",
      request_id: "req-1",
    });
    expect(existsSync(marker)).toBe(false);
  });

  test("a denial returns the blocked shape with the approver's message and runs nothing", async () => {
    const approve = recordingApprove({
      approved: false,
      message: "BLOCKED: User denied this command.",
      outcome: "denied",
      description: "delete",
    });
    harness = await createHarness({ approval: approve });
    const marker = path.join(harness.dir.path, "ran");
    expect(await harness.call("terminal", { command: `touch ${marker}` })).toEqual({
      output: "",
      exit_code: -1,
      error: "BLOCKED: User denied this command.",
      status: "blocked",
    });
    expect(existsSync(marker)).toBe(false);
  });

  test("a denial without a message gets Hermes' default wording", async () => {
    harness = await createHarness({
      approval: recordingApprove({ approved: false, message: null, description: "disk wipe" }),
    });
    expect((await harness.call("terminal", { command: "true" })).error).toBe(
      "Command denied: disk wipe. Use the approval prompt to allow it, or rephrase the command.",
    );
  });

  test("an approval by the user or the reviewer is noted in the result", async () => {
    harness = await createHarness({
      approval: recordingApprove({
        approved: true,
        message: null,
        userApproved: true,
        description: "recursive delete",
      }),
    });
    expect(await harness.call("terminal", { command: "echo done" })).toMatchObject({
      output: "done\n",
      approval: "Command required approval (recursive delete) and was approved by the user.",
    });
  });

  test("background commands are approved too", async () => {
    const approve = recordingApprove({ approved: false, message: "BLOCKED: no" });
    harness = await createHarness({ approval: approve });
    expect(await harness.call("terminal", { command: "sleep 5", background: true })).toMatchObject({
      status: "blocked",
    });
    expect(harness.runtime.processes.list()).toEqual([]);
  });
});

describe("approval before every command (@hermes-agent/approval)", () => {
  const homes: TempDir[] = [];
  afterEach(async () => {
    await Promise.all(homes.splice(0).map((home) => home.remove()));
  });
  const realApprover = async (context: "gateway" | "unattended") => {
    const home = await createTempDir();
    homes.push(home);
    const { createApprovalManager } = await import("@hermes-agent/approval");
    const { parseConfigText } = await import("@hermes-agent/config");
    const manager = createApprovalManager({
      config: parseConfigText("").config,
      home: home.path,
      interactive: false,
    });
    return (command: string, options: Parameters<typeof manager.checkDangerousCommand>[1]) =>
      manager.checkDangerousCommand(command, { ...options, context });
  };

  test("an approval manager given to the runtime decides", async () => {
    const home = await createTempDir();
    homes.push(home);
    const { createApprovalManager } = await import("@hermes-agent/approval");
    const { parseConfigText } = await import("@hermes-agent/config");
    const manager = createApprovalManager({
      config: parseConfigText("").config,
      home: home.path,
      interactive: false,
    });
    harness = await createHarness({ approval: manager });
    const result = await harness.call("terminal", { command: "mkfs.ext4 /dev/sda" });
    expect(result).toMatchObject({ output: "", exit_code: -1, status: "blocked" });
    expect(await harness.call("terminal", { command: "echo fine" })).toMatchObject({
      output: "fine\n",
      exit_code: 0,
    });
  });

  test("a harmless command runs", async () => {
    harness = await createHarness({ approval: await realApprover("unattended") });
    expect(await harness.call("terminal", { command: "echo fine" })).toEqual({
      output: "fine\n",
      exit_code: 0,
      error: null,
    });
  });

  test("a hard-line command is blocked with the package's message", async () => {
    harness = await createHarness({ approval: await realApprover("unattended") });
    const result = await harness.call("terminal", { command: "mkfs.ext4 /dev/sda" });
    expect(result).toMatchObject({ output: "", exit_code: -1, status: "blocked" });
    expect(result.error).toMatch(/^BLOCKED \(hardline\)/);
  });

  test("a dangerous command in a gateway session without a notifier is pending and does not run", async () => {
    harness = await createHarness({ approval: await realApprover("gateway") });
    const result = await harness.call("terminal", { command: "git push --force origin main" });
    expect(result).toMatchObject({
      output: "",
      exit_code: -1,
      error: "",
      status: "pending_approval",
      approval_pending: true,
      command: "git push --force origin main",
    });
    expect(typeof result.pattern_key).toBe("string");
    expect(result.message).toMatch(/Asking the user for approval/);
  });
});
