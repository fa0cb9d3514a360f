import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createApprovalManager, type ApprovalManager } from "../../src/index.js";
import { startOpenAIStub, type OpenAIStub, type StubReply } from "./openai-stub-server.js";
import { auditLines, DANGEROUS, onCleanup, scriptedPrompt, tempHome } from "./helpers.js";

// Requests the reviewer sends anywhere but the loopback stub are caught here and never leave
// the machine: they are recorded (URL and key) and answered with a scripted DENY.
interface CaughtRequest {
  readonly url: string;
  readonly authorization: string | null;
  readonly model: unknown;
}
const realFetch = globalThis.fetch;
let caught: CaughtRequest[] = [];
beforeEach(() => {
  caught = [];
  globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    if (new URL(request.url).hostname === "127.0.0.1") return realFetch(request);
    const body = JSON.parse(await request.text()) as { model?: unknown };
    caught.push({
      url: request.url,
      authorization: request.headers.get("authorization"),
      model: body.model,
    });
    return new Response(
      JSON.stringify({
        id: "x",
        object: "chat.completion",
        created: 0,
        model: "m",
        choices: [
          { index: 0, finish_reason: "stop", message: { role: "assistant", content: "DENY" } },
        ],
      }),
      { status: 200, headers: { "content-type": "application/json" } },
    );
  };
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

async function stub(script: StubReply[]): Promise<OpenAIStub> {
  const server = await startOpenAIStub(script);
  onCleanup(() => server.close());
  return server;
}

async function manager(
  yaml: string,
  env: Record<string, string>,
  human?: ReturnType<typeof scriptedPrompt>,
): Promise<{ manager: ApprovalManager; home: string }> {
  const home = await tempHome(`approvals:\n  mode: smart\n${yaml}`);
  return {
    manager: createApprovalManager({
      home: home.path,
      env,
      ...(human === undefined ? { interactive: false } : { prompt: human }),
    }),
    home: home.path,
  };
}

const check = (m: ApprovalManager) =>
  m.checkDangerousCommand(DANGEROUS, { envType: "local", sessionKey: "s" });

describe("where the smart reviewer sends a command", () => {
  test.each([
    { name: "nothing configured", yaml: "", env: { OPENAI_API_KEY: "sk-host" } },
    {
      name: "a model but no endpoint",
      yaml: "auxiliary:\n  approval:\n    model: gpt-4o-mini\n",
      env: { OPENAI_API_KEY: "sk-host" },
    },
    {
      name: "provider openrouter without a key",
      yaml: "auxiliary:\n  approval:\n    provider: openrouter\n    model: m\n",
      env: {},
    },
    {
      name: "provider custom without base_url",
      yaml: "auxiliary:\n  approval:\n    provider: custom\n    model: m\n",
      env: {},
    },
  ])("$name: nothing is sent; the escalation says what to set", async ({ yaml, env }) => {
    const { manager: m, home } = await manager(yaml, env);
    const result = await check(m);
    expect(caught).toEqual([]);
    expect(result).toMatchObject({ approved: false, decider: "smart", outcome: "unattended" });
    expect(result.reviewReason).toMatch(/auxiliary\.approval\.|OPENROUTER_API_KEY/);
    expect((await auditLines(home))[0]).toMatchObject({
      decider: "smart",
      review_reason: result.reviewReason,
    });
  });

  test("base_url and api_key: the configured endpoint, with that key", async () => {
    const server = await stub([{ text: "APPROVE" }]);
    const { manager: m } = await manager(
      `auxiliary:\n  approval:\n    base_url: ${server.baseURL}\n    api_key: sk-aux\n    model: guard\n`,
      { OPENAI_API_KEY: "sk-host" },
    );
    const result = await check(m);
    expect(result).toMatchObject({ approved: true, smartApproved: true });
    expect(result.reviewReason).toBe(`the reviewer (guard at ${server.baseURL}) answered APPROVE`);
    expect(server.headers[0]?.authorization).toBe("Bearer sk-aux");
    expect(server.requests[0]).toMatchObject({ model: "guard" });
    expect(caught).toEqual([]);
  });

  test("provider openrouter: OpenRouter's API with OPENROUTER_API_KEY", async () => {
    const { manager: m } = await manager(
      "auxiliary:\n  approval:\n    provider: openrouter\n    model: google/gemini-flash\n",
      { OPENROUTER_API_KEY: "sk-or-test", OPENAI_API_KEY: "sk-host" },
    );
    const result = await check(m);
    expect(caught).toEqual([
      {
        url: "https://openrouter.ai/api/v1/chat/completions",
        authorization: "Bearer sk-or-test",
        model: "google/gemini-flash",
      },
    ]);
    expect(result).toMatchObject({ approved: false, outcome: "smart_denied" });
  });

  test("provider main: the main model's endpoint and model", async () => {
    const server = await stub([{ text: "APPROVE" }]);
    const home = await tempHome(
      [
        "model:",
        "  default: main-model",
        `  base_url: ${server.baseURL}`,
        "  api_key: sk-main",
        "approvals:",
        "  mode: smart",
        "auxiliary:",
        "  approval:",
        "    provider: main",
        "",
      ].join("\n"),
    );
    const m = createApprovalManager({ home: home.path, env: {}, interactive: false });
    expect(await check(m)).toMatchObject({ approved: true, smartApproved: true });
    expect(server.requests[0]).toMatchObject({ model: "main-model" });
    expect(server.headers[0]?.authorization).toBe("Bearer sk-main");
  });

  test("provider auto: a custom endpoint in OPENAI_BASE_URL", async () => {
    const server = await stub([{ text: "APPROVE" }]);
    const { manager: m } = await manager("auxiliary:\n  approval:\n    model: guard\n", {
      OPENAI_BASE_URL: server.baseURL,
      OPENAI_API_KEY: "sk-local",
    });
    expect(await check(m)).toMatchObject({ approved: true });
    expect(server.headers[0]?.authorization).toBe("Bearer sk-local");
  });
});

describe("the reason for an escalation", () => {
  async function reviewed(reply: StubReply, human?: ReturnType<typeof scriptedPrompt>) {
    const server = await stub([reply]);
    const setup = await manager(
      `auxiliary:\n  approval:\n    base_url: ${server.baseURL}\n    model: guard\n    timeout: 5\n`,
      {},
      human,
    );
    return { ...setup, result: await check(setup.manager), server };
  }

  test("an unclear reply is quoted", async () => {
    const { result, home } = await reviewed({ text: "Looks fine to me" });
    expect(result.reviewReason).toMatch(
      /the reviewer \(guard at http:\/\/127\.0\.0\.1:\d+\/v1\) did not answer APPROVE, DENY or ESCALATE: "Looks fine to me"/,
    );
    expect((await auditLines(home))[0]?.review_reason).toBe(result.reviewReason);
  });

  test("a failing endpoint says so", async () => {
    const { result } = await reviewed({ status: 500 });
    expect(result.approved).toBe(false);
    expect(result.reviewReason).toMatch(/the reviewer \(guard at .*\) failed: 500/);
  });

  test("ESCALATE goes to the human, and the result and audit keep the reviewer's reason", async () => {
    const human = scriptedPrompt("once");
    const { result, home } = await reviewed({ text: "ESCALATE" }, human);
    expect(human.asked).toHaveLength(1);
    expect(result).toMatchObject({ approved: true, userApproved: true });
    expect(result.reviewReason).toMatch(/asked for a human decision/);
    expect((await auditLines(home))[0]).toMatchObject({
      decider: "user",
      choice: "once",
      review_reason: result.reviewReason,
    });
  });
});
