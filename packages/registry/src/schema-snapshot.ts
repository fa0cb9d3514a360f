import {
  assertPlainRecord,
  copyPlainValue,
  MAX_FAST_DEPTH,
  NOT_PLAIN_DATA,
  setProtoKey,
} from "./plain-copy.js";
import { isSoundType, Kind, KEYWORD_KINDS, regexProblem, resolves } from "./schema-shape.js";
import { keyCount, newRecord } from "./sized-record.js";
import type { JsonSchema } from "./types.js";

/** State of one snapshot: whether to freeze, and whether a local `$ref` is left to resolve. */
class Snapshot {
  readonly freeze: boolean;
  localRefs = false;
  constructor(freeze: boolean) {
    this.freeze = freeze;
  }
}

function isRecord(value: unknown): value is object {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A copy of a schema position's value: a boolean as is, else a checked schema object. */
function copySchema(node: unknown, state: Snapshot, depth: number): unknown {
  if (typeof node === "boolean") return node;
  if (!isRecord(node) || depth > MAX_FAST_DEPTH) throw NOT_PLAIN_DATA;
  assertPlainRecord(node);
  const source = node as Record<string, unknown>;
  const out = newRecord(keyCount(source));
  for (const key in source) {
    if (!Object.hasOwn(source, key)) continue;
    const value = source[key];
    const kind = value === undefined ? undefined : KEYWORD_KINDS.get(key);
    const copy =
      kind === undefined
        ? copyPlainValue(value, state.freeze, depth + 1)
        : copyKeyword(kind, value, state, depth);
    if (key === "__proto__") setProtoKey(out, copy);
    else out[key] = copy;
  }
  return state.freeze ? Object.freeze(out) : out;
}

function copySchemaMap(value: unknown, state: Snapshot, depth: number): unknown {
  if (!isRecord(value) || depth + 1 > MAX_FAST_DEPTH) throw NOT_PLAIN_DATA;
  assertPlainRecord(value);
  const source = value as Record<string, unknown>;
  const out = newRecord(keyCount(source));
  for (const name in source) {
    if (!Object.hasOwn(source, name)) continue;
    const copy = copySchema(source[name], state, depth + 2);
    if (name === "__proto__") setProtoKey(out, copy);
    else out[name] = copy;
  }
  return state.freeze ? Object.freeze(out) : out;
}

function copySchemaList(value: unknown, state: Snapshot, depth: number): unknown {
  if (!Array.isArray(value)) throw NOT_PLAIN_DATA;
  const out = new Array<unknown>(value.length);
  for (let i = 0; i < value.length; i++) out[i] = copySchema(value[i], state, depth + 2);
  return state.freeze ? Object.freeze(out) : out;
}

function isStringList(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  for (const item of value) if (typeof item !== "string") return false;
  return true;
}

/**
 * The copy of one checked keyword's value; throws {@link NOT_PLAIN_DATA} when the value is
 * not one {@link findSchemaProblems} would pass, so the thorough walk can name the problem.
 */
function copyKeyword(kind: Kind, value: unknown, state: Snapshot, depth: number): unknown {
  let sound: boolean;
  switch (kind) {
    case Kind.SchemaMap:
      return copySchemaMap(value, state, depth);
    case Kind.PatternMap:
      if (!isRecord(value)) throw NOT_PLAIN_DATA;
      for (const source of Object.keys(value))
        if (regexProblem(source) !== undefined) throw NOT_PLAIN_DATA;
      return copySchemaMap(value, state, depth);
    case Kind.SchemaList:
      return copySchemaList(value, state, depth);
    case Kind.Subschema:
      return copySchema(value, state, depth + 1);
    case Kind.Items:
      return Array.isArray(value)
        ? copySchemaList(value, state, depth)
        : copySchema(value, state, depth + 1);
    case Kind.Count:
      sound = Number.isInteger(value) && (value as number) >= 0;
      break;
    case Kind.Bound:
      sound = typeof value === "number";
      break;
    case Kind.Text:
      sound = typeof value === "string";
      break;
    case Kind.Type:
      sound = isSoundType(value);
      break;
    case Kind.Required:
      sound = isStringList(value);
      break;
    case Kind.Enum:
      sound = Array.isArray(value);
      break;
    case Kind.MultipleOf:
      sound = typeof value === "number" && value > 0;
      break;
    case Kind.UniqueItems:
      sound = typeof value === "boolean";
      break;
    case Kind.Pattern:
      sound = regexProblem(value) === undefined;
      break;
    case Kind.Ref:
      sound = typeof value === "string";
      if (sound && (value === "#" || (value as string).startsWith("#/"))) state.localRefs = true;
      break;
  }
  if (!sound) throw NOT_PLAIN_DATA;
  return copyPlainValue(value, state.freeze, depth + 1);
}

/** Whether every local `$ref` in `schema` (at any depth) points at something in `root`. */
function refsResolve(schema: unknown, root: JsonSchema): boolean {
  if (Array.isArray(schema)) return schema.every((item) => refsResolve(item, root));
  if (!isRecord(schema)) return true;
  const record = schema as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const value = record[key];
    if (key === "$ref" && typeof value === "string") {
      if ((value === "#" || value.startsWith("#/")) && !resolves(root, value)) return false;
    } else if (!refsResolve(value, root)) return false;
  }
  return true;
}

/**
 * A private deep copy of a tool's parameters schema, checked in the same pass: returned only
 * when the schema is plain JSON data that {@link findSchemaProblems} finds nothing wrong with;
 * frozen throughout when `freeze` is set. Undefined when it cannot vouch for the schema (a
 * problem, data that is not plain, very deep nesting): the caller then copies with
 * `copyPlainData` and names the problem with `findSchemaProblems`.
 */
export function snapshotSchema(parameters: JsonSchema, freeze: boolean): JsonSchema | undefined {
  const state = new Snapshot(freeze);
  let copy: JsonSchema;
  try {
    copy = copySchema(parameters, state, 0) as JsonSchema;
  } catch (error) {
    if (error === NOT_PLAIN_DATA) return undefined;
    throw error;
  }
  if (state.localRefs && !refsResolve(copy, copy)) return undefined;
  return copy;
}
