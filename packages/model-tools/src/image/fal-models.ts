// FAL text-to-image models that `image_gen.model` may name, with how each takes its size, the
// defaults Hermes sends, and the keys it accepts (anything else is dropped before submission).

/** How a model takes the image size: a preset name, an aspect ratio, or literal dimensions. */
type SizeStyle = "image_size_preset" | "aspect_ratio" | "gpt_literal";

/** One FAL model. */
export interface FalModel {
  readonly sizeStyle: SizeStyle;
  readonly sizes: Readonly<Record<AspectRatio, string>>;
  readonly defaults: Readonly<Record<string, unknown>>;
  readonly supports: ReadonlySet<string>;
  /** Chain FAL's Clarity upscaler after generation. */
  readonly upscale: boolean;
}

/** Aspect ratios the model may ask for (Hermes' names). */
export type AspectRatio = "landscape" | "square" | "portrait";

const PRESET_16_9 = {
  landscape: "landscape_16_9",
  square: "square_hd",
  portrait: "portrait_16_9",
} as const;
const RATIO_16_9 = { landscape: "16:9", square: "1:1", portrait: "9:16" } as const;

const model = (
  sizeStyle: SizeStyle,
  sizes: Readonly<Record<AspectRatio, string>>,
  defaults: Record<string, unknown>,
  supports: readonly string[],
  upscale = false,
): FalModel => ({ sizeStyle, sizes, defaults, supports: new Set(supports), upscale });

/** The FAL catalog, keyed by FAL model id. */
export const FAL_MODELS: Readonly<Record<string, FalModel>> = Object.freeze({
  "fal-ai/flux-2/klein/9b": model(
    "image_size_preset",
    PRESET_16_9,
    { num_inference_steps: 4, output_format: "png", enable_safety_checker: false },
    [
      "prompt",
      "image_size",
      "num_inference_steps",
      "seed",
      "output_format",
      "enable_safety_checker",
    ],
  ),
  "fal-ai/flux-2-pro": model(
    "image_size_preset",
    PRESET_16_9,
    {
      num_inference_steps: 50,
      guidance_scale: 4.5,
      num_images: 1,
      output_format: "png",
      enable_safety_checker: false,
      safety_tolerance: "5",
      sync_mode: true,
    },
    [
      "prompt",
      "image_size",
      "num_inference_steps",
      "guidance_scale",
      "num_images",
      "output_format",
      "enable_safety_checker",
      "safety_tolerance",
      "sync_mode",
      "seed",
    ],
    true,
  ),
  "fal-ai/z-image/turbo": model(
    "image_size_preset",
    PRESET_16_9,
    {
      num_inference_steps: 8,
      num_images: 1,
      output_format: "png",
      enable_safety_checker: false,
      enable_prompt_expansion: false,
    },
    [
      "prompt",
      "image_size",
      "num_inference_steps",
      "num_images",
      "seed",
      "output_format",
      "enable_safety_checker",
      "enable_prompt_expansion",
    ],
  ),
  "fal-ai/nano-banana-pro": model(
    "aspect_ratio",
    RATIO_16_9,
    { num_images: 1, output_format: "png", safety_tolerance: "5", resolution: "1K" },
    [
      "prompt",
      "aspect_ratio",
      "num_images",
      "output_format",
      "safety_tolerance",
      "seed",
      "sync_mode",
      "resolution",
      "enable_web_search",
      "limit_generations",
    ],
  ),
  "fal-ai/gpt-image-1.5": model(
    "gpt_literal",
    { landscape: "1536x1024", square: "1024x1024", portrait: "1024x1536" },
    { quality: "medium", num_images: 1, output_format: "png" },
    ["prompt", "image_size", "quality", "num_images", "output_format", "background", "sync_mode"],
  ),
  "fal-ai/gpt-image-2": model(
    "image_size_preset",
    { landscape: "landscape_4_3", square: "square_hd", portrait: "portrait_4_3" },
    { quality: "medium", num_images: 1, output_format: "png" },
    ["prompt", "image_size", "quality", "num_images", "output_format", "sync_mode"],
  ),
  "fal-ai/ideogram/v3": model(
    "image_size_preset",
    PRESET_16_9,
    { rendering_speed: "BALANCED", expand_prompt: true, style: "AUTO" },
    ["prompt", "image_size", "rendering_speed", "expand_prompt", "style", "seed"],
  ),
  "fal-ai/recraft/v4/pro/text-to-image": model(
    "image_size_preset",
    PRESET_16_9,
    { enable_safety_checker: false },
    ["prompt", "image_size", "enable_safety_checker", "colors", "background_color"],
  ),
  "fal-ai/qwen-image": model(
    "image_size_preset",
    PRESET_16_9,
    {
      num_inference_steps: 30,
      guidance_scale: 2.5,
      num_images: 1,
      output_format: "png",
      acceleration: "regular",
    },
    [
      "prompt",
      "image_size",
      "num_inference_steps",
      "guidance_scale",
      "num_images",
      "output_format",
      "acceleration",
      "seed",
      "sync_mode",
    ],
  ),
  "fal-ai/krea/v2/medium/text-to-image": model(
    "aspect_ratio",
    RATIO_16_9,
    { creativity: "medium" },
    ["prompt", "aspect_ratio", "creativity", "seed", "image_style_references"],
  ),
  "fal-ai/krea/v2/large/text-to-image": model(
    "aspect_ratio",
    RATIO_16_9,
    { creativity: "medium" },
    ["prompt", "aspect_ratio", "creativity", "seed", "image_style_references"],
  ),
});

/** The FAL model used when `image_gen.model` names none of {@link FAL_MODELS}. */
export const DEFAULT_FAL_MODEL = "fal-ai/flux-2/klein/9b";

/** FAL's upscaler and the settings Hermes chains it with. */
export const FAL_UPSCALER: {
  readonly model: string;
  readonly factor: number;
  readonly promptPrefix: string;
  readonly negativePrompt: string;
  readonly creativity: number;
  readonly resemblance: number;
  readonly guidanceScale: number;
  readonly steps: number;
} = Object.freeze({
  model: "fal-ai/clarity-upscaler",
  factor: 2,
  promptPrefix: "masterpiece, best quality, highres",
  negativePrompt: "(worst quality, low quality, normal quality:2)",
  creativity: 0.35,
  resemblance: 0.6,
  guidanceScale: 4,
  steps: 18,
});

/** The request body for `modelId`: model defaults, prompt and size, filtered to what it accepts. */
export function falPayload(
  modelId: string,
  prompt: string,
  aspect: AspectRatio,
): Record<string, unknown> {
  const meta = FAL_MODELS[modelId] ?? (FAL_MODELS[DEFAULT_FAL_MODEL] as FalModel);
  const payload: Record<string, unknown> = { ...meta.defaults, prompt: prompt.trim() };
  if (meta.sizeStyle === "aspect_ratio") payload["aspect_ratio"] = meta.sizes[aspect];
  else payload["image_size"] = meta.sizes[aspect];
  return Object.fromEntries(
    Object.entries(payload).filter(([key]) => key === "prompt" || meta.supports.has(key)),
  );
}
