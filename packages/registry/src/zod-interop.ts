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
  dropSafeIntegerBounds(rest);
  return rest;
}

/**
 * zod writes `z.number().int()` as an integer between ±(2^53 − 1). Those bounds say nothing a
 * model needs (and cost tokens on every request), so they are removed, in place, at any depth;
 * bounds a tool author chose are kept.
 */
function dropSafeIntegerBounds(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) dropSafeIntegerBounds(item);
    return;
  }
  if (typeof node !== "object" || node === null) return;
  const schema = node as Record<string, unknown>;
  if (schema["minimum"] === Number.MIN_SAFE_INTEGER) delete schema["minimum"];
  if (schema["maximum"] === Number.MAX_SAFE_INTEGER) delete schema["maximum"];
  for (const value of Object.values(schema)) dropSafeIntegerBounds(value);
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
