import { randomUUID } from "node:crypto";
import type { ToolSpec } from "@hermes-agent/registry";
import {
  asSchema,
  jsonSchema,
  tool,
  type FlexibleSchema,
  type ToolExecutionOptions,
  type ToolSet,
} from "ai";
import type { HermesRuntime } from "../runtime/hermes-runtime.js";
import { adapterCallContext, adapterToolSchemas, type AdapterOptions } from "./adapter-tools.js";

export type { AdapterOptions } from "./adapter-tools.js";

/**
 * The runtime's tools as an AI SDK `ToolSet` for `generateText` / `streamText`. Each tool's
 * `execute` runs the call through `runtime.handleFunctionCall` (hooks, approval, limits) with
 * the call's abort signal, and returns the model-facing string unchanged. Call it again before
 * each run to see tools added or removed since.
 */
export function toAiSdkTools(runtime: HermesRuntime, options: AdapterOptions = {}): ToolSet {
  const tools: ToolSet = {};
  for (const schema of adapterToolSchemas(runtime, options)) {
    const name = schema.name;
    tools[name] = tool<unknown, string>({
      description: schema.description,
      inputSchema: jsonSchema<unknown>(schema.parameters as Parameters<typeof jsonSchema>[0]),
      execute: (input, { abortSignal, toolCallId }) =>
        runtime.handleFunctionCall(
          name,
          input,
          adapterCallContext(options, { toolCallId, signal: abortSignal }),
        ),
    });
  }
  return tools;
}

/** The parts of an AI SDK `Tool` that {@link fromAiSdkTool} uses. */
export interface AiSdkToolLike<Input> {
  readonly description?: string | undefined;
  readonly inputSchema: FlexibleSchema<Input>;
  readonly execute?: ((input: Input, options: ToolExecutionOptions) => unknown) | undefined;
}

/** Options of {@link fromAiSdkTool}. */
export interface FromAiSdkToolOptions {
  /** The toolset the tool joins (default `ai-sdk`); enable it to offer the tool to the model. */
  readonly toolset?: string;
}

function resultText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value ?? null);
}

async function lastValue(value: unknown): Promise<unknown> {
  if (value !== null && typeof value === "object" && Symbol.asyncIterator in value) {
    let last: unknown;
    for await (const part of value as AsyncIterable<unknown>) last = part;
    return last;
  }
  return value;
}

/**
 * An AI SDK tool as a registry tool spec: `runtime.registry.register(fromAiSdkTool("weather",
 * weatherTool))` puts it in our toolsets and pipeline (hooks, approval, result limits). Its input
 * schema (zod or `jsonSchema()`) becomes the function's parameters; arguments are validated by
 * that schema before `execute` runs; a tool without `execute` is refused.
 */
export function fromAiSdkTool<Input>(
  name: string,
  aiTool: AiSdkToolLike<Input>,
  options: FromAiSdkToolOptions = {},
): ToolSpec {
  const execute = aiTool.execute;
  if (typeof execute !== "function") {
    throw new TypeError(
      `fromAiSdkTool: the AI SDK tool "${name}" has no execute function; only tools that run ` +
        "on the server can join the registry.",
    );
  }
  const schema = asSchema(aiTool.inputSchema);
  return {
    name,
    toolset: options.toolset ?? "ai-sdk",
    description: aiTool.description ?? name,
    schema: {
      name,
      description: aiTool.description ?? name,
      parameters: schema.jsonSchema as Record<string, unknown>,
    },
    async handler(args, ctx) {
      let input = args as Input;
      if (schema.validate !== undefined) {
        const checked = await schema.validate(args);
        if (!checked.success) {
          return JSON.stringify({
            error: `Invalid arguments for ${name}: ${checked.error.message}`,
          });
        }
        input = checked.value;
      }
      const output = await execute(input, {
        toolCallId: `hermes-${name}-${randomUUID()}`,
        messages: [],
        abortSignal: ctx.signal,
      });
      return resultText(await lastValue(output));
    },
  };
}
