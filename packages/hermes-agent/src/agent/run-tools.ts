import type { HermesConfig } from "@hermes-agent/config";
import type { Logger } from "@hermes-agent/core";
import type * as McpModule from "@hermes-agent/mcp";
import type { ToolDefinition } from "@hermes-agent/registry";
import type { FunctionCallContext } from "../pipeline/dispatch-pipeline.js";
import type { RuntimeEvents } from "../runtime/runtime-events.js";

/** Context window assumed when neither the run nor `model.context_length` names one. */
export const DEFAULT_CONTEXT_WINDOW_TOKENS = 128_000;

type CallFunction = (name: string, args: unknown, ctx?: FunctionCallContext) => Promise<string>;

/** The tools of one run: what the model sees, and how its calls are run. */
export interface RunTools {
  /** The list sent to the model, the same for every turn of the run. */
  readonly definitions: readonly ToolDefinition[];
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
export async function assembleRunTools(input: RunToolsInput): Promise<RunTools> {
  const direct: RunTools = {
    definitions: input.definitions,
    call: input.handleFunctionCall,
    deferred: [],
    close: () => undefined,
  };
  if (!input.definitions.some((definition) => input.isDeferrable(definition.function.name)))
    return direct;
  // Only runs with MCP or plugin tools pay for loading the search.
  let mcp: typeof McpModule;
  try {
    mcp = await import("@hermes-agent/mcp");
  } catch (error) {
    input.logger.debug(`Tool search is unavailable (@hermes-agent/mcp): ${String(error)}`);
    return direct;
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
  if (!search.active) return direct;
  const stop = input.events.on("mcp:status", (event) => {
    if (event.status === "tools_changed") search.addTools(input.currentDefinitions());
  });
  return {
    definitions: search.definitions,
    deferred: search.deferredNames,
    call: async (name, args, ctx) => {
      if (!search.handles(name)) return input.handleFunctionCall(name, args, ctx);
      const output = await search.dispatch(name, args, ctx);
      return typeof output === "string" ? output : JSON.stringify(output);
    },
    close: stop,
  };
}
