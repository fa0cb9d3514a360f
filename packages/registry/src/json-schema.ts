import { createRequire } from "node:module";
import type * as AjvModule from "ajv";
import type { Ajv, ErrorObject, ValidateFunction } from "ajv";
import type { JsonSchema } from "./types.js";

let ajvClass: typeof AjvModule.Ajv | undefined;

/**
 * A validator instance of its own for one schema: an Ajv instance keeps everything it ever
 * compiled (by `$id` and in its code scope), so sharing one across tools would grow without
 * bound as tools are re-registered and would refuse a second schema with the same `$id`.
 * Registration already checked the schema's shape, so meta-schema validation is skipped, which
 * makes an instance cheap (a few kilobytes, well under a millisecond).
 */
function compileAlone(schema: JsonSchema): ValidateFunction {
  ajvClass ??= (createRequire(import.meta.url)("ajv") as typeof AjvModule).Ajv;
  const ajv: Ajv = new ajvClass({
    strict: false,
    allErrors: false,
    validateFormats: false,
    meta: false,
    validateSchema: false,
    addUsedSchema: false,
  });
  const { $schema: _ignored, ...rest } = schema;
  return ajv.compile(rest);
}

/**
 * Compiles JSON Schema validators. A validator belongs to the tools that use it (each prepared
 * tool holds its own reference); the cache only lets tools with identical parameters share one
 * while any of them is alive (a re-registered tool, an MCP refresh, the same tools in several
 * registries), and it holds validators weakly, so a validator is freed with the last tool that
 * used it. Sharing is safe: a validator is a pure function whose `errors` are read at once.
 */
export class JsonSchemaCompiler {
  readonly #byText = new Map<string, WeakRef<ValidateFunction>>();
  readonly #cleanup = new FinalizationRegistry<string>((key) => {
    if (this.#byText.get(key)?.deref() === undefined) this.#byText.delete(key);
  });

  /** Compile (or share) a validator for `schema`. Throws when the schema cannot be compiled. */
  compile(schema: JsonSchema): ValidateFunction {
    const key = JSON.stringify(schema);
    const known = this.#byText.get(key)?.deref();
    if (known !== undefined) return known;
    const validate = compileAlone(schema);
    this.#byText.set(key, new WeakRef(validate));
    this.#cleanup.register(validate, key);
    return validate;
  }
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

/** The process-wide compiler registries use by default. */
export const sharedSchemaCompiler: JsonSchemaCompiler = new JsonSchemaCompiler();
