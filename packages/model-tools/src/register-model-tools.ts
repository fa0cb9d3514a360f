import type { JsonSchema, ToolCallContext, ToolRegistry } from "@hermes-agent/registry";
import { ImageGenerator } from "./image/image-generator.js";
import { DEFAULT_ASPECT_RATIO, VALID_ASPECT_RATIOS } from "./image/image-provider.js";
import { ModelSettings, type ModelToolsDeps } from "./model-settings.js";
import { MixtureOfAgents } from "./moa/mixture-of-agents.js";
import { VisionAnalyzer } from "./vision/vision-analyzer.js";

/** Toolset of vision_analyze. */
export const VISION_TOOLSET = "vision";
/** Toolset of image_generate. */
export const IMAGE_GEN_TOOLSET = "image_gen";
/** Toolset of mixture_of_agents. */
export const MOA_TOOLSET = "moa";

/** What `registerModelTools` hands back. */
export interface ModelToolsHandle {
  /** Each tool's reason for being unavailable now; undefined for a tool that is available. */
  unavailableReasons(): Readonly<Record<string, string | undefined>>;
  /**
   * Describe an image (URL, data: URL or local path) and answer a question about it, as
   * vision_analyze does; resolves to the same JSON. For tools built on vision (browser_vision).
   */
  analyzeImage(
    image: string,
    question: string,
    signal?: AbortSignal,
    region?: readonly number[],
  ): Promise<string>;
}

const VISION_PARAMETERS: JsonSchema = {
  type: "object",
  properties: {
    image_url: {
      type: "string",
      description: "Image URL (http/https), local file path, or data: URL to analyze.",
    },
    question: { type: "string", description: "Your question or request about the image." },
    region: {
      type: "array",
      items: { type: "integer" },
      minItems: 4,
      maxItems: 4,
      description:
        "Optional [x1, y1, x2, y2] crop in ORIGINAL-image pixel coordinates, applied before any downscaling — the crop keeps full resolution. Load the full image first, then re-call with a region to zoom into small text or fine detail.",
    },
  },
  required: ["image_url", "question"],
};

const IMAGE_PARAMETERS: JsonSchema = {
  type: "object",
  properties: {
    prompt: {
      type: "string",
      description: "The text prompt describing the desired image. Be detailed and descriptive.",
    },
    aspect_ratio: {
      type: "string",
      enum: [...VALID_ASPECT_RATIOS],
      description:
        "The aspect ratio of the generated image. 'landscape' is 16:9 wide, 'portrait' is 16:9 tall, 'square' is 1:1.",
      default: DEFAULT_ASPECT_RATIO,
    },
  },
  required: ["prompt"],
};

const MOA_PARAMETERS: JsonSchema = {
  type: "object",
  properties: {
    user_prompt: {
      type: "string",
      description:
        "The complex query or problem to solve using multiple AI models. Should be a challenging problem that benefits from diverse perspectives and collaborative reasoning.",
    },
  },
  required: ["user_prompt"],
};

const str = (value: unknown): string => (typeof value === "string" ? value : "");

/**
 * Register vision_analyze (toolset `vision`), image_generate (`image_gen`) and
 * mixture_of_agents (`moa`) in `registry`. Each is offered to the model only while its
 * requirement is met: a vision model (`auxiliary.vision`), an image provider key (`FAL_KEY`, or
 * `OPENAI_API_KEY` with `image_gen.provider: openai`), an aggregator and one reference model.
 */
export function registerModelTools(
  registry: ToolRegistry,
  deps: ModelToolsDeps = {},
): ModelToolsHandle {
  const settings = new ModelSettings(deps);
  const vision = new VisionAnalyzer(settings);
  const images = new ImageGenerator(settings);
  const moa = new MixtureOfAgents(settings);

  registry.register({
    name: "vision_analyze",
    toolset: VISION_TOOLSET,
    schema: {
      description:
        "Analyze images using AI vision. Provides a comprehensive description and answers a specific question about the image content.",
      parameters: VISION_PARAMETERS,
    },
    handler: (args: Record<string, unknown>, ctx: ToolCallContext) =>
      vision.analyze(
        str(args["image_url"]),
        str(args["question"]),
        ctx.signal,
        Array.isArray(args["region"]) ? (args["region"] as number[]) : undefined,
      ),
    checkFn: () => vision.unavailableReason() === undefined,
    unavailableReason: () => vision.unavailableReason(),
    isAsync: true,
    emoji: "👁️",
  });
  registry.register({
    name: "image_generate",
    toolset: IMAGE_GEN_TOOLSET,
    schema: {
      description:
        "Generate high-quality images from text prompts. The backend (FAL or OpenAI) and model are user-configured and not selectable by the agent. Returns the result in the `image` field — either a URL or an absolute file path. To show it to the user, reference that path/URL in your response.",
      parameters: IMAGE_PARAMETERS,
    },
    handler: (args: Record<string, unknown>, ctx: ToolCallContext) =>
      images.generate(args, ctx.signal),
    checkFn: () => images.unavailableReason() === undefined,
    // The key it needs depends on `image_gen.provider`, so the reason names it, not requiresEnv.
    unavailableReason: () => images.unavailableReason(),
    isAsync: true,
    emoji: "🎨",
  });
  registry.register({
    name: "mixture_of_agents",
    toolset: MOA_TOOLSET,
    schema: {
      description:
        "Route a hard problem through multiple LLMs collaboratively. By default Hermes uses Xiaomi MiMo v2 Pro as the aggregator with direct MiniMax and DeepSeek reference models. Requires Xiaomi plus at least one reference-provider key. Use sparingly for genuinely difficult problems: complex math, advanced algorithms, and multi-step analytical reasoning.",
      parameters: MOA_PARAMETERS,
    },
    handler: (args: Record<string, unknown>, ctx: ToolCallContext) =>
      moa.run(str(args["user_prompt"]), ctx.signal),
    checkFn: () => moa.unavailableReason() === undefined,
    unavailableReason: () => moa.unavailableReason(),
    requiresEnv: ["XIAOMI_API_KEY", "MINIMAX_API_KEY"],
    isAsync: true,
    emoji: "🧠",
  });

  return {
    unavailableReasons: () => ({
      vision_analyze: vision.unavailableReason(),
      image_generate: images.unavailableReason(),
      mixture_of_agents: moa.unavailableReason(),
    }),
    analyzeImage: (image, question, signal, region) =>
      vision.analyze(image, question, signal, region),
  };
}
