import { messageOf, ModelToolsError, ModelToolsErrorCode } from "../model-tools-error.js";
import { text, type ModelSettings } from "../model-settings.js";
import { DEFAULT_FAL_MODEL, FAL_MODELS, FAL_UPSCALER, falPayload } from "./fal-models.js";
import { DEFAULT_FAL_QUEUE_URL, runFalRequest } from "./fal-queue-client.js";
import type { ImageProvider, ImageRequest } from "./image-provider.js";

/** Milliseconds between FAL status polls unless `falPollIntervalMs` says otherwise. */
const DEFAULT_POLL_INTERVAL_MS = 1000;
/** Milliseconds an image generation may take in all unless `imageTimeoutMs` says otherwise. */
export const DEFAULT_IMAGE_TIMEOUT_MS = 300_000;

const NO_KEY_MESSAGE = [
  "Image generation is unavailable in this environment.",
  "",
  "Missing requirements:",
  "  - FAL_KEY environment variable is not set",
  "",
  "To enable image generation, do one of:",
  "  1. Get an API key at https://fal.ai and set FAL_KEY=<your-key> (then restart the session)",
  "  2. Use OpenAI images instead: set image_gen.provider: openai in config.yaml and OPENAI_API_KEY",
].join("\n");

/** The Python exception name Hermes reports as `error_type` for each failure. */
function errorType(error: unknown): string {
  if (!ModelToolsError.isInstance(error)) return "Error";
  switch (error.code) {
    case ModelToolsErrorCode.Provider:
      return "HTTPError";
    case ModelToolsErrorCode.Timeout:
      return "TimeoutError";
    case ModelToolsErrorCode.Aborted:
      return "Interrupted";
    default:
      return "ValueError";
  }
}

interface FalImage {
  readonly url?: unknown;
}

/** image_generate over FAL's queue API (Hermes' default provider). */
export class FalImageProvider implements ImageProvider {
  readonly version = 1;
  readonly name = "fal";
  readonly #settings: ModelSettings;

  constructor(settings: ModelSettings) {
    this.#settings = settings;
  }

  unavailableReason(): string | undefined {
    return this.#settings.env("FAL_KEY") === undefined ? "FAL_KEY is not set" : undefined;
  }

  /** The FAL model in force: `image_gen.model`, then `FAL_IMAGE_MODEL`, then the default. */
  modelId(): string {
    const wanted = text(this.#settings.imageGen().model) ?? this.#settings.env("FAL_IMAGE_MODEL");
    if (wanted === undefined) return DEFAULT_FAL_MODEL;
    if (wanted in FAL_MODELS) return wanted;
    this.#settings.logger.warn(`Unknown FAL model '${wanted}'; using ${DEFAULT_FAL_MODEL}`);
    return DEFAULT_FAL_MODEL;
  }

  async generate(request: ImageRequest): Promise<string> {
    try {
      const key = this.#settings.env("FAL_KEY");
      if (key === undefined) {
        throw new ModelToolsError(ModelToolsErrorCode.NotConfigured, NO_KEY_MESSAGE);
      }
      const deps = this.#settings.deps;
      const run = (model: string, args: Record<string, unknown>) =>
        runFalRequest(model, args, {
          key,
          queueUrl: deps.falQueueUrl ?? DEFAULT_FAL_QUEUE_URL,
          pollIntervalMs: deps.falPollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS,
          timeoutMs: deps.imageTimeoutMs ?? DEFAULT_IMAGE_TIMEOUT_MS,
          signal: request.signal,
        });
      const modelId = this.modelId();
      const result = (await run(modelId, falPayload(modelId, request.prompt, request.aspect))) as
        { images?: unknown } | undefined;
      if (result?.images === undefined) {
        throw new ModelToolsError(
          ModelToolsErrorCode.EmptyResponse,
          "Invalid response from FAL.ai API — no images returned",
        );
      }
      const images = Array.isArray(result.images) ? (result.images as FalImage[]) : [];
      if (images.length === 0) {
        throw new ModelToolsError(ModelToolsErrorCode.EmptyResponse, "No images were generated");
      }
      const first = images.find((img) => typeof img.url === "string")?.url as string | undefined;
      if (first === undefined) {
        throw new ModelToolsError(
          ModelToolsErrorCode.EmptyResponse,
          "No valid image URLs returned from API",
        );
      }
      const upscale = FAL_MODELS[modelId]?.upscale === true;
      const image = upscale ? await this.#upscaled(first, request.prompt, run) : first;
      return JSON.stringify({ success: true, image, modality: "text" }, null, 2);
    } catch (error) {
      const message = request.signal?.aborted === true ? "Interrupted" : messageOf(error);
      this.#settings.logger.warn(`image_generate (fal) failed: ${message}`);
      return JSON.stringify(
        { success: false, image: null, error: message, error_type: errorType(error) },
        null,
        2,
      );
    }
  }

  /** The upscaled image's URL, or the original when the upscaler fails (as Hermes does). */
  async #upscaled(
    url: string,
    prompt: string,
    run: (model: string, args: Record<string, unknown>) => Promise<unknown>,
  ): Promise<string> {
    try {
      const result = (await run(FAL_UPSCALER.model, {
        image_url: url,
        prompt: `${FAL_UPSCALER.promptPrefix}, ${prompt.trim()}`,
        upscale_factor: FAL_UPSCALER.factor,
        negative_prompt: FAL_UPSCALER.negativePrompt,
        creativity: FAL_UPSCALER.creativity,
        resemblance: FAL_UPSCALER.resemblance,
        guidance_scale: FAL_UPSCALER.guidanceScale,
        num_inference_steps: FAL_UPSCALER.steps,
        enable_safety_checker: false,
      })) as { image?: { url?: unknown } } | undefined;
      const upscaled = result?.image?.url;
      if (typeof upscaled === "string") return upscaled;
      this.#settings.logger.warn("FAL upscaler returned no image; keeping the original");
    } catch (error) {
      this.#settings.logger.warn(`FAL upscaler failed (${messageOf(error)}); keeping the original`);
    }
    return url;
  }
}
