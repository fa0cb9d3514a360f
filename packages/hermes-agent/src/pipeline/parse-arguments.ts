/** Arguments ready for the pipeline, or the model-facing error for arguments that are not. */
export type ParsedArguments =
  | { readonly ok: true; readonly args: Record<string, unknown> }
  | { readonly ok: false; readonly error: string };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Accept what a model sends: an object, or the JSON text of one. Empty text means no arguments.
 * Text that is not JSON is an error naming the tool and where parsing stopped; JSON that is not
 * an object (and any other value) becomes `{}`, as Hermes' coercion does.
 */
export function parseToolArguments(tool: string, raw: unknown): ParsedArguments {
  if (isPlainObject(raw)) return { ok: true, args: raw };
  if (typeof raw !== "string") return { ok: true, args: {} };
  if (raw.trim() === "") return { ok: true, args: {} };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      error: JSON.stringify({ error: `Invalid JSON arguments for ${tool}: ${reason}` }),
    };
  }
  return { ok: true, args: isPlainObject(value) ? value : {} };
}
