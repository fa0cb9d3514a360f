import {
  toolError,
  type DispatchContext,
  type ToolDefinition,
  type ToolOutput,
} from "@hermes-agent/registry";
import { DEFAULT_TOOL_SEARCH_CONFIG, type ToolSearchConfig } from "./tool-search-config.js";
import { ToolSearchIndex } from "./tool-search-index.js";

/** Names of the three tools the model sees instead of the deferred ones. */
export const TOOL_SEARCH_TOOL_NAMES: readonly ["tool_search", "tool_describe", "tool_call"] = [
  "tool_search",
  "tool_describe",
  "tool_call",
];

/** Characters per token used to estimate how much context definitions take. */
const CHARS_PER_TOKEN = 4;
const DEFAULT_LIMIT = 5;
const MAX_LIMIT = 20;
const SUMMARY_CHARS = 300;

/** The runtime's pipeline entry: hooks and approval apply to every call made through it. */
export type CallTool = (
  name: string,
  args: Record<string, unknown>,
  ctx?: DispatchContext,
) => Promise<ToolOutput>;

/** Options of {@link createToolSearch}. */
export interface ToolSearchOptions {
  /** The session's enabled tools, as they would be sent to the model. */
  readonly definitions: readonly ToolDefinition[];
  /** Which tools may be deferred (MCP and plugin tools). */
  readonly isDeferrable: (name: string) => boolean;
  /** The model's context window in tokens. */
  readonly contextWindowTokens: number;
  readonly config?: ToolSearchConfig;
  /** Runs an unwrapped `tool_call` through the runtime's pipeline. */
  readonly callTool: CallTool;
}

/** Rough token count of tool definitions (JSON characters / 4). */
export function estimateDefinitionTokens(definitions: readonly ToolDefinition[]): number {
  return Math.ceil(JSON.stringify(definitions).length / CHARS_PER_TOKEN);
}

/** The model's arguments as an object: JSON text is parsed; anything else becomes `{}`. */
function toObject(args: unknown): Record<string, unknown> {
  let value = args;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      return {};
    }
  }
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function notAvailable(name: string): string {
  return toolError(
    `'${name}' is not available in this session. Use tool_search to find tools you can call.`,
  );
}

function bridgeDefinitions(deferredCount: number): ToolDefinition[] {
  const fn = (
    name: string,
    description: string,
    parameters: Record<string, unknown>,
  ): ToolDefinition => ({
    type: "function",
    function: { name, description, parameters },
  });
  return [
    fn(
      "tool_search",
      `Search ${deferredCount} more tools available in this session (MCP servers, plugins) by what they do. Returns names and short descriptions; then use tool_describe for a tool's parameters and tool_call to run it.`,
      {
        type: "object",
        properties: {
          query: {
            type: "string",
            description: "Words describing the task, e.g. 'create github issue'",
          },
          limit: {
            type: "integer",
            minimum: 1,
            maximum: MAX_LIMIT,
            description: `How many tools to return (default ${DEFAULT_LIMIT})`,
          },
        },
        required: ["query"],
      },
    ),
    fn(
      "tool_describe",
      "Show the full description and parameter schema of a tool found with tool_search.",
      {
        type: "object",
        properties: { name: { type: "string", description: "Exact tool name" } },
        required: ["name"],
      },
    ),
    fn(
      "tool_call",
      "Call a tool found with tool_search, with arguments matching its schema (see tool_describe).",
      {
        type: "object",
        properties: {
          name: { type: "string", description: "Exact tool name" },
          arguments: { type: "object", description: "The tool's arguments" },
        },
        required: ["name"],
      },
    ),
  ];
}

function sameDefinition(before: ToolDefinition | undefined, after: ToolDefinition): boolean {
  if (before === undefined) return false;
  if (before === after) return true;
  return JSON.stringify(before.function) === JSON.stringify(after.function);
}

/**
 * The tool list of one task with tool search applied. When active, deferred tools are replaced
 * by `tool_search`, `tool_describe` and `tool_call`; `definitions` never changes for the life of
 * the session, so the model's prompt cache keeps working. Tools that appear later (a server that
 * connected late) become searchable without changing `definitions`, and {@link setTools} keeps
 * the searchable set exact when tools leave or come back.
 */
export class ToolSearchSession {
  /** True when tools are deferred behind the three search tools. */
  readonly active: boolean;
  /** What the model sees, frozen for the session. */
  readonly definitions: readonly ToolDefinition[];
  readonly #enabled = new Map<string, ToolDefinition>();
  readonly #deferred = new Set<string>();
  readonly #index = new ToolSearchIndex();
  readonly #isDeferrable: (name: string) => boolean;
  readonly #callTool: CallTool;

  constructor(options: ToolSearchOptions) {
    const config = options.config ?? DEFAULT_TOOL_SEARCH_CONFIG;
    this.#isDeferrable = options.isDeferrable;
    this.#callTool = options.callTool;
    const deferrable = options.definitions.filter((d) => options.isDeferrable(d.function.name));
    const budget = options.contextWindowTokens * config.threshold;
    this.active =
      deferrable.length > 0 &&
      (config.mode === "on" ||
        (config.mode === "auto" && estimateDefinitionTokens(deferrable) > budget));
    for (const definition of options.definitions)
      this.#enabled.set(definition.function.name, definition);
    if (!this.active) {
      this.definitions = Object.freeze([...options.definitions]);
      return;
    }
    this.#defer(deferrable);
    const visible = options.definitions.filter((d) => !this.#deferred.has(d.function.name));
    this.definitions = Object.freeze([...visible, ...bridgeDefinitions(deferrable.length)]);
  }

  /** Names of the deferred tools. */
  get deferredNames(): readonly string[] {
    return [...this.#deferred].sort();
  }

  /** True for the names this session answers itself (only while active). */
  handles(name: string): boolean {
    return this.active && (TOOL_SEARCH_TOOL_NAMES as readonly string[]).includes(name);
  }

  /** Make tools that appeared after the session started callable (deferred when active). */
  addTools(definitions: readonly ToolDefinition[]): void {
    const fresh = definitions.filter((d) => !this.#enabled.has(d.function.name));
    for (const definition of fresh) this.#enabled.set(definition.function.name, definition);
    if (this.active) this.#defer(fresh.filter((d) => this.#isDeferrable(d.function.name)));
  }

  /**
   * Make the session's tools exactly `definitions`, the enabled tools as they are now: a tool
   * that is gone (deregistered, its plugin unloaded, its MCP server disconnected) is no longer
   * searched, described or called, and one registered again is found with its new definition.
   * `definitions` (what the model sees) does not change.
   */
  setTools(definitions: readonly ToolDefinition[]): void {
    const now = new Map(definitions.map((d) => [d.function.name, d] as const));
    for (const name of [...this.#enabled.keys()]) {
      if (now.has(name)) continue;
      this.#enabled.delete(name);
      this.#deferred.delete(name);
      this.#index.remove(name);
    }
    const changed = [...now.values()].filter(
      (d) => !sameDefinition(this.#enabled.get(d.function.name), d),
    );
    for (const definition of changed) this.#enabled.set(definition.function.name, definition);
    if (this.active) this.#defer(changed.filter((d) => this.#isDeferrable(d.function.name)));
  }

  /**
   * The session's entry point for every call the model makes: the three search tools are
   * answered here (`args` may be the model's JSON text), anything else goes to `callTool`.
   */
  dispatch(name: string, args: unknown, ctx?: DispatchContext): Promise<ToolOutput> {
    if (!this.handles(name)) return this.#callTool(name, toObject(args), ctx);
    return this.call(name, toObject(args), ctx);
  }

  /** Answer `tool_search` / `tool_describe`, or unwrap `tool_call` into `callTool`. */
  async call(
    name: string,
    args: Record<string, unknown>,
    ctx?: DispatchContext,
  ): Promise<ToolOutput> {
    if (name === "tool_search") return this.#search(args);
    if (name === "tool_describe") {
      const target = String(args.name ?? "");
      const definition = this.#enabled.get(target);
      if (definition === undefined) return notAvailable(target);
      return JSON.stringify(definition.function);
    }
    if (name === "tool_call") {
      const target = typeof args.name === "string" ? args.name : "";
      if (!this.#enabled.has(target) || this.handles(target)) return notAvailable(target);
      let inner: unknown = args.arguments ?? {};
      if (typeof inner === "string") {
        try {
          inner = JSON.parse(inner);
        } catch {
          return toolError("tool_call: 'arguments' must be a JSON object");
        }
      }
      if (typeof inner !== "object" || inner === null || Array.isArray(inner)) {
        return toolError("tool_call: 'arguments' must be a JSON object");
      }
      return this.#callTool(target, inner as Record<string, unknown>, ctx);
    }
    return notAvailable(name);
  }

  #search(args: Record<string, unknown>): string {
    const query = typeof args.query === "string" ? args.query.trim() : "";
    if (query === "") return toolError("tool_search: 'query' must be a non-empty string");
    const requested = typeof args.limit === "number" ? Math.floor(args.limit) : DEFAULT_LIMIT;
    const limit = Math.min(Math.max(requested, 1), MAX_LIMIT);
    const hits = this.#index.search(query, limit);
    return JSON.stringify({
      query,
      tools: hits.map((hit) => ({
        name: hit.name,
        description:
          hit.description.length > SUMMARY_CHARS
            ? `${hit.description.slice(0, SUMMARY_CHARS - 3)}...`
            : hit.description,
      })),
      total_deferred: this.#deferred.size,
    });
  }

  #defer(definitions: readonly ToolDefinition[]): void {
    for (const definition of definitions) this.#deferred.add(definition.function.name);
    this.#index.add(
      definitions.map((d) => ({ name: d.function.name, description: d.function.description })),
    );
  }
}

/**
 * Decide tool search for one task: defer MCP and plugin tools when their definitions would take
 * more than `config.threshold` of the context window (`auto`), always (`on`) or never (`off`).
 */
export function createToolSearch(options: ToolSearchOptions): ToolSearchSession {
  return new ToolSearchSession(options);
}
