import type { ToolEntry } from "./types.js";

/** The `requiresEnv` of a tool that needs no env vars. */
export const NO_ENV: readonly string[] = Object.freeze([]);

/**
 * The optional parts of a registered tool. Most tools set none of them, and those all share
 * {@link NO_TOOL_OPTIONS}, so a registration stores no object for them.
 */
export interface ToolOptions {
  /** The spec's own listing description; undefined means the schema's. */
  readonly description: string | undefined;
  readonly unavailableReason: ToolEntry["unavailableReason"];
  readonly requiresEnv: readonly string[];
  readonly isAsync: boolean;
  readonly emoji: string;
  readonly maxResultSizeChars: number | undefined;
  readonly timeoutMs: ToolEntry["timeoutMs"];
  readonly dynamicSchemaOverrides: ToolEntry["dynamicSchemaOverrides"];
  readonly zodSchema: ToolEntry["zodSchema"];
}

/** The frozen options object; every one has the same shape, so reading a field stays monomorphic. */
function frozenOptions(options: ToolOptions): ToolOptions {
  return Object.freeze({
    description: options.description,
    unavailableReason: options.unavailableReason,
    requiresEnv: options.requiresEnv,
    isAsync: options.isAsync,
    emoji: options.emoji,
    maxResultSizeChars: options.maxResultSizeChars,
    timeoutMs: options.timeoutMs,
    dynamicSchemaOverrides: options.dynamicSchemaOverrides,
    zodSchema: options.zodSchema,
  });
}

/** The options of a tool that sets none. */
export const NO_TOOL_OPTIONS: ToolOptions = frozenOptions({
  description: undefined,
  unavailableReason: undefined,
  requiresEnv: NO_ENV,
  isAsync: false,
  emoji: "",
  maxResultSizeChars: undefined,
  timeoutMs: undefined,
  dynamicSchemaOverrides: undefined,
  zodSchema: undefined,
});

/**
 * The stored options: {@link NO_TOOL_OPTIONS} when every field has its default, else a frozen
 * copy (`requiresEnv` is expected frozen already, {@link NO_ENV} when empty).
 */
export function toolOptions(options: ToolOptions): ToolOptions {
  if (
    options.description === undefined &&
    options.unavailableReason === undefined &&
    options.requiresEnv.length === 0 &&
    !options.isAsync &&
    options.emoji === "" &&
    options.maxResultSizeChars === undefined &&
    options.timeoutMs === undefined &&
    options.dynamicSchemaOverrides === undefined &&
    options.zodSchema === undefined
  ) {
    return NO_TOOL_OPTIONS;
  }
  return frozenOptions(options);
}
