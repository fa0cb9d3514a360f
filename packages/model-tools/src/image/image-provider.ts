import type { AspectRatio } from "./fal-models.js";

/** The aspect ratios image_generate accepts. */
export const VALID_ASPECT_RATIOS: readonly AspectRatio[] = ["landscape", "square", "portrait"];
/** The aspect ratio used when none (or an unknown one) is given. */
export const DEFAULT_ASPECT_RATIO: AspectRatio = "landscape";

/** An aspect ratio clamped to the valid ones (unknown values become landscape, as in Hermes). */
export function resolveAspectRatio(value: unknown): AspectRatio {
  const v = typeof value === "string" ? value.trim().toLowerCase() : "";
  return (VALID_ASPECT_RATIOS as readonly string[]).includes(v)
    ? (v as AspectRatio)
    : DEFAULT_ASPECT_RATIO;
}

/** One image_generate call as a provider sees it. */
export interface ImageRequest {
  readonly prompt: string;
  readonly aspect: AspectRatio;
  readonly signal?: AbortSignal | undefined;
}

/** An image generation backend behind image_generate. */
export interface ImageProvider {
  readonly version: 1;
  /** The `image_gen.provider` name. */
  readonly name: string;
  /** Why this provider cannot run now (its key is missing), or undefined when it can. */
  unavailableReason(): string | undefined;
  /** Generate one image; resolves to the tool's JSON result text, never rejects. */
  generate(request: ImageRequest): Promise<string>;
}
