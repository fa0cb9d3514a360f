import type { ApprovalPromptRequest, PromptAnswer } from "@hermes-agent/approval";
import { parseConfigText } from "@hermes-agent/config";
import { afterEach, describe, expect, test } from "vitest";
import { parse, startRuntime, type RuntimeHarness } from "../helpers/runtime-harness.js";

let h: RuntimeHarness | undefined;
afterEach(async () => {
  await h?.dispose();
  h = undefined;
});

function withApprovalHook(harness: RuntimeHarness, ruleKey?: string): string[] {
  const ran: string[] = [];
  harness.runtime.registry.register({
    name: "deploy",
    toolset: "testing",
    schema: { parameters: { type: "object", properties: { target: { type: "string" } } } },
    handler: (args: Record<string, unknown>) => {
      ran.push(String(args.target));
      return JSON.stringify({ deployed: args.target });
    },
  });
  harness.runtime.hooks.registerHook("pre_tool_call", (payload) =>
    payload.toolName === "deploy"
      ? {
          action: "approve",
          message: "deploys touch production",
          ...(ruleKey === undefined ? {} : { rule_key: ruleKey }),
        }
      : undefined,
  );
  return ran;
}

describe("pre_tool_call approve", () => {
  test("granted once: the call runs, and the next call asks again", async () => {
    const asked: ApprovalPromptRequest[] = [];
    h = await startRuntime({
      approval: (request): Promise<PromptAnswer> => {
        asked.push(request);
        return Promise.resolve("once");
      },
    });
    const ran = withApprovalHook(h);
    expect(parse(await h.runtime.handleFunctionCall("deploy", { target: "a" }))).toEqual({
      deployed: "a",
    });
    await h.runtime.handleFunctionCall("deploy", { target: "b" });
    expect(ran).toEqual(["a", "b"]);
    expect(asked).toHaveLength(2);
    expect(asked[0]).toMatchObject({
      patternKey: "tool:deploy",
      description: "deploys touch production",
    });
  });

  test("granted for the session: the rule key is remembered for that session only", async () => {
    let asked = 0;
    h = await startRuntime({
      approval: () => {
        asked++;
        return Promise.resolve("session");
      },
    });
    const ran = withApprovalHook(h, "deploys");
    await h.runtime.handleFunctionCall("deploy", { target: "a" }, { sessionKey: "s1" });
    await h.runtime.handleFunctionCall("deploy", { target: "b" }, { sessionKey: "s1" });
    await h.runtime.handleFunctionCall("deploy", { target: "c" }, { sessionKey: "s2" });
    expect(ran).toEqual(["a", "b", "c"]);
    expect(asked).toBe(2);
  });

  test("denied: blocked with the gate's message, post hook says blocked", async () => {
    h = await startRuntime({ approval: () => Promise.resolve("deny") });
    const ran = withApprovalHook(h);
    const statuses: unknown[] = [];
    h.runtime.hooks.registerHook("post_tool_call", (payload) => {
      statuses.push(payload.status);
    });
    const result = parse(await h.runtime.handleFunctionCall("deploy", { target: "a" }));
    expect(result.error).toBe("BLOCKED: plugin approval required for deploy");
    expect(ran).toEqual([]);
    expect(statuses).toEqual(["blocked"]);
  });

  test("timeout: the prompt's timeout is a denial", async () => {
    h = await startRuntime({ approval: () => Promise.resolve("timeout") });
    const ran = withApprovalHook(h);
    const result = parse(await h.runtime.handleFunctionCall("deploy", { target: "a" }));
    expect(result.error).toMatch(/timed out/);
    expect(ran).toEqual([]);
  });

  test("gateway timeout: nobody answers within approvals.timeout, the call is blocked", async () => {
    const delivered: string[] = [];
    h = await startRuntime({
      config: parseConfigText("approvals:\n  timeout: 1\n").config,
      approval: {
        notify: (request) => {
          delivered.push(request.requestId);
        },
      },
    });
    const ran = withApprovalHook(h);
    const result = parse(await h.runtime.handleFunctionCall("deploy", { target: "a" }));
    expect(result.error).toMatch(/timed out/);
    expect(delivered).toHaveLength(1);
    expect(ran).toEqual([]);
  });

  test("gateway: an answer through resolveApproval lets the call run", async () => {
    h = await startRuntime({
      approval: {
        notify: (request) => {
          setImmediate(() => h?.runtime.resolveApproval(request.sessionKey, "once"));
        },
      },
    });
    const ran = withApprovalHook(h);
    await h.runtime.handleFunctionCall("deploy", { target: "a" }, { sessionKey: "chat-1" });
    expect(ran).toEqual(["a"]);
  });

  test("a failing approver fails closed", async () => {
    h = await startRuntime({ approval: () => Promise.reject(new Error("tty gone")) });
    const ran = withApprovalHook(h);
    const result = parse(await h.runtime.handleFunctionCall("deploy", { target: "a" }));
    expect(result.error).toBe("BLOCKED: plugin approval gate failed for deploy");
    expect(ran).toEqual([]);
  });

  test('approval "deny": nobody can be asked, so the call is blocked', async () => {
    h = await startRuntime({ approval: "deny" });
    const ran = withApprovalHook(h);
    const result = parse(await h.runtime.handleFunctionCall("deploy", { target: "a" }));
    expect(result.error).toMatch(/^BLOCKED: plugin approval required for deploy/);
    expect(ran).toEqual([]);
  });

  test("pre_approval_request, approval:request and post_approval_response fire around the question", async () => {
    h = await startRuntime({ approval: () => Promise.resolve("once") });
    withApprovalHook(h);
    const seen: string[] = [];
    h.runtime.hooks.registerHook("pre_approval_request", (payload) => {
      seen.push(`pre ${String(payload.toolName)}`);
    });
    h.runtime.events.on("approval:request", (event) => seen.push(`event ${event.ruleKey}`));
    h.runtime.hooks.registerHook("post_approval_response", (payload) => {
      seen.push(`post ${String(payload.choice)} ${String(payload.approved)}`);
    });
    await h.runtime.handleFunctionCall("deploy", { target: "a" });
    expect(seen).toEqual(["pre deploy", "event tool:deploy", "post once true"]);
  });
});
