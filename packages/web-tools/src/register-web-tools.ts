import type { JsonSchema, ToolCallContext, ToolRegistry } from "@hermes-agent/registry";
import { chooseBackend } from "./providers/select-provider.js";
import type { WebToolHandlers } from "./web-tool-handlers.js";
import { WebSettingsReader, type WebToolsDeps } from "./web-settings.js";

/** Toolset the web tools belong to. */
export const WEB_TOOLSET = "web";

const RESULT_CAP = 100_000;

const WEB_SEARCH_PARAMETERS: JsonSchema = {
  type: "object",
  properties: {
    query: {
      type: "string",
      description:
        'What to search the web for. Operators such as site:example.com, filetype:pdf or "exact phrase" work when the backend supports them.',
    },
    limit: {
      type: "integer",
      description: "Maximum number of results to return. Defaults to 5.",
      minimum: 1,
      maximum: 100,
      default: 5,
    },
  },
  required: ["query"],
};

const WEB_EXTRACT_PARAMETERS: JsonSchema = {
  type: "object",
  properties: {
    urls: {
      type: "array",
      items: { type: "string" },
      description: "URLs to extract content from (at most 5 per call).",
      maxItems: 5,
    },
    char_limit: {
      type: "integer",
      description:
        "Per-page character budget (default 15000). Longer pages come back as head and tail with a marker saying how much was left out; raise it to see more.",
      minimum: 2000,
    },
  },
  required: ["urls"],
};

const WEB_CRAWL_PARAMETERS: JsonSchema = {
  type: "object",
  properties: {
    url: { type: "string", description: "The page to start from; the crawl stays on its host." },
    instructions: {
      type: "string",
      description:
        "What to look for, passed to backends with a guided crawl (Firecrawl, Tavily). The built-in crawler ignores it.",
    },
    limit: {
      type: "integer",
      description: "Maximum number of pages to return (default 10, at most 50).",
      minimum: 1,
      maximum: 50,
    },
  },
  required: ["url"],
};

/**
 * Register web_search, web_extract and web_crawl (toolset `web`) in `registry`.
 * web_search is available only when its provider is configured; web_extract and web_crawl
 * always work, through the provider's API when it has one and by fetching pages themselves
 * otherwise.
 */
export function registerWebTools(registry: ToolRegistry, deps: WebToolsDeps = {}): void {
  const reader = new WebSettingsReader(deps);
  const settings = reader.current();
  const requiresEnv = chooseBackend(settings.backend, settings.env).requiredEnv;
  // The handlers (fetching, extraction, the providers) load at the first call, not here.
  let loading: Promise<WebToolHandlers> | undefined;
  const handlers = (): Promise<WebToolHandlers> =>
    (loading ??= import("./web-tool-handlers.js").then(
      ({ WebToolHandlers }) => new WebToolHandlers(deps),
    ));
  registry.register({
    name: "web_search",
    toolset: WEB_TOOLSET,
    schema: {
      description:
        "Search the web for information. Returns up to 5 results by default with titles, URLs, and descriptions.",
      parameters: WEB_SEARCH_PARAMETERS,
    },
    handler: async (args: Record<string, unknown>, ctx: ToolCallContext) =>
      (await handlers()).search(args, ctx),
    // What WebToolHandlers.searchAvailable answers, without loading the handlers.
    checkFn: () => {
      const current = reader.current();
      return chooseBackend(current.backend, current.env).configured;
    },
    requiresEnv,
    isAsync: true,
    emoji: "🔍",
    maxResultSizeChars: RESULT_CAP,
  });
  registry.register({
    name: "web_extract",
    toolset: WEB_TOOLSET,
    schema: {
      description:
        "Extract content from web page URLs. Returns clean page content in markdown/text. Also works with PDF URLs. Pages within the char budget (default 15000) return whole; larger pages return a head+tail window. If a URL fails or times out, use the browser tool instead.",
      parameters: WEB_EXTRACT_PARAMETERS,
    },
    handler: async (args: Record<string, unknown>, ctx: ToolCallContext) =>
      (await handlers()).extract(args, ctx),
    isAsync: true,
    emoji: "📄",
    maxResultSizeChars: RESULT_CAP,
  });
  registry.register({
    name: "web_crawl",
    toolset: WEB_TOOLSET,
    schema: {
      description:
        "Crawl a website from a start URL, breadth-first and within its host, honouring robots.txt. Returns the markdown content of each page found.",
      parameters: WEB_CRAWL_PARAMETERS,
    },
    handler: async (args: Record<string, unknown>, ctx: ToolCallContext) =>
      (await handlers()).crawl(args, ctx),
    isAsync: true,
    emoji: "🕸️",
    maxResultSizeChars: RESULT_CAP,
  });
}
