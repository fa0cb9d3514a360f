import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ToolRegistry } from "@hermes-agent/registry";
import { silentLogger } from "@hermes-agent/core";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { registerModelTools, type ModelConfigInput, type ModelToolsDeps } from "../src/index.js";
import {
  apiError,
  chatCompletion,
  startScriptedServer,
  TINY_PNG,
  type RecordedRequest,
  type ScriptedResponse,
  type ScriptedServer,
} from "./helpers/scripted-http-server.js";

interface ChatBody {
  model: string;
  temperature?: number;
  messages: {
    role: string;
    content: { type: string; text?: string; image_url?: { url: string } }[];
  }[];
}

/** A reply that never comes: the server waits until the client hangs up. */
const HANG: ScriptedResponse = { status: 599 };

let dir: string;
let pngFile: string;
let vision: ScriptedServer;
let replies: ScriptedResponse[];
let images: ScriptedServer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "model-tools-vision-"));
  pngFile = path.join(dir, "dot.png");
  await writeFile(pngFile, TINY_PNG);
  await writeFile(path.join(dir, "notes.txt"), "just text, not an image");
  vision = await startScriptedServer(async (request) => {
    if (request.path !== "/v1/chat/completions") return { status: 404, json: {} };
    const reply = replies.shift() ?? chatCompletion("no more replies");
    if (reply === HANG) {
      await request.closed;
      return { status: 499, json: {} };
    }
    return reply;
  });
  images = await startScriptedServer((request) => {
    if (request.path === "/dot.png")
      return { body: TINY_PNG, headers: { "content-type": "image/png" } };
    if (request.path === "/to-metadata") {
      return { status: 302, headers: { location: "http://169.254.169.254/latest/meta-data/" } };
    }
    return { status: 404, body: "missing" };
  });
});

afterAll(async () => {
  await vision.close();
  await images.close();
  await rm(dir, { recursive: true, force: true });
});

beforeEach(() => {
  vision.requests.length = 0;
  images.requests.length = 0;
  replies = [];
});

function setup(config: ModelConfigInput, extra: Partial<ModelToolsDeps> = {}) {
  const registry = new ToolRegistry();
  const handle = registerModelTools(registry, { config, env: {}, logger: silentLogger, ...extra });
  const call = async (args: Record<string, unknown>) =>
    JSON.parse(String(await registry.dispatch("vision_analyze", args))) as Record<string, unknown>;
  return { registry, handle, call };
}

const configured = (): ModelConfigInput => ({
  auxiliary: {
    vision: { base_url: `${vision.origin}/v1`, api_key: "vision-key", model: "vision-model-1" },
  },
});

function chatBody(request: RecordedRequest | undefined): ChatBody {
  return request?.json as ChatBody;
}

describe("vision_analyze", () => {
  test("sends a local image as a data URL with the question and returns the analysis", async () => {
    replies = [chatCompletion("A single dark pixel.")];
    const { call } = setup(configured());
    const result = await call({ image_url: pngFile, question: "What colour is it?" });
    expect(result).toEqual({ success: true, analysis: "A single dark pixel." });
    expect(vision.requests).toHaveLength(1);
    const request = vision.requests[0];
    expect(request?.headers.authorization).toBe("Bearer vision-key");
    const body = chatBody(request);
    expect(body.model).toBe("vision-model-1");
    expect(body.temperature).toBe(0.1);
    const [textPart, imagePart] = body.messages[0]?.content ?? [];
    expect(textPart?.type).toBe("text");
    expect(textPart?.text).toContain("What colour is it?");
    expect(imagePart?.type).toBe("image_url");
    expect(imagePart?.image_url?.url).toBe(`data:image/png;base64,${TINY_PNG.toString("base64")}`);
  });

  test("downloads an image URL when private URLs are allowed", async () => {
    replies = [chatCompletion("A dot.")];
    const { call } = setup({ ...configured(), security: { allow_private_urls: true } });
    const result = await call({ image_url: `${images.origin}/dot.png`, question: "what?" });
    expect(result["success"]).toBe(true);
    expect(images.requests.map((r) => r.path)).toEqual(["/dot.png"]);
    const imagePart = chatBody(vision.requests[0]).messages[0]?.content[1];
    expect(imagePart?.image_url?.url.startsWith("data:image/png;base64,")).toBe(true);
  });

  test("refuses a private image URL by default without calling the model", async () => {
    const { call } = setup(configured());
    const result = await call({ image_url: `${images.origin}/dot.png`, question: "what?" });
    expect(result["success"]).toBe(false);
    expect(String(result["error"])).toContain(
      "Blocked: URL targets a private or internal network address",
    );
    expect(images.requests).toHaveLength(0);
    expect(vision.requests).toHaveLength(0);
  });

  test("refuses a redirect to cloud metadata even when private URLs are allowed", async () => {
    const { call } = setup({ ...configured(), web: { allow_private_urls: true } });
    const result = await call({ image_url: `${images.origin}/to-metadata`, question: "what?" });
    expect(result["success"]).toBe(false);
    expect(String(result["error"])).toContain("private or internal network address");
    expect(vision.requests).toHaveLength(0);
  });

  test("explains a missing file, a non-image and a failed download", async () => {
    const { call } = setup({ ...configured(), security: { allow_private_urls: true } });
    const missing = await call({ image_url: path.join(dir, "nope.png"), question: "q" });
    expect(String(missing["error"])).toContain("Image not found");
    const notImage = await call({ image_url: path.join(dir, "notes.txt"), question: "q" });
    expect(String(notImage["error"])).toContain("is not an image");
    expect(String(notImage["analysis"])).toContain("could not be analyzed");
    const gone = await call({ image_url: `${images.origin}/gone.png`, question: "q" });
    expect(String(gone["error"])).toContain("HTTP 404");
    expect(vision.requests).toHaveLength(0);
  });

  test("turns a billing error into Hermes' explanation", async () => {
    replies = [apiError(402, "Payment required: insufficient credits")];
    const { call } = setup(configured());
    const result = await call({ image_url: pngFile, question: "q" });
    expect(result["success"]).toBe(false);
    expect(String(result["error"])).toMatch(/^Error analyzing image: 402/);
    expect(String(result["analysis"])).toContain("Insufficient credits");
  });

  test("asks once more when the model answers with nothing", async () => {
    replies = [chatCompletion(""), chatCompletion("Second try.")];
    const { call } = setup(configured());
    expect(await call({ image_url: pngFile, question: "q" })).toEqual({
      success: true,
      analysis: "Second try.",
    });
    expect(vision.requests).toHaveLength(2);
  });

  test("uses the main model's endpoint when auxiliary.vision names none", async () => {
    replies = [chatCompletion("From the main model.")];
    const { call, registry } = setup(
      {},
      {
        mainModel: () => ({ baseURL: `${vision.origin}/v1`, apiKey: "main-key", model: "main-m" }),
      },
    );
    expect(registry.getDefinitions(["vision_analyze"])).toHaveLength(1);
    const result = await call({
      image_url: `data:image/png;base64,${TINY_PNG.toString("base64")}`,
      question: "q",
    });
    expect(result["analysis"]).toBe("From the main model.");
    expect(chatBody(vision.requests[0]).model).toBe("main-m");
    expect(vision.requests[0]?.headers.authorization).toBe("Bearer main-key");
  });

  test("environment overrides pick the endpoint and model", async () => {
    replies = [chatCompletion("env")];
    const { call } = setup(
      {},
      {
        env: {
          AUXILIARY_VISION_BASE_URL: `${vision.origin}/v1`,
          AUXILIARY_VISION_API_KEY: "env-key",
          AUXILIARY_VISION_MODEL: "env-model",
        },
      },
    );
    expect((await call({ image_url: pngFile, question: "q" }))["analysis"]).toBe("env");
    expect(chatBody(vision.requests[0]).model).toBe("env-model");
  });

  test("downscales an image over the 20 MB cap and tells the model how it was scaled", async () => {
    const { default: sharp } = await import("sharp");
    // Noise does not compress: a 2600x2200 PNG of it is ~17 MB, ~23 MB as base64.
    const noise = randomBytes(2600 * 2200 * 3);
    const big = path.join(dir, "noise.png");
    await sharp(noise, { raw: { width: 2600, height: 2200, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toFile(big);
    replies = [chatCompletion("Static.")];
    const { call } = setup(configured());
    const result = await call({ image_url: big, question: "q" });
    expect(result["success"]).toBe(true);
    const note = String(result["scale_note"]);
    const match =
      /^Image downscaled from 2600x2200 to (\d+)x(\d+) for vision; multiply any coordinates you report by (\d+\.\d\d) to map back to the original image\.$/.exec(
        note,
      );
    expect(match).not.toBeNull();
    expect(result["analysis"]).toBe(`[${note}] Static.`);
    const sent = String(chatBody(vision.requests[0]).messages[0]?.content[1]?.image_url?.url);
    expect(sent.startsWith("data:image/png;base64,")).toBe(true);
    expect(sent.length).toBeLessThanOrEqual(5 * 1024 * 1024);
    const meta = await sharp(Buffer.from(sent.split(",")[1] ?? "", "base64")).metadata();
    expect([meta.width, meta.height]).toEqual([Number(match?.[1]), Number(match?.[2])]);
    expect(Number(match?.[3])).toBeCloseTo(2600 / meta.width, 2);
  }, 60_000);

  test("region crops the original image at full resolution and says where the crop starts", async () => {
    const { default: sharp } = await import("sharp");
    const wide = path.join(dir, "wide.png");
    await sharp({ create: { width: 400, height: 300, channels: 3, background: "#204080" } })
      .png()
      .toFile(wide);
    replies = [chatCompletion("A blue square.")];
    const { call } = setup(configured());
    const result = await call({ image_url: wide, question: "q", region: [100, 50, 180, 130] });
    const note =
      "Analysis was performed on a cropped region of the original image starting at offset (100, 50); coordinates are relative to that crop origin — add the offset to map back to the full image.";
    expect(result).toEqual({
      success: true,
      analysis: `[${note}] A blue square.`,
      scale_note: note,
    });
    const sent = String(chatBody(vision.requests[0]).messages[0]?.content[1]?.image_url?.url);
    const meta = await sharp(Buffer.from(sent.split(",")[1] ?? "", "base64")).metadata();
    expect([meta.width, meta.height]).toEqual([80, 80]);

    const outside = await call({ image_url: wide, question: "q", region: [500, 500, 600, 600] });
    expect(String(outside["error"])).toContain("selects nothing inside the 400x300 image");
    const short = await call({ image_url: wide, question: "q", region: [1, 2, 3] });
    expect(String(short["error"])).toContain("region");
    expect(vision.requests).toHaveLength(1);
  });

  test("aborting a call hangs up on the vision model", async () => {
    replies = [HANG];
    const { registry } = setup(configured());
    const controller = new AbortController();
    const pending = registry.dispatch(
      "vision_analyze",
      { image_url: pngFile, question: "q" },
      { signal: controller.signal },
    );
    await vi.waitFor(() => {
      expect(vision.requests).toHaveLength(1);
    });
    controller.abort();
    expect(String(await pending)).toMatch(/interrupt|abort|cancel/i);
    await vision.requests[0]?.closed;
  });

  test("is unavailable, with the reason, when no vision model is configured", () => {
    const { registry, handle } = setup({});
    expect(registry.getDefinitions(["vision_analyze"])).toEqual([]);
    expect(handle.unavailableReasons()["vision_analyze"]).toMatch(/auxiliary\.vision/);
  });
});
