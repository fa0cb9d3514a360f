// A custom interactive prompt that never answers must not hold a command (and the agent)
// forever: the approval timeout and the caller's abort signal release it, as a denial.
import { describe, expect, test } from "vitest";
import {
  createApprovalManager,
  type ApprovalManager,
  type ApprovalPromptRequest,
} from "../../src/index.js";
import { DANGEROUS, tempHome } from "./helpers.js";

/** A manager whose prompt records what it was asked and then never settles. */
async function hangingPrompt(
  timeoutMs = 60_000,
): Promise<{ manager: ApprovalManager; asked: Promise<ApprovalPromptRequest> }> {
  const home = await tempHome();
  let markAsked: (request: ApprovalPromptRequest) => void = () => undefined;
  const asked = new Promise<ApprovalPromptRequest>((resolve) => {
    markAsked = resolve;
  });
  const manager = createApprovalManager({
    home: home.path,
    env: {},
    interactive: true,
    timeoutMs,
    prompt: {
      version: 1,
      ask(request) {
        markAsked(request);
        return new Promise(() => undefined);
      },
    },
  });
  return { manager, asked };
}

describe("an interactive prompt that never settles", () => {
  test.each([1, 50, 200])("is released by a %i ms timeout as a denial", async (timeoutMs) => {
    const { manager } = await hangingPrompt(timeoutMs);
    const result = await manager.checkDangerousCommand(DANGEROUS, {
      envType: "local",
      sessionKey: "cli",
      context: "interactive",
    });
    expect(result).toMatchObject({ approved: false, outcome: "timeout" });
  });

  test("is released by the abort signal while it waits", async () => {
    const { manager, asked } = await hangingPrompt();
    const controller = new AbortController();
    const result = manager.checkDangerousCommand(DANGEROUS, {
      envType: "local",
      sessionKey: "cli",
      context: "interactive",
      signal: controller.signal,
    });
    await asked;
    controller.abort();
    expect(await result).toMatchObject({ approved: false, outcome: "cancelled" });
  });

  test("with a signal aborted before the check, never waits", async () => {
    const { manager } = await hangingPrompt();
    const controller = new AbortController();
    controller.abort();
    const result = await manager.checkDangerousCommand(DANGEROUS, {
      envType: "local",
      sessionKey: "cli",
      context: "interactive",
      signal: controller.signal,
    });
    expect(result.approved).toBe(false);
  });

  test("a prompt that rejects is a denial", async () => {
    const home = await tempHome();
    const manager = createApprovalManager({
      home: home.path,
      env: {},
      interactive: true,
      prompt: { version: 1, ask: () => Promise.reject(new Error("ui crashed")) },
    });
    const result = await manager.checkDangerousCommand(DANGEROUS, {
      envType: "local",
      sessionKey: "cli",
      context: "interactive",
    });
    expect(result.approved).toBe(false);
  });

  test("the prompt is told which target classes a session or permanent answer covers", async () => {
    const { manager, asked } = await hangingPrompt(1);
    await manager.checkDangerousCommand("find /tmp/build-cache -name '*.o' -delete", {
      envType: "local",
      sessionKey: "cli",
      context: "interactive",
      commandContext: { cwd: "/home/dev/project", home: "/home/dev" },
    });
    expect((await asked).targetClasses).toEqual(["temp"]);
  });
});
