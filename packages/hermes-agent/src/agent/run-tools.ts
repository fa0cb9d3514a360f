import type { HermesConfig } from "@hermes-agent/config";
import type { Logger } from "@hermes-agent/core";
import type * as McpModule from "@hermes-agent/mcp";
import type { ToolDefinition } from "@hermes-agent/registry";
import type { FunctionCallContext } from "../pipeline/dispatch-pipeline.js";
import type { RuntimeEvents } from "../runtime/runtime-events.js";

/** Context window assumed when neither the run nor `model.context_length` names one. */
export const DEFAULT_CONTEXT_WINDOW_TOKENS = 128_000;

type CallFunction = (name: string, args: unknown, ctx?: FunctionCallContext) => Promise<string>;

/** Tools that arrived or left since the run's list was last sent (an MCP server, a plugin). */
export interface ToolListChange {
  readonly added: readonly string[];
  readonly removed: readonly string[];
  /** True when tool search is active: added tools are found with `tool_search`, not listed. */
  readonly searchable: boolean;
}

/** The tools of one run: what the model sees, and how its calls are run. */
export interface RunTools {
  /** The list sent to the model; it changes only after `refresh()` reported a change. */
  readonly definitions: readonly ToolDefinition[];
  /**
   * Compare the run's tools with the registry's (only when the registry changed since the last
   * look): the change, if any, with `definitions` updated (or, under tool search, the added
   * tools made searchable).
   */
  refresh(): ToolListChange | undefined;
  /** Runs one model call: `tool_search` / `tool_describe` / `tool_call` when search is active. */
  readonly call: CallFunction;
  /** Names hidden behind tool search (empty when it is not active). */
  readonly deferred: readonly string[];
  /** Stop following tool-list changes. */
  close(): void;
}

/** What {@link assembleRunTools} needs. */
export interface RunToolsInput {
  /** The run's tools, availability-checked and filtered. */
  readonly definitions: readonly ToolDefinition[];
  /** MCP and plugin tools: the ones tool search may defer. */
  readonly isDeferrable: (name: string) => boolean;
  readonly config: HermesConfig;
  /** The model's context window; default `model.context_length`, else 128 000. */
  readonly contextWindowTokens: number | undefined;
  readonly handleFunctionCall: CallFunction;
  /** The run's tools as they are now (after an MCP server's list changed). */
  readonly currentDefinitions: () => readonly ToolDefinition[];
  /** The registry's generation: it changes whenever a tool is added or removed. */
  readonly generation: () => number;
  readonly events: RuntimeEvents;
  readonly logger: Logger;
}

function contextWindowOf(config: HermesConfig, explicit: number | undefined): number {
  if (explicit !== undefined) return explicit;
  const model = (config as Readonly<Record<string, unknown>>).model;
  const length =
    typeof model === "object" && model !== null
      ? Number((model as Record<string, unknown>).context_length)
      : Number.NaN;
  return Number.isFinite(length) && length > 0 ? length : DEFAULT_CONTEXT_WINDOW_TOKENS;
}

/**
 * Apply tool search to a run, as Hermes does: when the MCP and plugin tools would take more
 * than `tool_search.threshold` of the context window (`tool_search: auto | on | off`), they are
 * replaced by `tool_search`, `tool_describe` and `tool_call` for the whole run (the list never
 * changes, so prompt caching keeps working). `tool_call` is unwrapped into the pipeline, so
 * hooks and approval apply. Tools that appear during the run become searchable.
 */
/** Follows the registry's tool list for one run, by generation, so an unchanged registry costs nothing. */
function listFollower(input: RunToolsInput) {
  let generation = input.generation();
  let known = new Set(input.definitions.map((definition) => definition.function.name));
  return ():
    { change: Omit<ToolListChange, "searchable">; now: readonly ToolDefinition[] } | undefined => {
    const current = input.generation();
    if (current === generation) return undefined;
    generation = current;
    const now = input.currentDefinitions();
    const names = new Set(now.map((definition) => definition.function.name));
    const added = [...names].filter((name) => !known.has(name)).sort();
    const removed = [...known].filter((name) => !names.has(name)).sort();
    known = names;
    if (added.length === 0 && removed.length === 0) return undefined;
    return { change: { added, removed }, now };
  };
}

function directTools(input: RunToolsInput): RunTools {
  const follow = listFollower(input);
  let definitions = input.definitions;
  return {
    get definitions() {
      return definitions;
    },
    refresh() {
      const seen = follow();
      if (seen === undefined) return undefined;
      definitions = seen.now;
      return { ...seen.change, searchable: false };
    },
    call: input.handleFunctionCall,
    deferred: [],
    close: () => undefined,
  };
}

/**
 * Apply tool search to a run, as Hermes does: when the MCP and plugin tools would take more
 * than `tool_search.threshold` of the context window (`tool_search: auto | on | off`), they are
 * replaced by `tool_search`, `tool_describe` and `tool_call` for the whole run (the list never
 * changes, so prompt caching keeps working). `tool_call` is unwrapped into the pipeline, so
 * hooks and approval apply. Tools that appear during the run become searchable. Without tool
 * search the list follows the registry, and `refresh()` says what changed.
 */
export async function assembleRunTools(input: RunToolsInput): Promise<RunTools> {
  if (!input.definitions.some((definition) => input.isDeferrable(definition.function.name)))
    return directTools(input);
  // Only runs with MCP or plugin tools pay for loading the search.
  let mcp: typeof McpModule;
  try {
    mcp = await import("@hermes-agent/mcp");
  } catch (error) {
    input.logger.debug(`Tool search is unavailable (@hermes-agent/mcp): ${String(error)}`);
    return directTools(input);
  }
  const setting = mcp.readToolSearchConfig(input.config.tool_search);
  if (setting.problem !== undefined) input.logger.warn(setting.problem);
  const search = mcp.createToolSearch({
    definitions: input.definitions,
    isDeferrable: input.isDeferrable,
    contextWindowTokens: contextWindowOf(input.config, input.contextWindowTokens),
    config: setting,
    callTool: (name, args, ctx) => input.handleFunctionCall(name, args, ctx),
  });
  if (!search.active) return directTools(input);
  // The searchable set follows the registry by generation: checked before each search-tool
  // call (mid-turn too), so a tool that left is never found and one that came back is.
  let synced = input.generation();
  const sync = (): void => {
    const current = input.generation();
    if (current === synced) return;
    synced = current;
    search.setTools(input.currentDefinitions());
  };
  const stop = input.events.on("mcp:status", (event) => {
    if (event.status === "tools_changed" || event.status === "closed") sync();
  });
  const follow = listFollower(input);
  return {
    definitions: search.definitions,
    deferred: search.deferredNames,
    refresh() {
      sync();
      const seen = follow();
      if (seen === undefined) return undefined;
      return { ...seen.change, searchable: true };
    },
    call: async (name, args, ctx) => {
      if (!search.handles(name)) return input.handleFunctionCall(name, args, ctx);
      sync();
      const output = await search.dispatch(name, args, ctx);
      return typeof output === "string" ? output : JSON.stringify(output);
    },
    close: stop,
  };
}

/** The message that tells the model its tool list changed. */
export function toolListChangeMessage(change: ToolListChange): string {
  const parts: string[] = [];
  if (change.added.length > 0) {
    parts.push(
      change.searchable
        ? `New tools are available through tool_search / tool_call: ${change.added.join(", ")}.`
        : `New tools are available: ${change.added.join(", ")}.`,
    );
  }
  if (change.removed.length > 0) {
    parts.push(`These tools are no longer available: ${change.removed.join(", ")}.`);
  }
  return `[Tool list changed] ${parts.join(" ")}`;
}
