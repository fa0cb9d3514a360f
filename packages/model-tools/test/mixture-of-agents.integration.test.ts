import { silentLogger } from "@hermes-agent/core";
import { ToolRegistry } from "@hermes-agent/registry";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { registerModelTools, type ModelConfigInput } from "../src/index.js";
import {
  apiError,
  chatCompletion,
  startScriptedServer,
  type ScriptedResponse,
  type ScriptedServer,
} from "./helpers/scripted-http-server.js";

interface ChatBody {
  model: string;
  temperature?: number;
  max_tokens?: number;
  messages: { role: string; content: string }[];
}

let server: ScriptedServer;
/** What each model answers, in order; the last answer repeats. */
let answers: Record<string, ScriptedResponse[]>;

beforeAll(async () => {
  server = await startScriptedServer((request) => {
    const body = request.json as ChatBody;
    const queue = answers[body.model];
    if (queue === undefined || queue.length === 0) return apiError(404, `no model ${body.model}`);
    return (queue.length > 1 ? queue.shift() : queue[0]) as ScriptedResponse;
  });
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  server.requests.length = 0;
  answers = {};
});

function setup(config: ModelConfigInput, env: Record<string, string> = {}) {
  const registry = new ToolRegistry();
  const handle = registerModelTools(registry, {
    config,
    env,
    logger: silentLogger,
    moaRetry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 1 },
  });
  const call = async (userPrompt: string) =>
    JSON.parse(
      String(await registry.dispatch("mixture_of_agents", { user_prompt: userPrompt })),
    ) as Record<string, unknown>;
  return { registry, handle, call };
}

const route = (model: string) => ({
  provider: "custom",
  model,
  base_url: `${server.origin}/v1`,
  api_key: `key-${model}`,
});

const bodiesFor = (model: string): ChatBody[] =>
  server.requests.map((r) => r.json as ChatBody).filter((b) => b.model === model);

describe("mixture_of_agents", () => {
  test("references answer in parallel, a failing one is left out, the aggregator combines", async () => {
    answers = {
      alpha: [chatCompletion("Alpha says 42.")],
      beta: [apiError(500, "beta is down")],
      gamma: [chatCompletion(null, { reasoning_content: "Gamma reasons 42." })],
      judge: [chatCompletion("The answer is 42.")],
    };
    const { call } = setup({
      auxiliary: {
        moa: {
          reference_models: [route("alpha"), route("beta"), route("gamma")],
          aggregator_model: { ...route("judge"), label: "the-judge" },
        },
      },
    });
    const result = await call("What is six times seven?");
    expect(result).toEqual({
      success: true,
      response: "The answer is 42.",
      models_used: {
        reference_models: ["custom/alpha", "custom/beta", "custom/gamma"],
        aggregator_model: "the-judge",
      },
    });
    const alpha = bodiesFor("alpha")[0];
    expect(alpha?.temperature).toBe(0.6);
    expect(alpha?.max_tokens).toBe(32000);
    expect(alpha?.messages).toEqual([{ role: "user", content: "What is six times seven?" }]);
    expect(bodiesFor("beta")).toHaveLength(2);
    const judge = bodiesFor("judge")[0];
    expect(judge?.temperature).toBe(0.4);
    expect(judge?.messages[1]).toEqual({ role: "user", content: "What is six times seven?" });
    const system = judge?.messages[0];
    expect(system?.role).toBe("system");
    expect(system?.content).toContain("1. Alpha says 42.\n2. Gamma reasons 42.");
    expect(system?.content).not.toContain("beta is down");
    expect(
      server.requests.find((r) => (r.json as ChatBody).model === "judge")?.headers.authorization,
    ).toBe("Bearer key-judge");
  });

  test("a reference that fails once is retried", async () => {
    answers = {
      alpha: [apiError(503, "busy"), chatCompletion("Alpha, second try.")],
      judge: [chatCompletion("Combined.")],
    };
    const { call } = setup({
      auxiliary: { moa: { reference_models: [route("alpha")], aggregator_model: route("judge") } },
    });
    expect((await call("q"))["response"]).toBe("Combined.");
    expect(bodiesFor("alpha")).toHaveLength(2);
    expect(bodiesFor("judge")[0]?.messages[0]?.content).toContain("1. Alpha, second try.");
  });

  test("all references failing is a clear error and the aggregator is not called", async () => {
    answers = { alpha: [apiError(500, "down")], beta: [apiError(401, "bad key")] };
    const { call } = setup({
      auxiliary: {
        moa: {
          reference_models: [route("alpha"), route("beta")],
          aggregator_model: route("judge"),
        },
      },
    });
    const result = await call("q");
    expect(result["success"]).toBe(false);
    expect(result["response"]).toBe(
      "MoA processing failed. Please try again or use a single model for this query.",
    );
    expect(String(result["error"])).toMatch(
      /^Error in MoA processing: Insufficient successful reference models \(0\/2\)/,
    );
    expect(bodiesFor("judge")).toHaveLength(0);
  });

  test("Hermes' default routes use the provider keys and endpoint overrides", async () => {
    answers = {
      "MiniMax-M2.7": [chatCompletion("MiniMax answer.")],
      "mimo-v2-pro": [chatCompletion("MiMo combined.")],
    };
    const { call, registry } = setup(
      {},
      {
        MINIMAX_API_KEY: "mm-key",
        MINIMAX_BASE_URL: `${server.origin}/v1`,
        XIAOMI_API_KEY: "xm-key",
        XIAOMI_BASE_URL: `${server.origin}/v1`,
      },
    );
    expect(registry.getDefinitions(["mixture_of_agents"])).toHaveLength(1);
    expect(await call("q")).toEqual({
      success: true,
      response: "MiMo combined.",
      models_used: {
        reference_models: ["minimax/MiniMax-M2.7"],
        aggregator_model: "xiaomi/mimo-v2-pro",
      },
    });
    expect(server.requests.map((r) => r.headers.authorization).sort()).toEqual([
      "Bearer mm-key",
      "Bearer xm-key",
    ]);
  });

  test("is unavailable, with the reason, without an aggregator key", () => {
    const { registry, handle } = setup({}, { MINIMAX_API_KEY: "k" });
    expect(registry.getDefinitions(["mixture_of_agents"])).toEqual([]);
    expect(handle.unavailableReasons()["mixture_of_agents"]).toBe(
      "aggregator xiaomi/mimo-v2-pro unavailable: XIAOMI_API_KEY is not set",
    );
  });

  test("a malformed route in config is reported", async () => {
    const { call, handle } = setup({
      auxiliary: { moa: { reference_models: [{ provider: "openrouter" }], aggregator_model: "x" } },
    });
    expect(handle.unavailableReasons()["mixture_of_agents"]).toBe(
      "reference_models[0].model must be set",
    );
    expect(String((await call("q"))["error"])).toContain("reference_models[0].model must be set");
  });
});
