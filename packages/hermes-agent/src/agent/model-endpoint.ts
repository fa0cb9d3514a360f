import type { HermesConfig } from "@hermes-agent/config";

/** Where the agent loop sends chat-completions requests. */
export interface ModelEndpoint {
  /** Base URL of an OpenAI-compatible API (`.../v1`). */
  readonly baseURL: string;
  readonly apiKey: string;
  /** The model name sent with each request. */
  readonly model: string;
  /** Where each value came from, for `doctor` and error messages. */
  readonly sources: { readonly baseURL: string; readonly apiKey: string; readonly model: string };
}

/** Why no endpoint could be built, and what to set. */
export interface MissingModelEndpoint {
  readonly missing: readonly ("base_url" | "api_key" | "model")[];
  /** One sentence per missing part saying what to set. */
  readonly advice: readonly string[];
}

/** Options that override config.yaml and the environment. */
export interface ModelEndpointOverrides {
  readonly baseURL?: string;
  readonly apiKey?: string;
  readonly model?: string;
}

const OPENAI_URL = "https://api.openai.com/v1";
const OPENROUTER_URL = "https://openrouter.ai/api/v1";

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

/** The `model` section of config.yaml, read loosely (a bare string is the model name). */
function modelSection(config: HermesConfig): Record<string, unknown> {
  const section = (config as Readonly<Record<string, unknown>>).model;
  if (typeof section === "string") return { default: section };
  return typeof section === "object" && section !== null
    ? (section as Record<string, unknown>)
    : {};
}

/**
 * Resolve the model endpoint: explicit overrides, then config.yaml (`model.base_url`,
 * `model.default`, `model.api_key_env` naming the variable that holds the key, or
 * `model.api_key`), then `OPENAI_BASE_URL` / `OPENAI_API_KEY`, then `OPENROUTER_API_KEY` (which
 * implies OpenRouter's URL). Returns what is missing instead when the endpoint is incomplete.
 */
export function resolveModelEndpoint(
  config: HermesConfig,
  env: Readonly<Record<string, string | undefined>>,
  overrides: ModelEndpointOverrides = {},
): ModelEndpoint | MissingModelEndpoint {
  const section = modelSection(config);
  const keyEnv = text(section.api_key_env);
  let apiKey: { value: string; source: string } | undefined;
  if (overrides.apiKey !== undefined) apiKey = { value: overrides.apiKey, source: "option apiKey" };
  else if (keyEnv !== undefined && text(env[keyEnv]) !== undefined)
    apiKey = { value: text(env[keyEnv]) as string, source: `$${keyEnv} (model.api_key_env)` };
  else if (text(section.api_key) !== undefined)
    apiKey = { value: text(section.api_key) as string, source: "model.api_key" };
  else if (text(env.OPENAI_API_KEY) !== undefined)
    apiKey = { value: text(env.OPENAI_API_KEY) as string, source: "$OPENAI_API_KEY" };
  else if (text(env.OPENROUTER_API_KEY) !== undefined)
    apiKey = { value: text(env.OPENROUTER_API_KEY) as string, source: "$OPENROUTER_API_KEY" };

  let baseURL: { value: string; source: string } | undefined;
  if (overrides.baseURL !== undefined)
    baseURL = { value: overrides.baseURL, source: "option baseURL" };
  else if (text(section.base_url) !== undefined)
    baseURL = { value: text(section.base_url) as string, source: "model.base_url" };
  else if (text(env.OPENAI_BASE_URL) !== undefined)
    baseURL = { value: text(env.OPENAI_BASE_URL) as string, source: "$OPENAI_BASE_URL" };
  else if (apiKey?.source === "$OPENROUTER_API_KEY")
    baseURL = { value: OPENROUTER_URL, source: "OpenRouter (from $OPENROUTER_API_KEY)" };
  else if (apiKey !== undefined) baseURL = { value: OPENAI_URL, source: "OpenAI default" };

  const modelName =
    overrides.model ?? text(section.default) ?? text(section.model) ?? text(env.HERMES_MODEL);
  const model =
    modelName === undefined
      ? undefined
      : {
          value: modelName,
          source:
            overrides.model !== undefined
              ? "option model"
              : text(section.default) !== undefined || text(section.model) !== undefined
                ? "model.default"
                : "$HERMES_MODEL",
        };

  const missing: ("base_url" | "api_key" | "model")[] = [];
  const advice: string[] = [];
  if (baseURL === undefined) {
    missing.push("base_url");
    advice.push(
      "Set model.base_url in config.yaml (any OpenAI-compatible endpoint, e.g. http://127.0.0.1:11434/v1) or OPENAI_BASE_URL.",
    );
  }
  if (apiKey === undefined) {
    missing.push("api_key");
    advice.push(
      "Set OPENAI_API_KEY or OPENROUTER_API_KEY, or name the variable holding the key in model.api_key_env (a local server accepts any non-empty key).",
    );
  }
  if (model === undefined) {
    missing.push("model");
    advice.push("Set model.default in config.yaml (or HERMES_MODEL) to the model name to use.");
  }
  if (baseURL === undefined || apiKey === undefined || model === undefined)
    return { missing, advice };
  return {
    baseURL: baseURL.value,
    apiKey: apiKey.value,
    model: model.value,
    sources: { baseURL: baseURL.source, apiKey: apiKey.source, model: model.source },
  };
}

/** True when {@link resolveModelEndpoint} found a complete endpoint. */
export function isModelEndpoint(
  value: ModelEndpoint | MissingModelEndpoint,
): value is ModelEndpoint {
  return "baseURL" in value;
}
