import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { silentLogger } from "@hermes-agent/core";
import { ToolRegistry } from "@hermes-agent/registry";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { registerModelTools, type ModelConfigInput } from "../src/index.js";
import {
  apiError,
  startScriptedServer,
  TINY_PNG,
  type RecordedRequest,
  type ScriptedResponse,
  type ScriptedServer,
} from "./helpers/scripted-http-server.js";

let home: string;
let fal: ScriptedServer;
let openai: ScriptedServer;
/** Status answers still to give per request id before COMPLETED. */
let pendingPolls: number;
let submitFailure: ScriptedResponse | undefined;
let openaiReply: ScriptedResponse;
let submitted: number;

// Answers like FAL's queue API: submit returns ids and URLs, status walks IN_QUEUE → COMPLETED.
function falRoute(request: RecordedRequest): ScriptedResponse {
  const status = /^\/([^/]+\/[^/]+)\/requests\/([^/]+)\/status$/.exec(request.path);
  if (status !== null) {
    if (pendingPolls > 0) {
      pendingPolls -= 1;
      return { status: 202, json: { status: pendingPolls > 0 ? "IN_QUEUE" : "IN_PROGRESS" } };
    }
    return { json: { status: "COMPLETED" } };
  }
  const result = /^\/([^/]+\/[^/]+)\/requests\/([^/]+)$/.exec(request.path);
  if (result !== null) {
    const id = result[2] ?? "";
    if (result[1] === "fal-ai/clarity-upscaler") {
      return {
        json: { image: { url: `https://cdn.example/${id}-upscaled.png`, width: 2, height: 2 } },
      };
    }
    return {
      json: { images: [{ url: `https://cdn.example/${id}.png`, width: 1, height: 1 }], seed: 7 },
    };
  }
  if (request.method === "POST") {
    if (submitFailure !== undefined) return submitFailure;
    const model = request.path.slice(1);
    const app = model.split("/").slice(0, 2).join("/");
    const id = `req-${String(submitted)}`;
    submitted += 1;
    return {
      json: {
        request_id: id,
        status: "IN_QUEUE",
        status_url: `${fal.origin}/${app}/requests/${id}/status`,
        response_url: `${fal.origin}/${app}/requests/${id}`,
      },
    };
  }
  return { status: 404, json: { detail: "Not found" } };
}

beforeAll(async () => {
  home = await mkdtemp(path.join(os.tmpdir(), "model-tools-image-"));
  fal = await startScriptedServer(falRoute);
  openai = await startScriptedServer((request) =>
    request.path === "/v1/images/generations" ? openaiReply : { status: 404, json: {} },
  );
});

afterAll(async () => {
  await fal.close();
  await openai.close();
  await rm(home, { recursive: true, force: true });
});

beforeEach(() => {
  fal.requests.length = 0;
  openai.requests.length = 0;
  pendingPolls = 2;
  submitted = 0;
  submitFailure = undefined;
  openaiReply = {
    json: {
      created: 0,
      data: [{ b64_json: TINY_PNG.toString("base64"), revised_prompt: "a red dot, centred" }],
    },
  };
});

function setup(config: ModelConfigInput, env: Record<string, string>) {
  const registry = new ToolRegistry();
  const handle = registerModelTools(registry, {
    config,
    env,
    hermesHome: home,
    falQueueUrl: fal.origin,
    falPollIntervalMs: 5,
    logger: silentLogger,
  });
  const call = async (args: Record<string, unknown>) =>
    JSON.parse(String(await registry.dispatch("image_generate", args))) as Record<string, unknown>;
  return { registry, handle, call };
}

describe("image_generate with FAL", () => {
  test("submits to the queue, polls the status and returns the image URL", async () => {
    const { call } = setup({}, { FAL_KEY: "fal-secret" });
    const result = await call({ prompt: "  a red dot  " });
    expect(result).toEqual({
      success: true,
      image: "https://cdn.example/req-0.png",
      modality: "text",
    });
    const [submit, ...rest] = fal.requests;
    expect(submit?.method).toBe("POST");
    expect(submit?.path).toBe("/fal-ai/flux-2/klein/9b");
    expect(submit?.headers.authorization).toBe("Key fal-secret");
    expect(submit?.headers["x-idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(submit?.json).toEqual({
      prompt: "a red dot",
      image_size: "landscape_16_9",
      num_inference_steps: 4,
      output_format: "png",
      enable_safety_checker: false,
    });
    expect(rest.map((r) => r.path)).toEqual([
      "/fal-ai/flux-2/requests/req-0/status",
      "/fal-ai/flux-2/requests/req-0/status",
      "/fal-ai/flux-2/requests/req-0/status",
      "/fal-ai/flux-2/requests/req-0",
    ]);
    expect(rest.every((r) => r.headers.authorization === "Key fal-secret")).toBe(true);
  });

  test("takes the model from image_gen.model and the size from aspect_ratio", async () => {
    const { call } = setup({ image_gen: { model: "fal-ai/nano-banana-pro" } }, { FAL_KEY: "k" });
    await call({ prompt: "p", aspect_ratio: "square" });
    expect(fal.requests[0]?.path).toBe("/fal-ai/nano-banana-pro");
    expect(fal.requests[0]?.json).toMatchObject({ aspect_ratio: "1:1", resolution: "1K" });
    expect(fal.requests[0]?.json).not.toHaveProperty("image_size");
  });

  test("an unknown aspect ratio or model falls back to Hermes' defaults", async () => {
    const { call } = setup({ image_gen: { model: "fal-ai/not-a-model" } }, { FAL_KEY: "k" });
    // The schema's enum refuses "wide" before the handler runs, naming the field.
    expect(String((await call({ prompt: "p", aspect_ratio: "wide" }))["error"])).toContain(
      "aspect_ratio",
    );
    expect(fal.requests).toHaveLength(0);
    await call({ prompt: "p" });
    expect(fal.requests[0]?.path).toBe("/fal-ai/flux-2/klein/9b");
  });

  test("chains the upscaler for FLUX 2 Pro", async () => {
    const { call } = setup({ image_gen: { model: "fal-ai/flux-2-pro" } }, { FAL_KEY: "k" });
    const result = await call({ prompt: "castle", aspect_ratio: "portrait" });
    expect(result["image"]).toMatch(/upscaled\.png$/);
    const posts = fal.requests.filter((r) => r.method === "POST");
    expect(posts.map((r) => r.path)).toEqual(["/fal-ai/flux-2-pro", "/fal-ai/clarity-upscaler"]);
    expect(posts[0]?.json).toMatchObject({ image_size: "portrait_16_9", sync_mode: true });
    expect(posts[1]?.json).toMatchObject({
      image_url: "https://cdn.example/req-0.png",
      upscale_factor: 2,
      prompt: "masterpiece, best quality, highres, castle",
    });
  });

  test("reports FAL's HTTP errors in Hermes' shape", async () => {
    submitFailure = { status: 401, json: { detail: "Invalid API key" } };
    const { call } = setup({}, { FAL_KEY: "bad" });
    const result = await call({ prompt: "p" });
    expect(result).toEqual({
      success: false,
      image: null,
      error: "FAL request failed: HTTP 401: Invalid API key",
      error_type: "HTTPError",
    });
  });

  test("is unavailable without FAL_KEY and says how to enable it", async () => {
    const { registry, handle, call } = setup({}, {});
    expect(registry.getDefinitions(["image_generate"])).toEqual([]);
    expect(handle.unavailableReasons()["image_generate"]).toBe("FAL_KEY is not set");
    const result = await call({ prompt: "p" });
    expect(result["success"]).toBe(false);
    expect(String(result["error"])).toContain("FAL_KEY");
    expect(fal.requests).toHaveLength(0);
  });

  test("a blank prompt is refused before any request", async () => {
    const { call } = setup({}, { FAL_KEY: "k" });
    expect(await call({ prompt: "   " })).toEqual({
      error: "prompt is required for image generation",
    });
    expect(fal.requests).toHaveLength(0);
  });
});

describe("image_generate with OpenAI images", () => {
  const env = (): Record<string, string> => ({
    OPENAI_API_KEY: "sk-test",
    OPENAI_BASE_URL: `${openai.origin}/v1`,
  });

  test("saves the returned image under HERMES_HOME/cache/images", async () => {
    const { call, registry } = setup({ image_gen: { provider: "openai" } }, env());
    expect(registry.getDefinitions(["image_generate"])).toHaveLength(1);
    const result = await call({ prompt: "a red dot", aspect_ratio: "portrait" });
    expect(result).toMatchObject({
      success: true,
      model: "gpt-image-2-medium",
      prompt: "a red dot",
      aspect_ratio: "portrait",
      modality: "text",
      provider: "openai",
      size: "1024x1536",
      quality: "medium",
      revised_prompt: "a red dot, centred",
    });
    const file = String(result["image"]);
    expect(path.dirname(file)).toBe(path.join(home, "cache", "images"));
    expect(path.basename(file)).toMatch(/^openai_gpt-image-2-medium_\d{8}_\d{6}_[0-9a-f]{8}\.png$/);
    expect(await readFile(file)).toEqual(TINY_PNG);
    const request = openai.requests[0];
    expect(request?.headers.authorization).toBe("Bearer sk-test");
    expect(request?.json).toEqual({
      model: "gpt-image-2",
      prompt: "a red dot",
      size: "1024x1536",
      n: 1,
      quality: "medium",
    });
    expect(
      (await readdir(path.join(home, "cache", "images"))).some((f) => f.endsWith(".tmp")),
    ).toBe(false);
  });

  test("image_gen.model picks the quality tier", async () => {
    const { call } = setup({ image_gen: { provider: "openai", model: "gpt-image-2-high" } }, env());
    const result = await call({ prompt: "p" });
    expect(result).toMatchObject({ model: "gpt-image-2-high", quality: "high", size: "1536x1024" });
  });

  test("an API error comes back as an error result", async () => {
    openaiReply = apiError(400, "Your request was rejected by the safety system");
    const { call } = setup({ image_gen: { provider: "openai" } }, env());
    const result = await call({ prompt: "p" });
    expect(result).toMatchObject({
      success: false,
      image: null,
      error_type: "api_error",
      provider: "openai",
    });
    expect(String(result["error"])).toContain("safety system");
  });

  test("needs OPENAI_API_KEY, and an unknown provider is named", async () => {
    const missing = setup({ image_gen: { provider: "openai" } }, { FAL_KEY: "k" });
    expect(missing.registry.getDefinitions(["image_generate"])).toEqual([]);
    expect(missing.handle.unavailableReasons()["image_generate"]).toBe("OPENAI_API_KEY is not set");
    expect(missing.registry.getEntry("image_generate")?.unavailableReason?.()).toBe(
      "OPENAI_API_KEY is not set",
    );
    const listing = missing.registry.checkToolAvailability({});
    expect(listing.unavailable.find((t) => t.name === "image_gen")?.envVars).toEqual([]);
    const unknown = setup({ image_gen: { provider: "dalle9" } }, { FAL_KEY: "k" });
    expect(await unknown.call({ prompt: "p" })).toMatchObject({
      success: false,
      error_type: "provider_not_registered",
    });
  });
});
