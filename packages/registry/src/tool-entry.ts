import { RegistryError, RegistryErrorCode } from "./registry-error.js";
import { normalizeToolSchema } from "./tool-schema.js";
import type { ToolEntry, ToolHandler, ToolSpec } from "./types.js";

/** The names OpenAI function calling and MCP clients accept. */
const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

const NO_ENV: readonly string[] = Object.freeze([]);

function isString(item: unknown): item is string {
  return typeof item === "string";
}

function fail(toolName: string, message: string): never {
  throw new RegistryError(RegistryErrorCode.InvalidTool, `Tool '${toolName}': ${message}`, {
    toolName,
  });
}

function optionalFunction(toolName: string, field: string, value: unknown): void {
  if (value !== undefined && typeof value !== "function")
    fail(toolName, `${field} must be a function`);
}

/**
 * Check a registration spec and build the stored entry: schema normalized and frozen,
 * description defaulted from the schema, optional fields filled.
 * @throws {@link RegistryError} naming the tool when something is missing or malformed.
 */
export function createEntry(spec: ToolSpec<unknown>): ToolEntry {
  const raw = spec as Partial<ToolSpec<unknown>> | null | undefined;
  if (typeof raw !== "object" || raw === null) {
    throw new RegistryError(RegistryErrorCode.InvalidTool, "register() needs a tool spec object");
  }
  const name = raw.name;
  if (typeof name !== "string" || name === "") {
    throw new RegistryError(
      RegistryErrorCode.InvalidTool,
      "register() needs a non-empty string 'name'",
    );
  }
  if (!TOOL_NAME.test(name)) {
    throw new RegistryError(
      RegistryErrorCode.InvalidTool,
      `Tool name ${JSON.stringify(name.length > 80 ? `${name.slice(0, 80)}…` : name)} is not valid: ` +
        "use 1 to 64 characters from a-z, A-Z, 0-9, '_' and '-' (OpenAI and MCP clients refuse other names)",
      { toolName: name },
    );
  }
  if (typeof raw.toolset !== "string" || raw.toolset === "")
    fail(name, "toolset must be a non-empty string");
  if (typeof raw.handler !== "function") fail(name, "handler must be a function");
  optionalFunction(name, "checkFn", raw.checkFn);
  optionalFunction(name, "unavailableReason", raw.unavailableReason);
  optionalFunction(name, "dynamicSchemaOverrides", raw.dynamicSchemaOverrides);
  if (raw.description !== undefined && typeof raw.description !== "string")
    fail(name, "description must be a string");
  if (raw.emoji !== undefined && typeof raw.emoji !== "string")
    fail(name, "emoji must be a string");
  const requiresEnv = raw.requiresEnv ?? NO_ENV;
  if (!Array.isArray(requiresEnv) || !requiresEnv.every(isString)) {
    fail(name, "requiresEnv must be an array of env var names");
  }
  const cap = raw.maxResultSizeChars;
  if (cap !== undefined && (typeof cap !== "number" || Number.isNaN(cap) || cap <= 0)) {
    fail(name, "maxResultSizeChars must be a positive number (Infinity allowed)");
  }
  const timeoutMs = raw.timeoutMs;
  if (
    timeoutMs !== undefined &&
    typeof timeoutMs !== "function" &&
    (typeof timeoutMs !== "number" || Number.isNaN(timeoutMs) || timeoutMs <= 0)
  ) {
    fail(
      name,
      "timeoutMs must be a positive number of milliseconds (Infinity allowed) or a function",
    );
  }
  if (raw.strict !== undefined && typeof raw.strict !== "boolean")
    fail(name, "strict must be a boolean");
  const { schema, zodSchema } = normalizeToolSchema(name, raw.schema, {
    description: raw.description,
    strict: raw.strict === true,
  });
  return Object.freeze({
    name,
    toolset: raw.toolset,
    schema,
    handler: raw.handler as ToolHandler,
    checkFn: raw.checkFn,
    unavailableReason: raw.unavailableReason,
    requiresEnv: requiresEnv.length === 0 ? NO_ENV : Object.freeze([...requiresEnv]),
    isAsync: raw.isAsync === true,
    description: raw.description ?? schema.description,
    emoji: raw.emoji ?? "",
    maxResultSizeChars: cap,
    timeoutMs: timeoutMs as ToolEntry["timeoutMs"],
    dynamicSchemaOverrides: raw.dynamicSchemaOverrides,
    zodSchema,
  });
}
