import { SCRIPT_LANGUAGES, type ScriptLanguage } from "./staged-files.js";

/** Arguments of execute_code as the model sends them. */
export interface ExecuteCodeArgs {
  readonly code?: unknown;
  readonly language?: unknown;
  readonly reset?: unknown;
  readonly command?: unknown;
  readonly [key: string]: unknown;
}

/** Checked arguments. */
export interface ValidArguments {
  readonly code: string;
  readonly language: ScriptLanguage;
  readonly reset: boolean;
}

function typeName(value: unknown): string {
  if (value === null) return "NoneType";
  if (Array.isArray(value)) return "list";
  switch (typeof value) {
    case "number":
      return Number.isInteger(value) ? "int" : "float";
    case "boolean":
      return "bool";
    case "object":
      return "dict";
    default:
      return typeof value;
  }
}

/**
 * Check execute_code's arguments; an error message (Hermes' texts, Python type names) for a
 * `command` argument instead of `code`, non-string or empty code, or an unknown language.
 */
export function validateArguments(args: ExecuteCodeArgs): ValidArguments | { error: string } {
  if (!("code" in args) && "command" in args) {
    return {
      error:
        "execute_code received a 'command' parameter, but it requires Python source in 'code'. " +
        "Use terminal(command=...) for shell commands; for Python, retry as execute_code(code=...).",
    };
  }
  const code = args.code;
  if (code !== undefined && code !== null && typeof code !== "string") {
    return {
      error:
        `execute_code received a ${typeName(code)} in 'code', but it requires Python source as a ` +
        'string. Retry as execute_code(code="...").',
    };
  }
  if (typeof code !== "string" || code.trim() === "") {
    return {
      error:
        "No code provided. execute_code requires a non-empty 'code' parameter containing Python " +
        "source. To run shell commands, use terminal(command=...) instead.",
    };
  }
  const language = args.language ?? "python";
  if (
    typeof language !== "string" ||
    !SCRIPT_LANGUAGES.includes(language.trim().toLowerCase() as ScriptLanguage)
  ) {
    return {
      error: `execute_code 'language' must be one of ${SCRIPT_LANGUAGES.join(", ")}; got ${JSON.stringify(language)}.`,
    };
  }
  return {
    code,
    language: language.trim().toLowerCase() as ScriptLanguage,
    reset: args.reset === true || args.reset === "true",
  };
}
