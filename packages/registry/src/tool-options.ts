import type { ToolEntry, ToolSpec } from "./types.js";

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

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Whether `options` holds exactly what `spec` (checked already) and `zodSchema` set. */
function matches(
  options: ToolOptions,
  spec: ToolSpec<unknown>,
  zodSchema: ToolEntry["zodSchema"],
): boolean {
  return (
    options.description === spec.description &&
    options.unavailableReason === spec.unavailableReason &&
    sameNames(options.requiresEnv, spec.requiresEnv ?? NO_ENV) &&
    options.isAsync === (spec.isAsync === true) &&
    options.emoji === (spec.emoji ?? "") &&
    options.maxResultSizeChars === spec.maxResultSizeChars &&
    options.timeoutMs === spec.timeoutMs &&
    options.dynamicSchemaOverrides === spec.dynamicSchemaOverrides &&
    options.zodSchema === zodSchema
  );
}

/**
 * The stored options of a checked spec: {@link NO_TOOL_OPTIONS} when it sets none, `previous`
 * when that holds the same (tools registered together, such as an MCP server's, share one
 * object), else a new frozen object with its own frozen copy of `requiresEnv`.
 */
export function toolOptions(
  spec: ToolSpec<unknown>,
  zodSchema: ToolEntry["zodSchema"],
  previous: ToolOptions,
): ToolOptions {
  if (matches(NO_TOOL_OPTIONS, spec, zodSchema)) return NO_TOOL_OPTIONS;
  if (matches(previous, spec, zodSchema)) return previous;
  const requiresEnv = spec.requiresEnv ?? NO_ENV;
  return frozenOptions({
    description: spec.description,
    unavailableReason: spec.unavailableReason,
    requiresEnv: requiresEnv.length === 0 ? NO_ENV : Object.freeze([...requiresEnv]),
    isAsync: spec.isAsync === true,
    emoji: spec.emoji ?? "",
    maxResultSizeChars: spec.maxResultSizeChars,
    timeoutMs: spec.timeoutMs,
    dynamicSchemaOverrides: spec.dynamicSchemaOverrides,
    zodSchema,
  });
}
