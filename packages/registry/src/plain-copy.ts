/** Nesting depth past which {@link copyPlainData} hands the value to `structuredClone`. */
const MAX_FAST_DEPTH = 64;

/** Raised inside the fast copy when a value needs `structuredClone`'s handling. */
class NeedsStructuredClone {}
const NEEDS_STRUCTURED_CLONE = new NeedsStructuredClone();

function copyValue(value: unknown, freeze: boolean, depth: number): unknown {
  if (typeof value !== "object" || value === null) {
    if (typeof value === "function" || typeof value === "symbol") throw NEEDS_STRUCTURED_CLONE;
    return value;
  }
  if (depth > MAX_FAST_DEPTH) throw NEEDS_STRUCTURED_CLONE;
  let out: Record<string, unknown> | unknown[];
  if (Array.isArray(value)) {
    const list = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) list[i] = copyValue(value[i], freeze, depth + 1);
    out = list;
  } else {
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) throw NEEDS_STRUCTURED_CLONE;
    const record: Record<string, unknown> = {};
    const source = value as Record<string, unknown>;
    for (const key of Object.keys(source)) {
      const item = copyValue(source[key], freeze, depth + 1);
      if (key === "__proto__") {
        Object.defineProperty(record, key, {
          value: item,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      } else {
        record[key] = item;
      }
    }
    out = record;
  }
  return freeze ? Object.freeze(out) : out;
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
    return copyValue(value, freeze, 0) as T;
  } catch (error) {
    if (error !== NEEDS_STRUCTURED_CLONE) throw error;
  }
  const copy = structuredClone(value);
  return freeze ? deepFreeze(copy) : copy;
}
