import type { ValidateFunction } from "ajv";
import type { z } from "zod";
import { describeAjvError, formatPath, type JsonSchemaCompiler } from "./json-schema.js";
import type { Logger } from "@hermes-agent/core";
import type { JsonSchema } from "./types.js";
import { zodSafeParse } from "./zod-interop.js";

/** Why a call's arguments were refused: the field concerned and the reason. */
export class ArgumentProblem {
  readonly field: string;
  readonly reason: string;

  constructor(field: string, reason: string) {
    this.field = field;
    this.reason = reason;
  }
}

/** Validates (and for zod, parses) a call's arguments; returns the arguments to use or the problem. */
export type ArgumentValidator = (
  args: Record<string, unknown>,
) => Record<string, unknown> | ArgumentProblem;

function zodValidator(schema: z.ZodType): ArgumentValidator {
  return (args) => {
    const parsed = zodSafeParse(schema, args);
    if (parsed.success) return parsed.data as Record<string, unknown>;
    const issue = parsed.error.issues[0];
    if (issue === undefined) return new ArgumentProblem("(arguments)", "are invalid");
    // A strict object reports unknown keys on the object itself; name the first key instead.
    const extra = issue.code === "unrecognized_keys" ? issue.keys[0] : undefined;
    if (extra !== undefined)
      return new ArgumentProblem(formatPath([...issue.path, extra]), "is not an allowed property");
    return new ArgumentProblem(formatPath(issue.path), issue.message);
  };
}

function ajvValidator(validate: ValidateFunction): ArgumentValidator {
  return (args) => {
    if (validate(args)) return args;
    const first = validate.errors?.[0];
    if (first === undefined) return new ArgumentProblem("(arguments)", "are invalid");
    const { field, reason } = describeAjvError(first);
    return new ArgumentProblem(field, reason);
  };
}

/**
 * Build the argument validator of a tool: zod's own parser when the tool was registered with a
 * zod schema, else a compiled JSON Schema validator. A JSON Schema that cannot be compiled (an
 * unresolvable `$ref`, say) disables validation for that tool with a warning rather than making
 * the tool unusable.
 */
export function compileArgumentValidator(
  toolName: string,
  parameters: JsonSchema,
  zodSchema: z.ZodType | undefined,
  services: { readonly logger: Logger; readonly compiler: JsonSchemaCompiler },
): ArgumentValidator {
  if (zodSchema !== undefined) return zodValidator(zodSchema);
  try {
    return ajvValidator(services.compiler.compile(parameters));
  } catch (error) {
    services.logger.warn(
      `Tool '${toolName}': parameters schema cannot be compiled, arguments are not validated: ${String(error)}`,
    );
    return (args) => args;
  }
}
