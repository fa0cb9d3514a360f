import { keyCount, newRecord } from "./sized-record.js";

/** Nesting depth past which {@link copyPlainData} hands the value to `structuredClone`. */
export const MAX_FAST_DEPTH = 64;

/** Raised inside a fast copy when a value needs `structuredClone`'s handling (or a closer look). */
class NotPlainData {}
/** The one value the fast copies throw; catch it and take the thorough path. */
export const NOT_PLAIN_DATA: unknown = new NotPlainData();

/**
 * Store `value` under the key `__proto__` as an own data property (an assignment would set the
 * prototype instead). Copies assign every other key directly, inline.
 */
export function setProtoKey(record: Record<string, unknown>, value: unknown): void {
  Object.defineProperty(record, "__proto__", {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** Throws {@link NOT_PLAIN_DATA} unless `value` is a plain object (prototype `Object.prototype` or null). */
export function assertPlainRecord(value: object): void {
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) throw NOT_PLAIN_DATA;
}

/**
 * Copy of one value at nesting `depth`: a primitive as is, an object or array copied deeply,
 * frozen when `freeze` is set. Throws {@link NOT_PLAIN_DATA} for a function, a symbol, an object
 * that is not plain, or nesting deeper than {@link MAX_FAST_DEPTH}.
 */
export function copyPlainValue(value: unknown, freeze: boolean, depth: number): unknown {
  if (typeof value !== "object" || value === null) {
    if (typeof value === "function" || typeof value === "symbol") throw NOT_PLAIN_DATA;
    return value;
  }
  if (depth > MAX_FAST_DEPTH) throw NOT_PLAIN_DATA;
  let out: Record<string, unknown> | unknown[];
  if (Array.isArray(value)) {
    const list = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) list[i] = copyPlainValue(value[i], freeze, depth + 1);
    out = list;
  } else {
    assertPlainRecord(value);
    const source = value as Record<string, unknown>;
    const record = newRecord(keyCount(source));
    // for-in walks the keys without building a list of them; inherited keys are skipped.
    for (const key in source) {
      if (!Object.hasOwn(source, key)) continue;
      const item = copyPlainValue(source[key], freeze, depth + 1);
      if (key === "__proto__") setProtoKey(record, item);
      else record[key] = item;
    }
    out = record;
  }
  return freeze ? Object.freeze(out) : out;
}

/**
 * Whether `source` holds exactly the data of `copy` (a plain copy made by this module): the same
 * keys in the same order, at every level, and the same primitives (`Object.is`). Anything that
 * is not plain data, or deeper than {@link MAX_FAST_DEPTH}, counts as different.
 */
export function samePlainData(copy: unknown, source: unknown, depth = 0): boolean {
  if (typeof copy !== "object" || copy === null || typeof source !== "object" || source === null)
    return Object.is(copy, source);
  if (depth > MAX_FAST_DEPTH) return false;
  if (Array.isArray(copy)) {
    if (!Array.isArray(source) || source.length !== copy.length) return false;
    for (let i = 0; i < copy.length; i++)
      if (!samePlainData(copy[i], source[i], depth + 1)) return false;
    return true;
  }
  if (Array.isArray(source)) return false;
  const proto: unknown = Object.getPrototypeOf(source);
  if (proto !== Object.prototype && proto !== null) return false;
  const keys = Object.keys(copy);
  const record = source as Record<string, unknown>;
  let index = 0;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    if (keys[index] !== key) return false;
    if (!samePlainData((copy as Record<string, unknown>)[key], record[key], depth + 1))
      return false;
    index++;
  }
  return index === keys.length;
}

/** Freeze `value` and everything reachable from it (a frozen object's contents are taken as frozen). */
export function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

/**
 * A private deep copy of plain data (objects, arrays, strings, numbers, booleans, null), frozen
 * throughout when `freeze` is set. Strings are shared, not copied. Anything else (a class
 * instance, a cycle, very deep nesting, a function) is handed to `structuredClone`, so the
 * result and the errors are those of `structuredClone`; this path is several times faster for
 * the plain JSON Schemas tools register, and keeps less memory.
 * @throws whatever `structuredClone` throws for data it cannot copy (a function, say).
 */
export function copyPlainData<T>(value: T, freeze: boolean): T {
  try {
    return copyPlainValue(value, freeze, 0) as T;
  } catch (error) {
    if (error !== NOT_PLAIN_DATA) throw error;
  }
  const copy = structuredClone(value);
  return freeze ? deepFreeze(copy) : copy;
}
