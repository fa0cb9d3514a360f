import {
  createStderrLogger,
  resolveHermesHome,
  type HostResolver,
  type Logger,
} from "@hermes-agent/core";

/** An OpenAI-compatible chat endpoint. */
export interface ChatEndpoint {
  readonly baseURL: string;
  /** Sent as the bearer token; a local server may need none. */
  readonly apiKey?: string | undefined;
  readonly model?: string | undefined;
}

/** `auxiliary.vision` of config.yaml (Hermes' keys). */
export interface VisionConfigSection {
  /** `auto` / `main` (the main model's endpoint) or a named provider (`openrouter`, `openai`, ...). */
  readonly provider?: unknown;
  readonly model?: unknown;
  readonly base_url?: unknown;
  readonly api_key?: unknown;
  /** Seconds for the vision model call (default 120). */
  readonly timeout?: unknown;
  /** Sampling temperature (default 0.1). */
  readonly temperature?: unknown;
  /** Seconds for downloading an image URL (default 30). */
  readonly download_timeout?: unknown;
}

/** `auxiliary.moa` of config.yaml (Hermes' keys). */
export interface MoaConfigSection {
  /** Model slugs (`deepseek-reasoner`, `anthropic/claude-x`) or routes `{provider, model, base_url, api_key, label}`. */
  readonly reference_models?: unknown;
  /** A slug or a route, as in `reference_models`. */
  readonly aggregator_model?: unknown;
  /** Seconds for each model call (default 300). */
  readonly timeout?: unknown;
}

/** `image_gen` of config.yaml (Hermes' keys). */
export interface ImageGenConfigSection {
  /** `fal` (default) or `openai`. */
  readonly provider?: unknown;
  /** A FAL model id (`fal-ai/flux-2/klein/9b`) or an OpenAI tier (`gpt-image-2-medium`). */
  readonly model?: unknown;
  /** `image_gen.openai.model`: the OpenAI tier. */
  readonly openai?: unknown;
}

/**
 * A loaded config (`loadConfig()` from `@hermes-agent/config`, or any object with these
 * sections). Sections are read leniently: a missing or malformed one reads as empty.
 */
export interface ModelConfigInput {
  /** `auxiliary.vision` ({@link VisionConfigSection}) and `auxiliary.moa` ({@link MoaConfigSection}). */
  readonly auxiliary?: unknown;
  /** {@link ImageGenConfigSection}. */
  readonly image_gen?: unknown;
  /** `security.allow_private_urls`. */
  readonly security?: unknown;
  /** `web.allow_private_urls`. */
  readonly web?: unknown;
}

/** Reads one environment variable. */
export type EnvLookup = (name: string) => string | undefined;

/** Retry policy of the mixture-of-agents reference calls (Hermes: 6 attempts, 2 s doubling to 60 s). */
export interface RetryPolicy {
  readonly attempts: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
}

/** What `registerModelTools` takes besides the registry. Everything is optional. */
export interface ModelToolsDeps {
  /** The loaded config, or a function returning the current one (read on every call). */
  readonly config?: ModelConfigInput | (() => ModelConfigInput);
  /** Where API keys are read; an object or a lookup function (default `process.env`, per call). */
  readonly env?: Readonly<Record<string, string | undefined>> | EnvLookup;
  /** HERMES_HOME: generated images are saved under `<hermesHome>/cache/images`. */
  readonly hermesHome?: string;
  /** The main model's endpoint, used by `auto`/`main` routes (the runtime passes its own). */
  readonly mainModel?: () => ChatEndpoint | undefined;
  /** DNS resolution of image URL hosts (default `dns.lookup`, all addresses). */
  readonly resolveHost?: HostResolver;
  /** FAL's queue API (default `https://queue.fal.run`). */
  readonly falQueueUrl?: string;
  /** Milliseconds between FAL status polls (default 1 000). */
  readonly falPollIntervalMs?: number;
  /** Milliseconds an image generation may take in all (default 300 000). */
  readonly imageTimeoutMs?: number;
  /** Retries of mixture_of_agents' reference models. */
  readonly moaRetry?: Partial<RetryPolicy>;
  /** Where failures are logged; default stderr, warnings and up. */
  readonly logger?: Logger;
}

const TRUE_WORDS: ReadonlySet<string> = new Set(["true", "1", "yes", "on"]);
const FALSE_WORDS: ReadonlySet<string> = new Set(["false", "0", "no", "off"]);

/** True for `true` and the YAML/env spellings of it. */
export function truthy(value: unknown): boolean {
  return (
    value === true || (typeof value === "string" && TRUE_WORDS.has(value.trim().toLowerCase()))
  );
}

/** A trimmed non-empty string, or undefined. */
export function text(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

/** A mapping from config, or an empty one for anything else. */
export function sectionOf(value: unknown): Readonly<Record<string, unknown>> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** A finite number (numbers written as strings too), or undefined. */
export function numberOf(value: unknown): number | undefined {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) ? n : undefined;
}

/** Reads config and env fresh for every call, so edits take effect without a restart. */
export class ModelSettings {
  readonly #deps: ModelToolsDeps;
  readonly logger: Logger;

  constructor(deps: ModelToolsDeps) {
    this.#deps = deps;
    this.logger = deps.logger ?? createStderrLogger({ name: "hermes-model-tools" });
  }

  get deps(): ModelToolsDeps {
    return this.#deps;
  }

  /** The current config. */
  config(): ModelConfigInput {
    const source = this.#deps.config;
    return (typeof source === "function" ? source() : source) ?? {};
  }

  /** One environment variable, trimmed; undefined when unset or blank. */
  env(name: string): string | undefined {
    const source = this.#deps.env;
    const raw = typeof source === "function" ? source(name) : (source ?? process.env)[name];
    return text(raw);
  }

  /** HERMES_HOME in force. */
  hermesHome(): string {
    if (this.#deps.hermesHome !== undefined) return this.#deps.hermesHome;
    const env: Record<string, string | undefined> = {};
    const home = this.env("HERMES_HOME");
    if (home !== undefined) env["HERMES_HOME"] = home;
    const userHome = this.env("HOME");
    if (userHome !== undefined) env["HOME"] = userHome;
    return resolveHermesHome({ env });
  }

  /** `auxiliary.vision`, or an empty section. */
  vision(): VisionConfigSection {
    return sectionOf(sectionOf(this.config().auxiliary)["vision"]);
  }

  /** `auxiliary.moa`, or an empty section. */
  moa(): MoaConfigSection {
    return sectionOf(sectionOf(this.config().auxiliary)["moa"]);
  }

  /** `image_gen`, or an empty section. */
  imageGen(): ImageGenConfigSection {
    return sectionOf(this.config().image_gen);
  }

  /** The main model's endpoint, when the runtime gave one. */
  mainModel(): ChatEndpoint | undefined {
    return this.#deps.mainModel?.();
  }

  /**
   * May image downloads reach private addresses? `HERMES_ALLOW_PRIVATE_URLS` wins either way;
   * otherwise `security.allow_private_urls` or `web.allow_private_urls`.
   */
  allowPrivateUrls(): boolean {
    const override = (this.env("HERMES_ALLOW_PRIVATE_URLS") ?? "").toLowerCase();
    if (TRUE_WORDS.has(override)) return true;
    if (FALSE_WORDS.has(override)) return false;
    const config = this.config();
    return (
      truthy(sectionOf(config.security)["allow_private_urls"]) ||
      truthy(sectionOf(config.web)["allow_private_urls"])
    );
  }
}
