import { RegistryError, RegistryErrorCode } from "./registry-error.js";
import { normalizeToolSchema } from "./tool-schema.js";
import type { ToolEntry, ToolHandler, ToolSpec } from "./types.js";

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
  if (typeof raw.toolset !== "string" || raw.toolset === "")
    fail(name, "toolset must be a non-empty string");
  if (typeof raw.handler !== "function") fail(name, "handler must be a function");
  optionalFunction(name, "checkFn", raw.checkFn);
  optionalFunction(name, "dynamicSchemaOverrides", raw.dynamicSchemaOverrides);
  if (raw.description !== undefined && typeof raw.description !== "string")
    fail(name, "description must be a string");
  if (raw.emoji !== undefined && typeof raw.emoji !== "string")
    fail(name, "emoji must be a string");
  const requiresEnv = raw.requiresEnv ?? [];
  if (!Array.isArray(requiresEnv) || !requiresEnv.every((item) => typeof item === "string")) {
    fail(name, "requiresEnv must be an array of env var names");
  }
  const cap = raw.maxResultSizeChars;
  if (cap !== undefined && (typeof cap !== "number" || Number.isNaN(cap) || cap <= 0)) {
    fail(name, "maxResultSizeChars must be a positive number (Infinity allowed)");
  }
  const { schema, zodSchema } = normalizeToolSchema(name, raw.schema, raw.description);
  return Object.freeze({
    name,
    toolset: raw.toolset,
    schema,
    handler: raw.handler as ToolHandler,
    checkFn: raw.checkFn,
    requiresEnv: Object.freeze([...requiresEnv]),
    isAsync: raw.isAsync === true,
    description: schema.description,
    emoji: raw.emoji ?? "",
    maxResultSizeChars: cap,
    dynamicSchemaOverrides: raw.dynamicSchemaOverrides,
    zodSchema,
  });
}
