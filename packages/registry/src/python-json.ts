/** How {@link pythonJsonDumps} writes text. */
export interface PythonJsonOptions {
  /** Escape every non-ASCII character as `\uXXXX`, like Python's default (default true). */
  readonly ensureAscii?: boolean;
}

const ASCII_UNSAFE = /[\u0080-\uffff]/g;

/**
 * JSON text byte-identical to Python's `json.dumps(value)` for JSON data: `", "` and `": "`
 * separators, keys in insertion order, non-ASCII escaped unless `ensureAscii` is false, and
 * `NaN` / `Infinity` written as Python writes them. Values JSON cannot hold (functions,
 * undefined in an object) are dropped as `JSON.stringify` drops them; `toJSON` is honoured.
 */
export function pythonJsonDumps(value: unknown, options: PythonJsonOptions = {}): string {
  const text = write(value, new Set()) ?? "null";
  if (options.ensureAscii === false) return text;
  return text.replace(
    ASCII_UNSAFE,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

function write(value: unknown, seen: Set<object>): string | undefined {
  if (
    value !== null &&
    typeof value === "object" &&
    typeof (value as { toJSON?: unknown }).toJSON === "function"
  ) {
    value = (value as { toJSON(): unknown }).toJSON();
  }
  switch (typeof value) {
    case "string":
      return JSON.stringify(value);
    case "number":
      if (Number.isNaN(value)) return "NaN";
      if (!Number.isFinite(value)) return value > 0 ? "Infinity" : "-Infinity";
      return JSON.stringify(value);
    case "boolean":
      return value ? "true" : "false";
    case "bigint":
      return value.toString();
    case "object":
      break;
    default:
      return undefined;
  }
  if (value === null) return "null";
  if (seen.has(value)) throw new TypeError("Circular reference detected");
  seen.add(value);
  try {
    if (Array.isArray(value)) {
      const items = value.map((item: unknown) => write(item, seen) ?? "null");
      return `[${items.join(", ")}]`;
    }
    const parts: string[] = [];
    for (const [key, item] of Object.entries(value)) {
      const text = write(item, seen);
      if (text !== undefined) parts.push(`${JSON.stringify(key)}: ${text}`);
    }
    return `{${parts.join(", ")}}`;
  } finally {
    seen.delete(value);
  }
}
