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

function isObject(value: unknown): value is JsonSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function where(path: string, key: string): string {
  return path === "" ? key : `${path}.${key}`;
}

/**
 * Find the first structural mistake in a JSON Schema: an unknown `type`, `properties` that are
 * not schemas, a `required` that is not a list of names, a non-list `enum`, and the like, at any
 * depth. This is what registration checks (cheaply, with no validator loaded); the validator
 * compiled on first dispatch checks the rest.
 * @returns a message naming the offending keyword's path, or undefined when none was found.
 */
export function findSchemaProblems(schema: unknown, path = ""): string | undefined {
  if (typeof schema === "boolean") return undefined;
  if (!isObject(schema))
    return `${path === "" ? "the schema" : path} must be an object or a boolean`;
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
  for (const key of SCHEMA_MAPS) {
    const map = schema[key];
    if (map === undefined) continue;
    if (!isObject(map)) return `${where(path, key)} must be an object of schemas`;
    for (const name of Object.keys(map)) {
      const problem = findSchemaProblems(map[name], where(where(path, key), name));
      if (problem !== undefined) return problem;
    }
  }
  for (const key of SCHEMA_LISTS) {
    const list = schema[key];
    if (list === undefined) continue;
    if (!Array.isArray(list)) return `${where(path, key)} must be a list of schemas`;
    for (let i = 0; i < list.length; i++) {
      const problem = findSchemaProblems(list[i], `${where(path, key)}[${i}]`);
      if (problem !== undefined) return problem;
    }
  }
  for (const key of [...SUBSCHEMAS, ...BOOLEAN_OR_SCHEMA]) {
    const sub = schema[key];
    if (sub === undefined) continue;
    const items = key === "items" && Array.isArray(sub) ? sub : [sub];
    for (const item of items) {
      const problem = findSchemaProblems(item, where(path, key));
      if (problem !== undefined) return problem;
    }
  }
  return undefined;
}
