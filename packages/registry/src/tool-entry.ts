import type { CheckRecord } from "./check-cache.js";
import { PreparedTool } from "./prepared-tool.js";
import { RegistryError, RegistryErrorCode } from "./registry-error.js";
import { NO_ENV, toolOptions, type ToolOptions } from "./tool-options.js";
import { normalizeToolSchema } from "./tool-schema.js";
import type { CheckFn, ToolHandler, ToolSpec } from "./types.js";

/**
 * True for the names OpenAI function calling and MCP clients accept: 1 to 64 characters from
 * a-z, A-Z, 0-9, `_` and `-` (a character loop: cheaper than a regex test per registration).
 */
function isValidToolName(name: string): boolean {
  if (name.length === 0 || name.length > 64) return false;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    const ok =
      (c >= 97 && c <= 122) || // a-z
      (c >= 65 && c <= 90) || // A-Z
      (c >= 48 && c <= 57) || // 0-9
      c === 95 || // _
      c === 45; // -
    if (!ok) return false;
  }
  return true;
}

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
 * Check a registration spec and build the stored tool: schema normalized and frozen, the check's
 * cache record looked up with `recordFor`, optional fields kept only when set (and shared with
 * `previousOptions`, the last registered tool's, when they are the same). `previous` is the tool
 * registered under the same name now, if any: its stored schema is kept when the spec's is the
 * same data.
 * @throws {@link RegistryError} naming the tool when something is missing or malformed.
 */
export function createTool(
  spec: ToolSpec<unknown>,
  recordFor: (fn: CheckFn) => CheckRecord,
  previousOptions: ToolOptions,
  previous: PreparedTool | undefined,
): PreparedTool {
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
  if (!isValidToolName(name)) {
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
    previous: previous?.options.zodSchema === undefined ? previous?.schema : undefined,
  });
  const options = toolOptions(raw as ToolSpec<unknown>, zodSchema, previousOptions);
  const checkFn = raw.checkFn;
  return new PreparedTool(
    name,
    raw.toolset,
    schema,
    raw.handler as ToolHandler,
    checkFn === undefined ? undefined : recordFor(checkFn),
    options,
  );
}
