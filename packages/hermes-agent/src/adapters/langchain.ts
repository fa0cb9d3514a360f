import { DynamicStructuredTool, type ToolRunnableConfig } from "@langchain/core/tools";
import type { HermesRuntime } from "../runtime/hermes-runtime.js";
import { adapterCallContext, adapterToolSchemas, type AdapterOptions } from "./adapter-tools.js";

export type { AdapterOptions } from "./adapter-tools.js";

/**
 * The runtime's tools as LangChain.js `DynamicStructuredTool`s (for `model.bindTools(tools)`,
 * `createAgent({ tools })` or a `ToolNode`). Each call runs through `runtime.handleFunctionCall`
 * (hooks, approval, limits) with the run's abort signal; the result is the model-facing string.
 * Dangerous commands are decided by the runtime's `approval`. Call it again before each run to
 * see tools added or removed since.
 */
export function toLangChainTools(
  runtime: HermesRuntime,
  options: AdapterOptions = {},
): DynamicStructuredTool[] {
  return adapterToolSchemas(runtime, options).map((schema) => {
    const name = schema.name;
    return new DynamicStructuredTool({
      name,
      description: schema.description,
      // LangChain validates with a library that annotates the schema object: give it its own copy.
      schema: structuredClone(schema.parameters) as Record<string, unknown>,
      func: (input: unknown, _runManager, config) =>
        runtime.handleFunctionCall(
          name,
          input,
          adapterCallContext(options, {
            toolCallId: (config as ToolRunnableConfig | undefined)?.toolCall?.id,
            signal: config?.signal,
          }),
        ),
    });
  });
}
