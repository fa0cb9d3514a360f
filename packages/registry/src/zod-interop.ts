import { createRequire } from "node:module";
import type * as ZodCore from "zod/v4/core";
import type { z } from "zod";
import type { JsonSchema } from "./types.js";

let core: typeof ZodCore | undefined;

/**
 * zod's core, loaded on first need only: classic zod schemas bring their own `toJSONSchema` and
 * `safeParse` methods, so importing the registry does not load zod at all.
 */
function zodCore(): typeof ZodCore {
  core ??= createRequire(import.meta.url)("zod/v4/core") as typeof ZodCore;
  return core;
}

/** True for a zod 4 schema (classic, mini or core). */
export function isZodSchema(value: object): value is z.ZodType {
  return "_zod" in value;
}

/** The JSON Schema of a zod schema's input side, without the `$schema` key. */
export function zodToJsonSchema(schema: z.ZodType): JsonSchema {
  const options = { io: "input", unrepresentable: "any" } as const;
  const own = (schema as { toJSONSchema?: unknown }).toJSONSchema;
  const converted =
    typeof own === "function"
      ? (own.call(schema, options) as Record<string, unknown>)
      : (zodCore().toJSONSchema(schema, options) as Record<string, unknown>);
  const { $schema: _ignored, ...rest } = converted;
  return rest;
}

/** Result of {@link zodSafeParse}. */
export type ZodParseResult =
  | { readonly success: true; readonly data: unknown }
  | { readonly success: false; readonly error: { readonly issues: readonly ZodCore.$ZodIssue[] } };

/** Parse with the schema's own `safeParse` when it has one, else with zod core's. */
export function zodSafeParse(schema: z.ZodType, value: unknown): ZodParseResult {
  const own = (schema as { safeParse?: unknown }).safeParse;
  if (typeof own === "function") return own.call(schema, value) as ZodParseResult;
  return zodCore().safeParse(schema, value) as ZodParseResult;
}
