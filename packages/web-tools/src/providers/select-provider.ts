import type { WebBackend } from "./provider-types.js";
import { WEB_BACKENDS } from "./provider-types.js";

/** Environment variables the tools read, by name. */
export type EnvLookup = (name: string) => string | undefined;

/** The variables that configure each backend; any one of them is enough. */
export const BACKEND_ENV: Readonly<Record<WebBackend, readonly string[]>> = {
  firecrawl: ["FIRECRAWL_API_KEY", "FIRECRAWL_API_URL"],
  tavily: ["TAVILY_API_KEY"],
  exa: ["EXA_API_KEY"],
  brave: ["BRAVE_SEARCH_API_KEY"],
  searxng: ["SEARXNG_URL"],
};

/** Order in which a backend is picked by its key when `web.backend` is not set. */
const AUTODETECT_ORDER: readonly WebBackend[] = ["tavily", "exa", "firecrawl", "searxng", "brave"];

const ALIASES: Readonly<Record<string, WebBackend>> = {
  "brave-free": "brave",
  brave_search: "brave",
};

/** Which backend applies, and whether it can be used. */
export interface BackendChoice {
  /** The backend named by config or found by key; undefined when neither. */
  readonly backend: WebBackend | undefined;
  /** `web.backend` as written when it names no known backend. */
  readonly unknown?: string;
  /** True when the backend's variables are set. */
  readonly configured: boolean;
  /** Variables that would configure the choice (all backends' when there is none). */
  readonly requiredEnv: readonly string[];
}

function isConfigured(backend: WebBackend, env: EnvLookup): boolean {
  return BACKEND_ENV[backend].some((name) => (env(name) ?? "").trim() !== "");
}

/** Resolve `web.backend` (or autodetect by key, in Hermes' order) to a backend. */
export function chooseBackend(configuredName: string | undefined, env: EnvLookup): BackendChoice {
  const name = (configuredName ?? "").trim().toLowerCase();
  if (name !== "") {
    const backend = ALIASES[name] ?? (WEB_BACKENDS as readonly string[]).find((b) => b === name);
    if (backend === undefined) {
      return { backend: undefined, unknown: name, configured: false, requiredEnv: [] };
    }
    const known = backend as WebBackend;
    return {
      backend: known,
      configured: isConfigured(known, env),
      requiredEnv: BACKEND_ENV[known],
    };
  }
  const found = AUTODETECT_ORDER.find((backend) => isConfigured(backend, env));
  if (found !== undefined)
    return { backend: found, configured: true, requiredEnv: BACKEND_ENV[found] };
  return {
    backend: undefined,
    configured: false,
    requiredEnv: AUTODETECT_ORDER.map((b) => BACKEND_ENV[b][0] ?? b),
  };
}
