/** JSON text of a result object (non-ASCII kept as is, like Hermes' `ensure_ascii=False`). */
export function json(payload: Readonly<Record<string, unknown>>): string {
  return JSON.stringify(payload);
}

/** Hermes' failure shape: `{"success": false, "error": ..., ...extra}`. */
export function fail(error: string, extra: Readonly<Record<string, unknown>> = {}): string {
  return json({ success: false, error, ...extra });
}
