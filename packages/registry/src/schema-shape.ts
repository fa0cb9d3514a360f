import type { JsonSchema } from "./types.js";

const TYPES = new Set(["string", "number", "integer", "boolean", "object", "array", "null"]);
const SCHEMA_MAPS = [
  "properties",
  "patternProperties",
  "$defs",
  "definitions",
  "dependentSchemas",
] as const;
const SCHEMA_LISTS = ["anyOf", "oneOf", "allOf", "prefixItems"] as const;
const SUBSCHEMAS = [
  "not",
  "if",
  "then",
  "else",
  "contains",
  "propertyNames",
  "unevaluatedItems",
  "unevaluatedProperties",
] as const;
const BOOLEAN_OR_SCHEMA = ["additionalProperties", "additionalItems", "items"] as const;

const COUNTS = [
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
  "minProperties",
  "maxProperties",
] as const;
const BOUNDS = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"] as const;
const TEXTS = ["title", "description", "format"] as const;

function isObject(value: unknown): value is JsonSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function where(path: string, key: string): string {
  return path === "" ? key : `${path}.${key}`;
}

/** Why `source` is not a regular expression the validator accepts (it uses the `u` flag), or undefined. */
export function regexProblem(source: unknown): string | undefined {
  if (typeof source !== "string") return "must be a string";
  try {
    new RegExp(source, "u");
    return undefined;
  } catch (error) {
    return `is not a valid regular expression: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** Whether a local reference (`#`, `#/$defs/x`) points at something in `root`. */
export function resolves(root: JsonSchema, ref: string): boolean {
  let current: unknown = root;
  for (const raw of ref.slice(1).split("/").slice(1)) {
    let key: string;
    try {
      key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    } catch {
      return false;
    }
    if (Array.isArray(current) && /^\d+$/.test(key)) current = current[Number(key)];
    else if (isObject(current) && Object.hasOwn(current, key)) current = current[key];
    else return false;
  }
  return isObject(current) || typeof current === "boolean";
}

/** Problems with the value keywords of one schema object (not its subschemas). */
function keywordProblem(schema: JsonSchema, path: string, root: JsonSchema): string | undefined {
  const type = schema["type"];
  if (type !== undefined) {
    const list = Array.isArray(type) ? type : [type];
    const bad = list.find((item) => typeof item !== "string" || !TYPES.has(item));
    if (bad !== undefined || list.length === 0) {
      return `${where(path, "type")} must be one of ${[...TYPES].join(", ")} (or a list of them), got ${JSON.stringify(type)}`;
    }
  }
  const required = schema["required"];
  if (
    required !== undefined &&
    !(Array.isArray(required) && required.every((item) => typeof item === "string"))
  ) {
    return `${where(path, "required")} must be a list of property names`;
  }
  if (schema["enum"] !== undefined && !Array.isArray(schema["enum"]))
    return `${where(path, "enum")} must be a list`;
  for (const key of COUNTS) {
    const value = schema[key];
    if (value !== undefined && !(Number.isInteger(value) && (value as number) >= 0))
      return `${where(path, key)} must be a non-negative integer, got ${JSON.stringify(value)}`;
  }
  for (const key of BOUNDS) {
    const value = schema[key];
    if (value !== undefined && typeof value !== "number")
      return `${where(path, key)} must be a number, got ${JSON.stringify(value)}`;
  }
  const multipleOf = schema["multipleOf"];
  if (multipleOf !== undefined && !(typeof multipleOf === "number" && multipleOf > 0))
    return `${where(path, "multipleOf")} must be a number greater than 0`;
  if (schema["uniqueItems"] !== undefined && typeof schema["uniqueItems"] !== "boolean")
    return `${where(path, "uniqueItems")} must be a boolean`;
  for (const key of TEXTS) {
    if (schema[key] !== undefined && typeof schema[key] !== "string")
      return `${where(path, key)} must be a string`;
  }
  if (schema["pattern"] !== undefined) {
    const problem = regexProblem(schema["pattern"]);
    if (problem !== undefined) return `${where(path, "pattern")} ${problem}`;
  }
  const patterns = schema["patternProperties"];
  if (isObject(patterns)) {
    for (const source of Object.keys(patterns)) {
      const problem = regexProblem(source);
      if (problem !== undefined) return `${where(path, "patternProperties")} key ${problem}`;
    }
  }
  const ref = schema["$ref"];
  if (ref !== undefined) {
    if (typeof ref !== "string") return `${where(path, "$ref")} must be a string`;
    if ((ref === "#" || ref.startsWith("#/")) && !resolves(root, ref))
      return `${where(path, "$ref")} points at nothing: ${JSON.stringify(ref)}`;
  }
  return undefined;
}

/**
 * Find the first mistake in a JSON Schema that the validator would refuse: an unknown `type`,
 * `properties` that are not schemas, a `required` that is not a list of names, a bound that is
 * not a number, a `pattern` that is not a regular expression, a local `$ref` pointing at
 * nothing, and the like, at any depth. Registration copies a schema and vouches for it in one
 * pass (`snapshotSchema`); this thorough walk, which names the first problem in a fixed order,
 * runs when that pass cannot vouch for it.
 * @returns a message naming the offending keyword's path, or undefined when none was found.
 */
export function findSchemaProblems(schema: unknown): string | undefined {
  return problemAt(schema, "", isObject(schema) ? schema : {});
}

/** What the one-pass check makes of a keyword's value; a keyword not listed is not checked. */
export const Kind = {
  Count: 0,
  Bound: 1,
  Text: 2,
  SchemaMap: 3,
  PatternMap: 4,
  SchemaList: 5,
  Subschema: 6,
  Items: 7,
  Type: 8,
  Required: 9,
  Enum: 10,
  MultipleOf: 11,
  UniqueItems: 12,
  Pattern: 13,
  Ref: 14,
} as const;
/** One of the {@link Kind} values. */
export type Kind = (typeof Kind)[keyof typeof Kind];

/** Each checked keyword and its kind: one lookup per key. */
export const KEYWORD_KINDS: ReadonlyMap<string, Kind> = new Map<string, Kind>([
  ...COUNTS.map((key) => [key, Kind.Count] as const),
  ...BOUNDS.map((key) => [key, Kind.Bound] as const),
  ...TEXTS.map((key) => [key, Kind.Text] as const),
  ...SCHEMA_MAPS.map((key) => [key, Kind.SchemaMap] as const),
  ["patternProperties", Kind.PatternMap],
  ...SCHEMA_LISTS.map((key) => [key, Kind.SchemaList] as const),
  ...[...SUBSCHEMAS, ...BOOLEAN_OR_SCHEMA].map((key) => [key, Kind.Subschema] as const),
  ["items", Kind.Items],
  ["type", Kind.Type],
  ["required", Kind.Required],
  ["enum", Kind.Enum],
  ["multipleOf", Kind.MultipleOf],
  ["uniqueItems", Kind.UniqueItems],
  ["pattern", Kind.Pattern],
  ["$ref", Kind.Ref],
]);

/** Whether `type` is a known type name or a non-empty list of them. */
export function isSoundType(type: unknown): boolean {
  if (typeof type === "string") return TYPES.has(type);
  if (!Array.isArray(type) || type.length === 0) return false;
  for (const item of type) if (typeof item !== "string" || !TYPES.has(item)) return false;
  return true;
}

function problemAt(schema: unknown, path: string, root: JsonSchema): string | undefined {
  if (typeof schema === "boolean") return undefined;
  if (!isObject(schema))
    return `${path === "" ? "the schema" : path} must be an object or a boolean`;
  const own = keywordProblem(schema, path, root);
  if (own !== undefined) return own;
  for (const key of SCHEMA_MAPS) {
    const map = schema[key];
    if (map === undefined) continue;
    if (!isObject(map)) return `${where(path, key)} must be an object of schemas`;
    for (const name of Object.keys(map)) {
      const problem = problemAt(map[name], where(where(path, key), name), root);
      if (problem !== undefined) return problem;
    }
  }
  for (const key of SCHEMA_LISTS) {
    const list = schema[key];
    if (list === undefined) continue;
    if (!Array.isArray(list)) return `${where(path, key)} must be a list of schemas`;
    for (let i = 0; i < list.length; i++) {
      const problem = problemAt(list[i], `${where(path, key)}[${i}]`, root);
      if (problem !== undefined) return problem;
    }
  }
  for (const key of [...SUBSCHEMAS, ...BOOLEAN_OR_SCHEMA]) {
    const sub = schema[key];
    if (sub === undefined) continue;
    const items = key === "items" && Array.isArray(sub) ? sub : [sub];
    for (const item of items) {
      const problem = problemAt(item, where(path, key), root);
      if (problem !== undefined) return problem;
    }
  }
  return undefined;
}
