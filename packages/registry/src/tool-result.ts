import { pythonJsonDumps } from "./python-json.js";
import type { MultimodalToolResult, ToolOutput } from "./types.js";

/**
 * Build a model-facing error result: JSON `{"error": message, ...extra}`, written as Hermes'
 * `tool_error` writes it (Python `json.dumps` spacing, non-ASCII kept as is).
 * @example return toolError("File not found", { path });
 */
export function toolError(message: unknown, extra: Readonly<Record<string, unknown>> = {}): string {
  return pythonJsonDumps({ error: String(message), ...extra }, { ensureAscii: false });
}

/**
 * Build a JSON result from data, as Hermes' `tool_result` does: a string is returned unchanged
 * (it is already a result), `undefined` or `null` give `{}`, anything else its JSON text.
 * @example return toolResult({ sum: a + b });
 */
export function toolResult(data: unknown): string {
  if (typeof data === "string") return data;
  return pythonJsonDumps(data ?? {}, { ensureAscii: false });
}

/**
 * An error produced by dispatch itself (unknown tool, bad arguments, a thrown handler), written
 * byte for byte as Hermes' registry writes it: Python's default `json.dumps`, non-ASCII escaped.
 */
export function dispatchError(
  message: string,
  extra: Readonly<Record<string, unknown>> = {},
): string {
  return pythonJsonDumps({ error: message, ...extra });
}

/** True for a handler result of the form `{ _multimodal: true, content: [...] }`. */
export function isMultimodalResult(value: unknown): value is MultimodalToolResult {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { _multimodal?: unknown })._multimodal === true &&
    Array.isArray((value as { content?: unknown }).content)
  );
}

/** Name of a value's type as shown in contract errors (`null`, `number`, `Buffer`, `Object`...). */
export function resultTypeName(value: unknown): string {
  if (value === null) return "null";
  if (typeof value !== "object") return typeof value;
  const name = (Object.getPrototypeOf(value) as { constructor?: { name?: unknown } } | null)
    ?.constructor?.name;
  return typeof name === "string" && name !== "" ? name : "Object";
}

/**
 * Enforce the result contract: a string or a multimodal result passes; anything else becomes a
 * JSON error of type `tool_result_contract` naming the type returned.
 */
export function enforceResultContract(toolName: string, value: unknown): ToolOutput {
  if (typeof value === "string") return value;
  if (isMultimodalResult(value)) return value;
  const type = resultTypeName(value);
  return dispatchError(`Tool handler returned unsupported result type: ${type}`, {
    error_type: "tool_result_contract",
    tool: toolName,
    result_type: type,
  });
}

/** Text of a tool output: the string itself, or the text parts of a multimodal result. */
export function toolOutputText(output: ToolOutput): string {
  if (typeof output === "string") return output;
  const parts: string[] = [];
  for (const part of output.content) {
    const text = (part as { text?: unknown } | null)?.text;
    if (typeof text === "string") parts.push(text);
  }
  return parts.join("\n");
}
