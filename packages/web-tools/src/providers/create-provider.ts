import { createBraveProvider } from "./brave-provider.js";
import { createExaProvider } from "./exa-provider.js";
import { createFirecrawlProvider } from "./firecrawl-provider.js";
import type { ProviderSettings, WebBackend, WebProvider } from "./provider-types.js";
import { createSearxngProvider } from "./searxng-provider.js";
import type { EnvLookup } from "./select-provider.js";
import { createTavilyProvider } from "./tavily-provider.js";

function value(env: EnvLookup, name: string): string | undefined {
  const raw = (env(name) ?? "").trim();
  return raw === "" ? undefined : raw;
}

/** Build the provider of a configured backend. */
export function createProvider(
  backend: WebBackend,
  env: EnvLookup,
  settings: ProviderSettings,
): WebProvider {
  switch (backend) {
    case "firecrawl":
      return createFirecrawlProvider(
        value(env, "FIRECRAWL_API_KEY"),
        value(env, "FIRECRAWL_API_URL"),
        settings,
      );
    case "tavily":
      return createTavilyProvider(
        value(env, "TAVILY_API_KEY") ?? "",
        value(env, "TAVILY_API_URL"),
        settings,
      );
    case "exa":
      return createExaProvider(
        value(env, "EXA_API_KEY") ?? "",
        value(env, "EXA_API_URL"),
        settings,
      );
    case "brave":
      return createBraveProvider(
        value(env, "BRAVE_SEARCH_API_KEY") ?? "",
        value(env, "BRAVE_SEARCH_API_URL"),
        settings,
      );
    case "searxng":
      return createSearxngProvider(value(env, "SEARXNG_URL") ?? "", settings);
  }
}
