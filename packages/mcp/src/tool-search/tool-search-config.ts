/** `tool_search` in config.yaml: `auto | on | off`, or `{ mode, threshold }`. */
export interface ToolSearchConfig {
  /** `auto` defers when the deferrable definitions exceed `threshold` of the context. */
  readonly mode: "auto" | "on" | "off";
  /** Fraction of the model's context window (default 0.1). */
  readonly threshold: number;
}

/** Hermes' default: automatic, at about 10 % of the context window. */
export const DEFAULT_TOOL_SEARCH_CONFIG: ToolSearchConfig = Object.freeze({
  mode: "auto",
  threshold: 0.1,
});

function readMode(value: unknown): ToolSearchConfig["mode"] | undefined {
  if (value === true) return "on";
  if (value === false) return "off";
  if (typeof value !== "string") return undefined;
  const text = value.trim().toLowerCase();
  if (text === "auto") return "auto";
  if (["on", "true", "yes", "always"].includes(text)) return "on";
  if (["off", "false", "no", "never"].includes(text)) return "off";
  return undefined;
}

/**
 * Read the `tool_search` config value. Unknown values fall back to the default, with the reason
 * in `problem` so the caller can log it.
 */
export function readToolSearchConfig(
  value: unknown,
): ToolSearchConfig & { readonly problem?: string } {
  if (value === undefined || value === null) return DEFAULT_TOOL_SEARCH_CONFIG;
  if (typeof value !== "object" || Array.isArray(value)) {
    const mode = readMode(value);
    return mode === undefined
      ? { ...DEFAULT_TOOL_SEARCH_CONFIG, problem: "tool_search: must be auto, on or off" }
      : { ...DEFAULT_TOOL_SEARCH_CONFIG, mode };
  }
  const section = value as { mode?: unknown; enabled?: unknown; threshold?: unknown };
  const mode = readMode(section.mode ?? section.enabled ?? "auto");
  const threshold =
    typeof section.threshold === "string" ? Number(section.threshold) : section.threshold;
  const validThreshold = typeof threshold === "number" && threshold > 0 && threshold <= 1;
  const problem =
    mode === undefined
      ? "tool_search.mode: must be auto, on or off"
      : threshold !== undefined && !validThreshold
        ? "tool_search.threshold: must be a fraction of the context window between 0 and 1"
        : undefined;
  return {
    mode: mode ?? DEFAULT_TOOL_SEARCH_CONFIG.mode,
    threshold: validThreshold ? threshold : DEFAULT_TOOL_SEARCH_CONFIG.threshold,
    ...(problem === undefined ? {} : { problem }),
  };
}
