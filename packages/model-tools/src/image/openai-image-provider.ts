import { createUrlPolicy } from "@hermes-agent/core";
import { openaiClient } from "../chat-client.js";
import { messageOf } from "../model-tools-error.js";
import { sectionOf, text, type ModelSettings } from "../model-settings.js";
import { loadImage } from "../vision/image-source.js";
import type { AspectRatio } from "./fal-models.js";
import { DEFAULT_IMAGE_TIMEOUT_MS } from "./fal-image-provider.js";
import { saveImage } from "./image-cache.js";
import type { ImageProvider, ImageRequest } from "./image-provider.js";

/** The model sent to OpenAI's images API; the tiers only change `quality`. */
const API_MODEL = "gpt-image-2";

/** OpenAI image tiers `image_gen.model` / `image_gen.openai.model` may name, and their quality. */
export const OPENAI_IMAGE_TIERS: Readonly<Record<string, "low" | "medium" | "high">> =
  Object.freeze({
    "gpt-image-2-low": "low",
    "gpt-image-2-medium": "medium",
    "gpt-image-2-high": "high",
  });

/** The tier used unless one is chosen. */
export const DEFAULT_OPENAI_IMAGE_TIER = "gpt-image-2-medium";

const SIZES: Readonly<Record<AspectRatio, "1536x1024" | "1024x1024" | "1024x1536">> = {
  landscape: "1536x1024",
  square: "1024x1024",
  portrait: "1024x1536",
};

const EXTENSIONS: Readonly<Record<string, string>> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
};

/** image_generate over OpenAI's images API (`image_gen.provider: openai`). */
export class OpenAIImageProvider implements ImageProvider {
  readonly version = 1;
  readonly name = "openai";
  readonly #settings: ModelSettings;

  constructor(settings: ModelSettings) {
    this.#settings = settings;
  }

  unavailableReason(): string | undefined {
    return this.#settings.env("OPENAI_API_KEY") === undefined
      ? "OPENAI_API_KEY is not set"
      : undefined;
  }

  /** `OPENAI_IMAGE_MODEL`, then `image_gen.openai.model`, then `image_gen.model`, when a tier. */
  tier(): string {
    const section = this.#settings.imageGen();
    const candidates = [
      this.#settings.env("OPENAI_IMAGE_MODEL"),
      text(sectionOf(section.openai)["model"]),
      text(section.model),
    ];
    return (
      candidates.find((c) => c !== undefined && c in OPENAI_IMAGE_TIERS) ??
      DEFAULT_OPENAI_IMAGE_TIER
    );
  }

  async generate(request: ImageRequest): Promise<string> {
    const tier = this.tier();
    const quality = OPENAI_IMAGE_TIERS[tier] ?? "medium";
    const size = SIZES[request.aspect];
    const common = { model: tier, prompt: request.prompt, aspect_ratio: request.aspect };
    const failure = (error: string, errorType: string): string => {
      this.#settings.logger.warn(`image_generate (openai) failed: ${error}`);
      return JSON.stringify({
        success: false,
        image: null,
        error,
        error_type: errorType,
        ...common,
        provider: "openai",
      });
    };
    const apiKey = this.#settings.env("OPENAI_API_KEY");
    if (apiKey === undefined) {
      return failure(
        "OPENAI_API_KEY not set. Set it in the environment or ~/.hermes/.env to use OpenAI image generation.",
        "auth_required",
      );
    }
    let first:
      | {
          b64_json?: string | undefined;
          url?: string | undefined;
          revised_prompt?: string | undefined;
        }
      | undefined;
    try {
      const client = await openaiClient(
        { baseURL: this.#settings.env("OPENAI_BASE_URL"), apiKey },
        this.#settings.deps.imageTimeoutMs ?? DEFAULT_IMAGE_TIMEOUT_MS,
      );
      const response = await client.images.generate(
        { model: API_MODEL, prompt: request.prompt, size, n: 1, quality },
        request.signal === undefined ? {} : { signal: request.signal },
      );
      first = response.data?.[0];
    } catch (error) {
      return failure(`OpenAI image generation failed: ${messageOf(error)}`, "api_error");
    }
    if (first === undefined) return failure("OpenAI returned no image data", "empty_response");
    let image: string;
    if (typeof first.b64_json === "string" && first.b64_json !== "") {
      try {
        image = await saveImage(
          this.#settings.hermesHome(),
          Buffer.from(first.b64_json, "base64"),
          `openai_${tier}`,
        );
      } catch (error) {
        return failure(`Could not save image to cache: ${messageOf(error)}`, "io_error");
      }
    } else if (typeof first.url === "string" && first.url !== "") {
      image = await this.#cached(first.url, tier, request.signal);
    } else {
      return failure("OpenAI response contained neither b64_json nor URL", "empty_response");
    }
    return JSON.stringify({
      success: true,
      image,
      ...common,
      modality: "text",
      provider: "openai",
      size,
      quality,
      ...(first.revised_prompt ? { revised_prompt: first.revised_prompt } : {}),
    });
  }

  /** A returned URL saved locally (such URLs expire); the bare URL when that fails. */
  async #cached(url: string, tier: string, signal: AbortSignal | undefined): Promise<string> {
    try {
      const loaded = await loadImage(url, {
        policy: createUrlPolicy(this.#settings.allowPrivateUrls()),
        resolveHost: this.#settings.deps.resolveHost,
        timeoutMs: 60_000,
        signal,
      });
      return await saveImage(
        this.#settings.hermesHome(),
        loaded.data,
        `openai_${tier}`,
        EXTENSIONS[loaded.mime] ?? "png",
      );
    } catch (error) {
      this.#settings.logger.warn(
        `Could not cache the OpenAI image URL (${messageOf(error)}); returning the URL`,
      );
      return url;
    }
  }
}
