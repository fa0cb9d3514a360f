// Where the smart reviewer's model is, from `auxiliary.approval.*` as Hermes reads it. Nothing is
// sent anywhere unless the user configured an endpoint: a missing piece is a reason to escalate,
// never a fallback to a default URL with a made-up key.

/** `auxiliary.approval.*` and the main model section, as the approval settings carry them. */
export interface ReviewerConfig {
  /** `auto` (default), `openrouter`, `openai`, `custom` or `main`. */
  readonly provider?: string | undefined;
  readonly baseURL?: string | undefined;
  readonly model?: string | undefined;
  readonly apiKey?: string | undefined;
  /** The main model (`model.base_url`, `model.api_key`, `model.default`) for provider `main`. */
  readonly main?: {
    readonly baseURL?: string | undefined;
    readonly apiKey?: string | undefined;
    readonly model?: string | undefined;
  };
}

/** A usable reviewer endpoint. */
export interface ReviewerEndpoint {
  readonly baseURL: string;
  /** Undefined for an endpoint that takes no key (a local server). */
  readonly apiKey: string | undefined;
  readonly model: string;
  /** The provider it was resolved through, for messages. */
  readonly provider: string;
}

/** Why there is no reviewer endpoint. */
export interface MissingReviewerEndpoint {
  readonly reason: string;
}

/** The providers `auxiliary.approval.provider` accepts. */
export const REVIEWER_PROVIDERS: readonly string[] = [
  "auto",
  "openrouter",
  "openai",
  "custom",
  "main",
];

const OPENROUTER_URL = "https://openrouter.ai/api/v1";
const OPENAI_URL = "https://api.openai.com/v1";

function text(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === "" ? undefined : trimmed;
}

type Env = Readonly<Record<string, string | undefined>>;

function withModel(
  found: Omit<ReviewerEndpoint, "model">,
  model: string | undefined,
): ReviewerEndpoint | MissingReviewerEndpoint {
  if (model === undefined) {
    return {
      reason:
        `no reviewer model is configured for ${found.baseURL} (provider ${found.provider}): ` +
        "set auxiliary.approval.model in config.yaml",
    };
  }
  return { ...found, model };
}

function keyed(
  provider: string,
  baseURL: string,
  key: string | undefined,
  keyVariable: string,
  model: string | undefined,
): ReviewerEndpoint | MissingReviewerEndpoint {
  if (key === undefined) {
    return {
      reason: `auxiliary.approval.provider is ${provider} but no API key is set: set auxiliary.approval.api_key or ${keyVariable}`,
    };
  }
  return withModel({ baseURL, apiKey: key, provider }, model);
}

/**
 * Resolve the reviewer endpoint as Hermes' auxiliary client does for `task="approval"`:
 * - `base_url` set: that OpenAI-compatible endpoint (provider `custom`), with `api_key`, else
 *   `OPENAI_API_KEY`, else no key;
 * - `openrouter`: OpenRouter with `api_key` or `OPENROUTER_API_KEY`;
 * - `openai`: OpenAI with `api_key` or `OPENAI_API_KEY`;
 * - `main`: the main model's endpoint (`model.base_url` / `OPENAI_BASE_URL`, its key, and its
 *   model unless `auxiliary.approval.model` names another);
 * - `auto` (default): `base_url`, else OpenRouter when `OPENROUTER_API_KEY` is set, else a
 *   custom endpoint in `OPENAI_BASE_URL`; nothing else (never OpenAI's public API unasked).
 * A model must be named (`auxiliary.approval.model`, or the main model for `main`).
 */
export function resolveReviewerEndpoint(
  config: ReviewerConfig,
  env: Env,
): ReviewerEndpoint | MissingReviewerEndpoint {
  const provider = text(config.provider)?.toLowerCase() ?? "auto";
  const baseURL = text(config.baseURL);
  const apiKey = text(config.apiKey);
  const model = text(config.model);
  if (!REVIEWER_PROVIDERS.includes(provider)) {
    return {
      reason: `auxiliary.approval.provider '${provider}' is not one of ${REVIEWER_PROVIDERS.join(", ")}`,
    };
  }
  if (baseURL !== undefined && provider !== "main") {
    return withModel(
      { baseURL, apiKey: apiKey ?? text(env.OPENAI_API_KEY), provider: "custom" },
      model,
    );
  }
  switch (provider) {
    case "openrouter":
      return keyed(
        provider,
        OPENROUTER_URL,
        apiKey ?? text(env.OPENROUTER_API_KEY),
        "OPENROUTER_API_KEY",
        model,
      );
    case "openai":
      return keyed(
        provider,
        OPENAI_URL,
        apiKey ?? text(env.OPENAI_API_KEY),
        "OPENAI_API_KEY",
        model,
      );
    case "custom":
      return {
        reason: "auxiliary.approval.provider is custom but auxiliary.approval.base_url is not set",
      };
    case "main": {
      const main = config.main ?? {};
      const mainURL = baseURL ?? text(main.baseURL) ?? text(env.OPENAI_BASE_URL);
      if (mainURL === undefined) {
        return {
          reason:
            "auxiliary.approval.provider is main but the main model has no endpoint: set model.base_url or OPENAI_BASE_URL",
        };
      }
      return withModel(
        {
          baseURL: mainURL,
          apiKey: apiKey ?? text(main.apiKey) ?? text(env.OPENAI_API_KEY),
          provider,
        },
        model ?? text(main.model),
      );
    }
    default: {
      const openrouterKey = text(env.OPENROUTER_API_KEY);
      if (openrouterKey !== undefined)
        return withModel(
          { baseURL: OPENROUTER_URL, apiKey: apiKey ?? openrouterKey, provider: "openrouter" },
          model,
        );
      const customURL = text(env.OPENAI_BASE_URL);
      if (customURL !== undefined) {
        return withModel(
          { baseURL: customURL, apiKey: apiKey ?? text(env.OPENAI_API_KEY), provider: "custom" },
          model,
        );
      }
      return {
        reason:
          "no reviewer model is configured: set auxiliary.approval.base_url and auxiliary.approval.model " +
          "(or auxiliary.approval.provider with its API key) in config.yaml",
      };
    }
  }
}
