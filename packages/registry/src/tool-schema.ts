import type { z } from "zod";
import { RegistryError, RegistryErrorCode } from "./registry-error.js";
import { copyPlainData, deepFreeze, samePlainData } from "./plain-copy.js";
import { findSchemaProblems } from "./schema-shape.js";
import { snapshotSchema } from "./schema-snapshot.js";
import { applyStrictMode } from "./strict-schema.js";
import type { FunctionSchema, JsonSchema, ToolSchemaInput } from "./types.js";
import { isZodSchema, zodToJsonSchema } from "./zod-interop.js";

/** A tool schema after registration: JSON Schema parameters, frozen, plus the zod source if any. */
export interface NormalizedSchema {
  readonly schema: FunctionSchema;
  readonly zodSchema: z.ZodType | undefined;
}

function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

function invalid(toolName: string, message: string, cause?: unknown): RegistryError {
  return new RegistryError(RegistryErrorCode.InvalidSchema, `Tool '${toolName}': ${message}`, {
    toolName,
    cause,
  });
}

/** True when the schema has keys besides parameters, name and description. */
function hasExtraKeys(body: object): boolean {
  for (const key of Object.keys(body)) {
    if (key !== "parameters" && key !== "name" && key !== "description") return true;
  }
  return false;
}

function convertZod(toolName: string, parameters: z.ZodType): JsonSchema {
  const kind = (parameters._zod.def as { type?: unknown }).type;
  if (kind !== "object") {
    throw invalid(toolName, `schema['parameters'] must be a zod object, got zod ${String(kind)}`);
  }
  try {
    return zodToJsonSchema(parameters);
  } catch (error) {
    throw invalid(
      toolName,
      `schema['parameters'] could not be converted to JSON Schema: ${String(error)}`,
      error,
    );
  }
}

/**
 * A private copy of the parameters, checked; frozen unless strict mode must still edit it. Most
 * schemas are copied and vouched for in one pass; the others are copied, then walked to name
 * their first problem.
 */
function copyJsonSchema(toolName: string, parameters: JsonSchema, freeze: boolean): JsonSchema {
  let copy = snapshotSchema(parameters, freeze);
  if (copy === undefined) {
    try {
      copy = copyPlainData(parameters, freeze);
    } catch (error) {
      throw invalid(toolName, "schema['parameters'] must be plain JSON data", error);
    }
    const problems = findSchemaProblems(copy);
    if (problems !== undefined) {
      throw invalid(toolName, `schema['parameters'] is not a valid JSON Schema: ${problems}`);
    }
  }
  if (copy["type"] !== undefined && copy["type"] !== "object") {
    throw invalid(
      toolName,
      `schema['parameters'] must describe an object, got type ${JSON.stringify(copy["type"])}`,
    );
  }
  return copy;
}

/**
 * Whether `stored` (a plain tool's stored schema: name, description, parameters) is exactly
 * what registering `body` would store: same description shown, same parameters, no other keys.
 */
function isSameSchema(
  stored: FunctionSchema,
  body: ToolSchemaInput & Record<string, unknown>,
  description: string | undefined,
): boolean {
  const own = body.description;
  if (own !== undefined && typeof own !== "string") return false;
  return (
    stored.description === (own ?? description ?? "") &&
    !hasExtraKeys(stored) &&
    !hasExtraKeys(body) &&
    samePlainData(stored.parameters, body.parameters)
  );
}

/**
 * Check a tool's schema and turn it into the stored form: a private deep copy with JSON Schema
 * parameters, the registered name and the description, deeply frozen.
 * Throws a {@link RegistryError} naming the tool when the schema or its parameters are invalid.
 */
export function normalizeToolSchema(
  toolName: string,
  input: unknown,
  options: {
    readonly description?: string | undefined;
    readonly strict?: boolean;
    /**
     * The stored schema of the tool registered under this name now, if it came from JSON
     * Schema parameters: kept as is when `input` holds the same (a re-registration, such as an
     * MCP server's tools after a reconnect), instead of copying and checking the same data again.
     */
    readonly previous?: FunctionSchema | undefined;
  } = {},
): NormalizedSchema {
  const description = options.description;
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    throw invalid(toolName, `schema must be an object, got ${describeType(input)}`);
  }
  const body = input as ToolSchemaInput & Record<string, unknown>;
  const parameters: unknown = body.parameters;
  if (typeof parameters !== "object" || parameters === null || Array.isArray(parameters)) {
    throw invalid(
      toolName,
      `schema['parameters'] must be an object (JSON Schema or zod object), got ${describeType(parameters)}`,
    );
  }
  if (!isZodSchema(parameters) && "_def" in parameters && "safeParse" in parameters) {
    throw invalid(toolName, "schema['parameters'] is a zod 3 schema; zod 4 is required");
  }
  const zodSchema = isZodSchema(parameters) ? parameters : undefined;
  const previous = options.previous;
  if (
    previous !== undefined &&
    zodSchema === undefined &&
    options.strict !== true &&
    isSameSchema(previous, body, description)
  ) {
    return { schema: previous, zodSchema };
  }
  const jsonParameters =
    zodSchema === undefined
      ? copyJsonSchema(toolName, parameters as JsonSchema, options.strict !== true)
      : convertZod(toolName, zodSchema);
  if (body.description !== undefined && typeof body.description !== "string") {
    throw invalid(
      toolName,
      `schema['description'] must be a string, got ${describeType(body.description)}`,
    );
  }
  // The model sees the schema's own description, as in Hermes; the spec's is the fallback.
  const shownDescription = body.description ?? description ?? "";
  const extraKeys = hasExtraKeys(body);
  if (zodSchema === undefined && options.strict !== true && !extraKeys) {
    // The common case: the parameters are a frozen private copy already.
    const schema: FunctionSchema = Object.freeze({
      name: toolName,
      description: shownDescription,
      parameters: jsonParameters,
    });
    return { schema, zodSchema };
  }
  let extras: Record<string, unknown> = {};
  if (extraKeys) {
    const { parameters: _parameters, name: _name, description: _description, ...rest } = body;
    try {
      extras = structuredClone(rest);
    } catch (error) {
      throw invalid(toolName, "schema must be plain JSON data", error);
    }
  }
  if (options.strict === true) {
    const problem = applyStrictMode(jsonParameters);
    if (problem !== undefined) throw invalid(toolName, `strict schema: ${problem}`);
    extras["strict"] = true;
  }
  const schema: FunctionSchema = {
    ...extras,
    name: toolName,
    description: shownDescription,
    parameters: jsonParameters,
  };
  return { schema: deepFreeze(schema), zodSchema };
}
