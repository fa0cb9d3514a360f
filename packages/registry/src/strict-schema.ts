import type { JsonSchema } from "./types.js";

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function describesObject(schema: Record<string, unknown>): boolean {
  const type = schema["type"];
  return (
    type === "object" ||
    (Array.isArray(type) && type.includes("object")) ||
    isObject(schema["properties"])
  );
}

const NESTED_MAPS = ["properties", "$defs", "definitions"] as const;
const NESTED_LISTS = ["anyOf", "oneOf", "allOf", "prefixItems"] as const;
const NESTED = ["items", "not", "if", "then", "else", "additionalItems", "contains"] as const;

/**
 * Make a tool's parameters fit OpenAI's strict function calling, in place, or say why they
 * cannot: every object schema gets `additionalProperties: false` when it has none, and must list
 * all its properties in `required` (strict mode has no optional properties; an optional one is
 * written as required and nullable, e.g. `type: ["string", "null"]`).
 * @returns the first problem as `path: reason`, or undefined when the schema now fits.
 */
export function applyStrictMode(parameters: JsonSchema): string | undefined {
  return visit(parameters as Record<string, unknown>, "parameters");
}

function visit(schema: Record<string, unknown>, path: string): string | undefined {
  if (describesObject(schema)) {
    const extra = schema["additionalProperties"];
    if (extra === undefined) schema["additionalProperties"] = false;
    else if (extra !== false)
      return `${path}.additionalProperties must be false in strict mode (got ${JSON.stringify(extra)})`;
    const properties = isObject(schema["properties"]) ? Object.keys(schema["properties"]) : [];
    const required = new Set(
      Array.isArray(schema["required"]) ? (schema["required"] as unknown[]) : [],
    );
    const optional = properties.filter((name) => !required.has(name));
    if (optional.length > 0) {
      return `${path}: strict mode needs every property in 'required'; ${optional.map((name) => `'${name}'`).join(", ")} ${optional.length === 1 ? "is" : "are"} optional (make ${optional.length === 1 ? "it" : "them"} required and nullable, e.g. type ["string", "null"])`;
    }
  }
  for (const key of NESTED_MAPS) {
    const map = schema[key];
    if (!isObject(map)) continue;
    for (const [name, sub] of Object.entries(map)) {
      if (!isObject(sub)) continue;
      const problem = visit(sub, `${path}.${key}.${name}`);
      if (problem !== undefined) return problem;
    }
  }
  for (const key of NESTED_LISTS) {
    const list = schema[key];
    if (!Array.isArray(list)) continue;
    for (let i = 0; i < list.length; i++) {
      const sub: unknown = list[i];
      if (!isObject(sub)) continue;
      const problem = visit(sub, `${path}.${key}[${i}]`);
      if (problem !== undefined) return problem;
    }
  }
  for (const key of NESTED) {
    const sub = schema[key];
    if (!isObject(sub)) continue;
    const problem = visit(sub, `${path}.${key}`);
    if (problem !== undefined) return problem;
  }
  return undefined;
}
