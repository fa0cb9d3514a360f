import type { ChatEndpoint, ModelSettings } from "./model-settings.js";

/** Where a named provider's OpenAI-compatible API is and which variable holds its key. */
interface ProviderInfo {
  readonly keyEnv: string;
  readonly baseUrlEnv: string;
  readonly defaultBaseURL: string;
}

/** The named providers routes may use (Hermes' provider names, keys and endpoint overrides). */
export const PROVIDERS: Readonly<Record<string, ProviderInfo>> = Object.freeze({
  openrouter: {
    keyEnv: "OPENROUTER_API_KEY",
    baseUrlEnv: "OPENROUTER_BASE_URL",
    defaultBaseURL: "https://openrouter.ai/api/v1",
  },
  openai: {
    keyEnv: "OPENAI_API_KEY",
    baseUrlEnv: "OPENAI_BASE_URL",
    defaultBaseURL: "https://api.openai.com/v1",
  },
  deepseek: {
    keyEnv: "DEEPSEEK_API_KEY",
    baseUrlEnv: "DEEPSEEK_BASE_URL",
    defaultBaseURL: "https://api.deepseek.com/v1",
  },
  minimax: {
    keyEnv: "MINIMAX_API_KEY",
    baseUrlEnv: "MINIMAX_BASE_URL",
    defaultBaseURL: "https://api.minimax.io/v1",
  },
  xiaomi: {
    keyEnv: "XIAOMI_API_KEY",
    baseUrlEnv: "XIAOMI_BASE_URL",
    defaultBaseURL: "https://api.xiaomimimo.com/v1",
  },
});

/** Provider names that mean "the main model's endpoint". */
const MAIN_NAMES: ReadonlySet<string> = new Set(["", "auto", "main", "custom"]);

/** What a route asks for: a provider name and optionally its own endpoint and key. */
export interface EndpointRequest {
  readonly provider: string;
  readonly baseURL?: string | undefined;
  readonly apiKey?: string | undefined;
}

/** An endpoint, or why none can be used. */
export type EndpointResolution =
  | { readonly endpoint: ChatEndpoint; readonly reason?: undefined }
  | { readonly endpoint?: undefined; readonly reason: string };

/**
 * Resolve the endpoint of a route: its own `base_url` (with its `api_key`, or the provider's
 * key); a named provider's API with the key from its variable; for `auto`/`main` the main
 * model's endpoint, else OpenRouter when `OPENROUTER_API_KEY` is set.
 */
export function resolveEndpoint(
  settings: ModelSettings,
  request: EndpointRequest,
): EndpointResolution {
  const provider = request.provider.trim().toLowerCase();
  const info = PROVIDERS[provider];
  if (request.baseURL !== undefined) {
    const apiKey = request.apiKey ?? (info === undefined ? undefined : settings.env(info.keyEnv));
    return { endpoint: { baseURL: request.baseURL, apiKey } };
  }
  if (info !== undefined) {
    const apiKey = request.apiKey ?? settings.env(info.keyEnv);
    if (apiKey === undefined) return { reason: `${info.keyEnv} is not set` };
    return {
      endpoint: { baseURL: settings.env(info.baseUrlEnv) ?? info.defaultBaseURL, apiKey },
    };
  }
  if (!MAIN_NAMES.has(provider)) {
    return {
      reason: `unknown provider '${request.provider}' (give the route a base_url, or use one of: auto, ${Object.keys(PROVIDERS).join(", ")})`,
    };
  }
  const main = settings.mainModel();
  if (main !== undefined) return { endpoint: main };
  const openrouter = PROVIDERS["openrouter"] as ProviderInfo;
  const key = settings.env(openrouter.keyEnv);
  if (key !== undefined) {
    return {
      endpoint: {
        baseURL: settings.env(openrouter.baseUrlEnv) ?? openrouter.defaultBaseURL,
        apiKey: key,
      },
    };
  }
  return { reason: "no endpoint: set a base_url, a provider key, or configure the main model" };
}
