import { HermesError } from "@hermes-agent/core";
import { expect, test } from "vitest";
import * as api from "../src/index.js";

test("the public API is exactly what index.ts lists", () => {
  expect(Object.keys(api).sort()).toEqual([
    "AGGREGATOR_TEMPERATURE",
    "DEFAULT_AGGREGATOR_MODEL",
    "DEFAULT_ASPECT_RATIO",
    "DEFAULT_FAL_MODEL",
    "DEFAULT_FAL_QUEUE_URL",
    "DEFAULT_IMAGE_TIMEOUT_MS",
    "DEFAULT_MOA_RETRY",
    "DEFAULT_MOA_TIMEOUT_S",
    "DEFAULT_OPENAI_IMAGE_TIER",
    "DEFAULT_REFERENCE_MODELS",
    "DEFAULT_VISION_DOWNLOAD_TIMEOUT_S",
    "DEFAULT_VISION_TEMPERATURE",
    "DEFAULT_VISION_TIMEOUT_S",
    "FAL_MODELS",
    "IMAGE_GEN_TOOLSET",
    "MAX_IMAGE_BYTES",
    "MAX_VISION_DATA_URL_CHARS",
    "MIN_SUCCESSFUL_REFERENCES",
    "MOA_TOOLSET",
    "ModelToolsError",
    "ModelToolsErrorCode",
    "OPENAI_IMAGE_TIERS",
    "PROVIDERS",
    "REFERENCE_TEMPERATURE",
    "VALID_ASPECT_RATIOS",
    "VERSION",
    "VISION_TOOLSET",
    "registerModelTools",
  ]);
});

test("ModelToolsError is a branded HermesError with package-prefixed codes", () => {
  const error = new api.ModelToolsError(api.ModelToolsErrorCode.InvalidImage, "bad image");
  expect(error).toBeInstanceOf(HermesError);
  expect(HermesError.isInstance(error)).toBe(true);
  expect(api.ModelToolsError.isInstance(error)).toBe(true);
  expect(Object.values(api.ModelToolsErrorCode).every((c) => c.startsWith("MODEL_TOOLS_"))).toBe(
    true,
  );
});

test("Hermes' defaults", () => {
  expect(api.DEFAULT_FAL_MODEL).toBe("fal-ai/flux-2/klein/9b");
  expect(api.DEFAULT_ASPECT_RATIO).toBe("landscape");
  expect(api.DEFAULT_REFERENCE_MODELS.map((r) => r.label)).toEqual([
    "minimax/MiniMax-M2.7",
    "deepseek/deepseek-reasoner",
  ]);
  expect(api.DEFAULT_AGGREGATOR_MODEL.label).toBe("xiaomi/mimo-v2-pro");
  expect([api.REFERENCE_TEMPERATURE, api.AGGREGATOR_TEMPERATURE]).toEqual([0.6, 0.4]);
});
