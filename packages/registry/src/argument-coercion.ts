import type { JsonSchema } from "./types.js";

/**
 * Coerces one value toward a schema. Returns the input itself when nothing changed, so callers
 * can copy on write.
 */
export type Coercer = (value: unknown) => unknown;

interface Node {
  /** Converts a value toward the schema; identity when nothing applies. */
  readonly coerce: Coercer;
  /** Whether a value already has one of the schema's types (true when the schema names none). */
  readonly accepts: (value: unknown) => boolean;
  /** True when `coerce` can never change anything; parents skip such children. */
  readonly trivial: boolean;
}

const IDENTITY: Node = { coerce: (value) => value, accepts: () => true, trivial: true };
const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function asSchema(value: unknown): JsonSchema | undefined {
  return isPlainObject(value) ? value : undefined;
}

function hasType(type: string, value: unknown): boolean {
  switch (type) {
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    case "number":
      return typeof value === "number";
    case "boolean":
      return typeof value === "boolean";
    case "string":
      return typeof value === "string";
    case "null":
      return value === null;
    case "array":
      return Array.isArray(value);
    case "object":
      return isPlainObject(value);
    default:
      return true;
  }
}

function parseNumber(text: string, integer: boolean): unknown {
  const trimmed = text.trim();
  if (!NUMBER_TEXT.test(trimmed)) return text;
  const parsed = Number(trimmed);
  if (!Number.isFinite(parsed)) return text;
  if (integer && !Number.isInteger(parsed)) return text;
  return parsed;
}

function parseJson(text: string, opening: string): unknown {
  const trimmed = text.trim();
  if (!trimmed.startsWith(opening)) return undefined;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return undefined;
  }
}

/** Compiles schemas into coercers; resolves local `$ref`s against the root lazily (recursion-safe). */
class CoercerCompiler {
  readonly #root: JsonSchema;
  readonly #refs = new Map<string, Node>();

  constructor(root: JsonSchema) {
    this.#root = root;
  }

  node(schema: JsonSchema | undefined): Node {
    if (schema === undefined) return IDENTITY;
    const inner = this.#inner(schema);
    if (!this.#allowsNull(schema)) return inner;
    return {
      coerce: (value) =>
        typeof value === "string" && value.trim() === "null" ? null : inner.coerce(value),
      accepts: inner.accepts,
      trivial: false,
    };
  }

  /** The literal text "null" means null wherever the schema allows null, whatever the order. */
  #allowsNull(schema: JsonSchema): boolean {
    if (schema["nullable"] === true) return true;
    const type = schema["type"];
    if (type === "null" || (Array.isArray(type) && type.includes("null"))) return true;
    const variants = [schema["anyOf"], schema["oneOf"]].find(Array.isArray) as
      unknown[] | undefined;
    return (
      variants?.some((variant) => {
        const sub = asSchema(variant);
        return sub !== undefined && sub["$ref"] === undefined && this.#allowsNull(sub);
      }) ?? false
    );
  }

  #inner(schema: JsonSchema): Node {
    const ref = schema["$ref"];
    if (typeof ref === "string") return this.#ref(ref);
    const variants = [schema["anyOf"], schema["oneOf"]].find(Array.isArray) as
      unknown[] | undefined;
    if (variants !== undefined)
      return this.#union(variants.map((variant) => this.node(asSchema(variant))));
    const types = this.#types(schema);
    if (types.length === 0) return IDENTITY;
    const steps = types.map((type) => this.#typed(type, schema));
    if (steps.every((step) => step.trivial)) {
      return {
        coerce: (value) => value,
        accepts: (value) => types.some((t) => hasType(t, value)),
        trivial: true,
      };
    }
    const accepts = (value: unknown): boolean => types.some((t) => hasType(t, value));
    if (steps.length === 1) {
      const only = steps[0] as Node;
      return { coerce: only.coerce, accepts, trivial: false };
    }
    return {
      coerce: (value) => {
        for (const step of steps) {
          const out = step.coerce(value);
          if (step.accepts(out)) return out;
        }
        return value;
      },
      accepts,
      trivial: false,
    };
  }

  #types(schema: JsonSchema): string[] {
    const declared = schema["type"];
    const types =
      typeof declared === "string"
        ? [declared]
        : Array.isArray(declared)
          ? declared.filter((t) => typeof t === "string")
          : [];
    if (types.length === 0) {
      if (schema["properties"] !== undefined) types.push("object");
      else if (schema["items"] !== undefined || schema["prefixItems"] !== undefined)
        types.push("array");
    }
    if (schema["nullable"] === true && !types.includes("null")) types.push("null");
    return types;
  }

  #ref(ref: string): Node {
    const known = this.#refs.get(ref);
    if (known !== undefined) return known;
    let resolved: Node | undefined;
    const lazy: Node = {
      coerce: (value) => (resolved ??= this.node(this.#resolve(ref))).coerce(value),
      accepts: (value) => (resolved ??= this.node(this.#resolve(ref))).accepts(value),
      trivial: false,
    };
    this.#refs.set(ref, lazy);
    return lazy;
  }

  #resolve(ref: string): JsonSchema | undefined {
    if (!ref.startsWith("#")) return undefined;
    let current: unknown = this.#root;
    for (const raw of ref
      .slice(1)
      .split("/")
      .filter((part) => part !== "")) {
      const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
      current = isPlainObject(current) ? current[key] : undefined;
    }
    return asSchema(current);
  }

  #union(variants: Node[]): Node {
    return {
      coerce: (value) => {
        for (const variant of variants) {
          const out = variant.coerce(value);
          if (variant.accepts(out)) return out;
        }
        return value;
      },
      accepts: (value) => variants.some((variant) => variant.accepts(value)),
      trivial: variants.every((variant) => variant.trivial),
    };
  }

  #typed(type: string, schema: JsonSchema): Node {
    const accepts = (value: unknown): boolean => hasType(type, value);
    switch (type) {
      case "integer":
      case "number": {
        const integer = type === "integer";
        return {
          coerce: (v) => (typeof v === "string" ? parseNumber(v, integer) : v),
          accepts,
          trivial: false,
        };
      }
      case "boolean":
        return {
          coerce: (v) => {
            if (typeof v !== "string") return v;
            const word = v.trim().toLowerCase();
            return word === "true" ? true : word === "false" ? false : v;
          },
          accepts,
          trivial: false,
        };
      case "null":
        return {
          coerce: (v) => (typeof v === "string" && v.trim() === "null" ? null : v),
          accepts,
          trivial: false,
        };
      case "array":
        return this.#array(schema, accepts);
      case "object":
        return this.#object(schema, accepts);
      default:
        return { coerce: (v) => v, accepts, trivial: true };
    }
  }

  #array(schema: JsonSchema, accepts: (value: unknown) => boolean): Node {
    const items = schema["items"];
    const tuple = Array.isArray(schema["prefixItems"])
      ? schema["prefixItems"]
      : Array.isArray(items)
        ? items
        : undefined;
    const positional = tuple?.map((item) => this.node(asSchema(item))) ?? [];
    const rest = this.node(Array.isArray(items) ? undefined : asSchema(items));
    const elementsTrivial = positional.every((node) => node.trivial) && rest.trivial;
    return {
      coerce: (value) => {
        let list: unknown[];
        if (Array.isArray(value)) list = value;
        else if (value === null || value === undefined) return value;
        else {
          const parsed = typeof value === "string" ? parseJson(value, "[") : undefined;
          list = Array.isArray(parsed) ? parsed : [value];
        }
        if (elementsTrivial) return list;
        let out: unknown[] | undefined;
        for (let i = 0; i < list.length; i++) {
          const element = list[i];
          const coerced = (positional[i] ?? rest).coerce(element);
          if (coerced !== element) (out ??= list.slice())[i] = coerced;
        }
        return out ?? list;
      },
      accepts,
      trivial: false,
    };
  }

  #object(schema: JsonSchema, accepts: (value: unknown) => boolean): Node {
    const properties = asSchema(schema["properties"]) ?? {};
    const fields: [string, Node][] = [];
    for (const key of Object.keys(properties)) {
      const node = this.node(asSchema(properties[key]));
      if (!node.trivial) fields.push([key, node]);
    }
    const extra = this.node(asSchema(schema["additionalProperties"]));
    const known = new Set(Object.keys(properties));
    return {
      coerce: (value) => {
        let object: Record<string, unknown>;
        if (isPlainObject(value)) object = value;
        else if (typeof value === "string") {
          const parsed = parseJson(value, "{");
          if (!isPlainObject(parsed)) return value;
          object = parsed;
        } else return value;
        let out: Record<string, unknown> | undefined;
        for (const [key, node] of fields) {
          if (!Object.hasOwn(object, key)) continue;
          const current = object[key];
          const coerced = node.coerce(current);
          if (coerced !== current) (out ??= { ...object })[key] = coerced;
        }
        if (!extra.trivial) {
          for (const key of Object.keys(object)) {
            if (known.has(key)) continue;
            const current = object[key];
            const coerced = extra.coerce(current);
            if (coerced !== current) (out ??= { ...object })[key] = coerced;
          }
        }
        return out ?? object;
      },
      accepts,
      trivial: false,
    };
  }
}

/**
 * Build a coercer for a tool's parameters schema. Strings the model sent for numbers, booleans,
 * null, arrays and objects are converted per the schema, recursively; union types are tried in
 * order; a scalar where an array is expected becomes a one-element array. Values that fit the
 * schema already, or that cannot be converted, are left alone for validation to judge.
 */
export function compileCoercer(schema: JsonSchema): Coercer {
  return new CoercerCompiler(schema).node(schema).coerce;
}
