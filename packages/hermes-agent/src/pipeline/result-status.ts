import type { ToolCallStatus } from "../runtime/runtime-events.js";

/** The error message of a JSON result with a top-level `error`, else undefined. */
export function resultError(result: string): string | undefined {
  if (!result.includes('"error"')) return undefined;
  try {
    const value = JSON.parse(result) as unknown;
    if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
    const error = (value as Record<string, unknown>).error;
    if (error === undefined || error === null || error === "") return undefined;
    return typeof error === "string" ? error : JSON.stringify(error);
  } catch {
    return undefined;
  }
}

/** `error` when the result is JSON with a non-empty top-level `error`, else `ok` (Hermes' rule). */
export function statusOf(result: string): ToolCallStatus {
  return resultError(result) === undefined ? "ok" : "error";
}
