import type { JsonSchema } from "@hermes-agent/registry";

type Json = Record<string, unknown>;

// Invisible Unicode tag characters (U+E0000–U+E007F) can carry hidden instructions.
const TAG_CHARACTERS = /[\u{E0000}-\u{E007F}]/gu;

const SCHEMA_MAPS = ["properties", "patternProperties", "$defs", "dependentSchemas"] as const;
const SCHEMA_LISTS = ["anyOf", "oneOf", "allOf", "prefixItems"] as const;
const SUBSCHEMAS = [
  "items",
  "additionalProperties",
  "not",
  "if",
  "then",
  "else",
  "contains",
] as const;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Remove invisible Unicode tag characters from text shown to the model. */
export function stripInvisibleCharacters(text: string): string {
  return text.replace(TAG_CHARACTERS, "");
}

function isNullSchema(value: unknown): boolean {
  return isObject(value) && value.type === "null" && Object.keys(value).length === 1;
}

/** `anyOf: [T, {type: null}]` → T with `nullable: true`, keeping the outer keywords. */
function collapseNullable(schema: Json): Json {
  for (const key of ["anyOf", "oneOf"] as const) {
    const options = schema[key];
    if (!Array.isArray(options) || options.length !== 2) continue;
    const nonNull = options.filter((option) => !isNullSchema(option));
    if (nonNull.length !== 1 || !isObject(nonNull[0])) continue;
    const { [key]: _dropped, ...outer } = schema;
    return { ...nonNull[0], ...outer, nullable: true };
  }
  return schema;
}

/** `anyOf: [{const: a}, {const: b}]` → `enum: [a, b]`. */
function constUnionToEnum(schema: Json): Json {
  for (const key of ["anyOf", "oneOf"] as const) {
    const options = schema[key];
    if (!Array.isArray(options) || options.length === 0) continue;
    if (!options.every((option) => isObject(option) && "const" in option)) continue;
    const { [key]: _dropped, ...outer } = schema;
    const values = options.map((option) => (option as Json).const);
    const types = new Set(
      values.map((value) => (typeof value === "number" ? "number" : typeof value)),
    );
    const type = types.size === 1 ? [...types][0] : undefined;
    return {
      ...(type === "string" || type === "number" || type === "boolean" ? { type } : {}),
      ...outer,
      enum: values,
    };
  }
  return schema;
}

function normalizeNode(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(normalizeNode);
  if (!isObject(node)) return node;
  let schema: Json = { ...node };
  // The legacy keyword only; a property called "definitions" lives under `properties`.
  if (isObject(schema.definitions) && !isObject(schema.$defs)) {
    schema.$defs = schema.definitions;
    delete schema.definitions;
  }
  if (typeof schema.$ref === "string")
    schema.$ref = schema.$ref.replace("#/definitions/", "#/$defs/");
  schema = constUnionToEnum(collapseNullable(schema));
  for (const key of SCHEMA_MAPS) {
    const map = schema[key];
    if (isObject(map)) {
      schema[key] = Object.fromEntries(Object.entries(map).map(([k, v]) => [k, normalizeNode(v)]));
    }
  }
  for (const key of SCHEMA_LISTS) {
    const list = schema[key];
    if (Array.isArray(list)) schema[key] = list.map(normalizeNode);
  }
  for (const key of SUBSCHEMAS) {
    if (isObject(schema[key])) schema[key] = normalizeNode(schema[key]);
  }
  if (schema.type === "array" && schema.items === undefined) schema.items = {};
  if (schema.type === "object" || isObject(schema.properties)) {
    if (schema.type === undefined) schema.type = "object";
    if (!isObject(schema.properties)) schema.properties = {};
    pruneRequired(schema);
  }
  if (typeof schema.description === "string") {
    schema.description = stripInvisibleCharacters(schema.description);
  }
  return schema;
}

function pruneRequired(schema: Json): void {
  if (schema.required === undefined) return;
  const properties = schema.properties as Json;
  const required = Array.isArray(schema.required)
    ? schema.required.filter(
        (name): name is string => typeof name === "string" && name in properties,
      )
    : [];
  if (required.length === 0) delete schema.required;
  else schema.required = [...new Set(required)];
}

/**
 * Make an MCP tool's input schema fit OpenAI-style function calling: a missing schema becomes
 * `{type: "object", properties: {}}`; `type: object` and `properties` are filled in; `required`
 * keeps only existing properties; legacy `definitions` becomes `$defs`; `[T, null]` unions
 * collapse to T with `nullable: true`; const unions become enums; arrays get `items`.
 */
export function normalizeInputSchema(schema: unknown): JsonSchema {
  if (!isObject(schema)) return { type: "object", properties: {} };
  const normalized = normalizeNode(schema) as Json;
  normalized.type = "object";
  if (!isObject(normalized.properties)) normalized.properties = {};
  pruneRequired(normalized);
  return normalized;
}

/** The description the model sees: the server's, or `MCP tool <tool> from <server>`, tags stripped. */
export function normalizeDescription(description: unknown, tool: string, server: string): string {
  const text = typeof description === "string" ? stripInvisibleCharacters(description).trim() : "";
  return text === "" ? `MCP tool ${tool} from ${server}` : text;
}
