import { text, type ModelSettings } from "../model-settings.js";
import { FalImageProvider } from "./fal-image-provider.js";
import { resolveAspectRatio, type ImageProvider } from "./image-provider.js";
import { OpenAIImageProvider } from "./openai-image-provider.js";

/** image_generate: picks the provider named by `image_gen.provider` (default FAL) and runs it. */
export class ImageGenerator {
  readonly #settings: ModelSettings;
  readonly #providers: ReadonlyMap<string, ImageProvider>;

  constructor(settings: ModelSettings, providers?: readonly ImageProvider[]) {
    this.#settings = settings;
    const list = providers ?? [new FalImageProvider(settings), new OpenAIImageProvider(settings)];
    this.#providers = new Map(list.map((p) => [p.name, p]));
  }

  /** The configured provider's name (`image_gen.provider`, default `fal`). */
  providerName(): string {
    return (text(this.#settings.imageGen().provider) ?? "fal").toLowerCase();
  }

  /** Why image_generate cannot run now, or undefined when its provider has its key. */
  unavailableReason(): string | undefined {
    const name = this.providerName();
    const provider = this.#providers.get(name);
    if (provider === undefined) return `image_gen.provider '${name}' is not a known provider`;
    return provider.unavailableReason();
  }

  /** Run one call; resolves to the tool's JSON result, never rejects. */
  async generate(args: Readonly<Record<string, unknown>>, signal?: AbortSignal): Promise<string> {
    const prompt = typeof args["prompt"] === "string" ? args["prompt"].trim() : "";
    if (prompt === "") return JSON.stringify({ error: "prompt is required for image generation" });
    const aspect = resolveAspectRatio(args["aspect_ratio"] ?? undefined);
    const name = this.providerName();
    const provider = this.#providers.get(name);
    if (provider === undefined) {
      return JSON.stringify({
        success: false,
        image: null,
        error: `image_gen.provider='${name}' is set but no provider has that name. Use one of: ${[...this.#providers.keys()].join(", ")}.`,
        error_type: "provider_not_registered",
      });
    }
    return provider.generate({ prompt, aspect, signal });
  }
}
