import { createRequire } from "node:module";
import type * as AjvModule from "ajv";
import type { Ajv, ErrorObject, ValidateFunction } from "ajv";
import type { JsonSchema } from "./types.js";

let shared: Ajv | undefined;

/**
 * The registry's JSON Schema validator (draft-07 semantics, unknown keywords and formats
 * tolerated), loaded on first need so that importing the registry stays cheap.
 */
function ajv(): Ajv {
  if (shared === undefined) {
    const { Ajv: AjvClass } = createRequire(import.meta.url)("ajv") as typeof AjvModule;
    shared = new AjvClass({ strict: false, allErrors: false, validateFormats: false });
  }
  return shared;
}

/** Compile a validator for `schema`. Throws when the schema cannot be compiled (bad `$ref`, ...). */
export function compileJsonSchema(schema: JsonSchema): ValidateFunction {
  const { $schema: _ignored, ...rest } = schema;
  return ajv().compile(rest);
}

/** Turn an ajv error into the field it concerns (`a.b[0]`) and a reason a model can act on. */
export function describeAjvError(error: ErrorObject): {
  readonly field: string;
  readonly reason: string;
} {
  const segments = error.instancePath === "" ? [] : error.instancePath.slice(1).split("/");
  let reason = error.message ?? "is invalid";
  const params = error.params as Record<string, unknown>;
  if (error.keyword === "required" && typeof params["missingProperty"] === "string") {
    segments.push(params["missingProperty"]);
    reason = "is required";
  } else if (
    error.keyword === "additionalProperties" &&
    typeof params["additionalProperty"] === "string"
  ) {
    segments.push(params["additionalProperty"]);
    reason = "is not an allowed property";
  } else if (error.keyword === "enum" && Array.isArray(params["allowedValues"])) {
    reason = `must be one of ${JSON.stringify(params["allowedValues"])}`;
  }
  return { field: formatPath(segments.map(unescapePointer)), reason };
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, "/").replace(/~0/g, "~");
}

/** Format a path as `a.b[0].c`; the empty path is the arguments object itself. */
export function formatPath(segments: readonly (string | number | symbol)[]): string {
  if (segments.length === 0) return "(arguments)";
  let out = "";
  for (const segment of segments) {
    if (typeof segment === "number" || (typeof segment === "string" && /^\d+$/.test(segment))) {
      out += `[${String(segment)}]`;
    } else {
      out += out === "" ? String(segment) : `.${String(segment)}`;
    }
  }
  return out;
}
