import type { z } from "zod";
import type { ToolCallContext, ToolSchemaInput, ToolSpec } from "./types.js";

/** A tool spec whose parameters are a zod object; the handler's arguments are inferred from it. */
export interface ZodToolSpec<S extends z.ZodObject> extends Omit<
  ToolSpec<z.output<S>>,
  "schema" | "handler"
> {
  readonly schema: ToolSchemaInput<S>;
  handler(args: z.output<S>, ctx: ToolCallContext): unknown;
}

/**
 * Type a tool spec from its zod parameters, so the handler's arguments are checked at compile
 * time; at run time they are parsed by the same schema before the handler runs.
 * @example
 * registry.register(defineTool({
 *   name: "add", toolset: "math",
 *   schema: { description: "Add two integers", parameters: z.object({ a: z.number().int(), b: z.number().int() }) },
 *   handler: ({ a, b }) => toolResult({ sum: a + b }),
 * }));
 */
export function defineTool<S extends z.ZodObject>(spec: ZodToolSpec<S>): ToolSpec<z.output<S>> {
  return spec;
}
