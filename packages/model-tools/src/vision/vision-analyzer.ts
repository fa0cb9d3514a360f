import { createUrlPolicy } from "@hermes-agent/core";
import { completeChat } from "../chat-client.js";
import { messageOf, ModelToolsError, ModelToolsErrorCode } from "../model-tools-error.js";
import { numberOf, text, type ChatEndpoint, type ModelSettings } from "../model-settings.js";
import { resolveEndpoint } from "../provider-endpoints.js";
import { cropRegion, downscaleToFit, scaleNote, type FittedImage } from "./image-transforms.js";
import { loadImage, toDataUrl } from "./image-source.js";

/** Largest data URL sent to a vision model (20 MB: no provider takes more). */
export const MAX_VISION_DATA_URL_CHARS: number = 20 * 1024 * 1024;
/** Size a too-large image is downscaled to (5 MB of base64, as Hermes does). */
const DOWNSCALE_TARGET_CHARS = 5 * 1024 * 1024;
/** Seconds for the vision model call when `auxiliary.vision.timeout` is unset. */
export const DEFAULT_VISION_TIMEOUT_S = 120;
/** Temperature of the vision model when `auxiliary.vision.temperature` is unset. */
export const DEFAULT_VISION_TEMPERATURE = 0.1;
/** Seconds for downloading an image URL (`HERMES_VISION_DOWNLOAD_TIMEOUT`, `auxiliary.vision.download_timeout`). */
export const DEFAULT_VISION_DOWNLOAD_TIMEOUT_S = 30;

/** The vision model in force for one call. */
interface VisionTarget {
  readonly endpoint: ChatEndpoint;
  readonly model: string;
  readonly timeoutMs: number;
  readonly temperature: number;
}

// First matching rule wins: billing, then capability, then a rejected image.
const ERROR_RULES: readonly (readonly [readonly string[], (e: string, model: string) => string])[] =
  [
    [
      ["402", "insufficient", "payment required", "credits", "billing"],
      (e) =>
        `Insufficient credits or payment required: top up the API provider account and try again. Error: ${e}`,
    ],
    [
      [
        "does not support",
        "not support image",
        "content_policy",
        "multimodal",
        "unrecognized request argument",
        "image input",
      ],
      (e, model) =>
        `${model} does not support vision, or the server did not accept the request. Error: ${e}`,
    ],
    [
      ["invalid_request", "image_url"],
      (e) =>
        `The vision API rejected the image (an unsupported format, corrupted, or too large). Try a smaller PNG or JPEG. Error: ${e}`,
    ],
  ];

function explain(error: string, model: string): string {
  const lower = error.toLowerCase();
  const rule = ERROR_RULES.find(([hints]) => hints.some((hint) => lower.includes(hint)));
  return rule === undefined
    ? `There was a problem with the request and the image could not be analyzed. Error: ${error}`
    : rule[1](error, model);
}

function positive(value: unknown): number | undefined {
  const n = numberOf(value);
  return n !== undefined && n > 0 ? n : undefined;
}

/** vision_analyze: an image and a question sent to the auxiliary vision model. */
export class VisionAnalyzer {
  readonly #settings: ModelSettings;

  constructor(settings: ModelSettings) {
    this.#settings = settings;
  }

  /** The vision model for this call, or why there is none. */
  target(): VisionTarget | { readonly reason: string } {
    const s = this.#settings;
    const section = s.vision();
    const resolution = resolveEndpoint(s, {
      provider: s.env("AUXILIARY_VISION_PROVIDER") ?? text(section.provider) ?? "auto",
      baseURL: s.env("AUXILIARY_VISION_BASE_URL") ?? text(section.base_url),
      apiKey: s.env("AUXILIARY_VISION_API_KEY") ?? text(section.api_key),
    });
    if (resolution.endpoint === undefined) {
      return {
        reason: `no vision model endpoint (${resolution.reason}); configure auxiliary.vision`,
      };
    }
    const model =
      text(section.model) ?? s.env("AUXILIARY_VISION_MODEL") ?? resolution.endpoint.model;
    if (model === undefined) {
      return { reason: "no vision model: set auxiliary.vision.model (or AUXILIARY_VISION_MODEL)" };
    }
    return {
      endpoint: resolution.endpoint,
      model,
      timeoutMs: (positive(section.timeout) ?? DEFAULT_VISION_TIMEOUT_S) * 1000,
      temperature: numberOf(section.temperature) ?? DEFAULT_VISION_TEMPERATURE,
    };
  }

  /** Why vision_analyze cannot run now, or undefined when it can. */
  unavailableReason(): string | undefined {
    const target = this.target();
    return "reason" in target ? target.reason : undefined;
  }

  #downloadTimeoutMs(): number {
    const seconds =
      positive(this.#settings.env("HERMES_VISION_DOWNLOAD_TIMEOUT")) ??
      positive(this.#settings.vision().download_timeout) ??
      DEFAULT_VISION_DOWNLOAD_TIMEOUT_S;
    return seconds * 1000;
  }

  /**
   * Describe `image` (URL, data: URL or local path) and answer `question`. Resolves to
   * Hermes' JSON: `{"success": true, "analysis"}`, or `{"success": false, "error", "analysis"}`
   * where `analysis` explains the failure. Never rejects.
   */
  async analyze(
    image: string,
    question: string,
    signal?: AbortSignal,
    region?: readonly number[],
  ): Promise<string> {
    const target = this.target();
    const model = "reason" in target ? "the vision model" : target.model;
    try {
      if ("reason" in target) {
        throw new ModelToolsError(ModelToolsErrorCode.NotConfigured, target.reason);
      }
      const { analysis, note } = await this.#describe(target, image, question, signal, region);
      const text =
        analysis === ""
          ? "There was a problem with the request and the image could not be analyzed."
          : analysis;
      const result =
        note === undefined
          ? { success: true, analysis: text }
          : { success: true, analysis: `[${note}] ${text}`, scale_note: note };
      return JSON.stringify(result, null, 2);
    } catch (error) {
      const message = signal?.aborted === true ? "Interrupted" : messageOf(error);
      this.#settings.logger.warn(`vision_analyze failed: ${message}`);
      return JSON.stringify(
        {
          success: false,
          error: `Error analyzing image: ${message}`,
          analysis: explain(message, model),
        },
        null,
        2,
      );
    }
  }

  async #describe(
    target: VisionTarget,
    image: string,
    question: string,
    signal: AbortSignal | undefined,
    region: readonly number[] | undefined,
  ): Promise<{ analysis: string; note: string | undefined }> {
    const source = await loadImage(image, {
      policy: createUrlPolicy(this.#settings.allowPrivateUrls()),
      resolveHost: this.#settings.deps.resolveHost,
      timeoutMs: this.#downloadTimeoutMs(),
      signal,
    });
    const crop = region === undefined ? undefined : await cropRegion(source, region);
    const loaded = crop?.image ?? source;
    let dataUrl = toDataUrl(loaded);
    let scale: FittedImage["scale"];
    if (dataUrl.length > MAX_VISION_DATA_URL_CHARS) {
      const fitted = await downscaleToFit(loaded, DOWNSCALE_TARGET_CHARS);
      if (fitted === undefined || fitted.dataUrl.length > MAX_VISION_DATA_URL_CHARS) {
        const size = ((fitted?.dataUrl ?? dataUrl).length / 1024 / 1024).toFixed(1);
        throw new ModelToolsError(
          ModelToolsErrorCode.ImageTooLarge,
          fitted === undefined
            ? `Image too large for the vision API: the base64 payload is ${size} MB (limit 20 MB). Install the optional "sharp" package to downscale images automatically, or compress the image and try again.`
            : `Image too large for the vision API: the base64 payload is ${size} MB (limit 20 MB) even after downscaling. Compress the image and try again.`,
        );
      }
      dataUrl = fitted.dataUrl;
      scale = fitted.scale;
    }
    const note = scaleNote(scale, crop);
    const prompt = `Describe everything in this image in full detail, then answer this question:\n\n${question}`;
    const request = {
      endpoint: target.endpoint,
      model: target.model,
      messages: [
        {
          role: "user" as const,
          content: [
            { type: "text" as const, text: prompt },
            { type: "image_url" as const, image_url: { url: dataUrl } },
          ],
        },
      ],
      temperature: target.temperature,
      timeoutMs: target.timeoutMs,
      signal,
    };
    const first = await completeChat(request);
    // A reasoning model sometimes answers with nothing but reasoning: ask once more.
    return { analysis: first !== "" ? first : await completeChat(request), note };
  }
}
