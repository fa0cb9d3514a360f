import { compileCoercer, type Coercer } from "./argument-coercion.js";
import { callContext } from "./call-context.js";
import type { CheckRecord } from "./check-cache.js";
import {
  ArgumentProblem,
  compileArgumentValidator,
  type ArgumentValidator,
} from "./argument-validation.js";
import type { DeadlineBucket } from "./deadline-queue.js";
import type { JsonSchemaCompiler } from "./json-schema.js";
import { findJsonSyntaxProblem } from "./json-syntax.js";
import type { Logger } from "@hermes-agent/core";
import type { DispatchContext, ToolCallContext, ToolDefinition, ToolEntry } from "./types.js";

const NEVER_ABORTED: AbortSignal = new AbortController().signal;

/**
 * A registered tool with what dispatch and definition building need, each computed when first
 * needed and then kept: the frozen definition, the call context used when the caller passes
 * none, and the compiled argument coercer and validator. Registration itself stays small.
 */
export class PreparedTool {
  readonly entry: ToolEntry;
  /** Cache record of the tool's check, shared with every tool using the same function. */
  readonly checkRecord: CheckRecord | undefined;
  /** Stamp of the last selection that asked for this tool (see `ToolCatalog.select`). */
  mark = 0;
  #definition: ToolDefinition | undefined;
  #idleContext: ToolCallContext | undefined;
  #coerce: Coercer | undefined;
  #validate: ArgumentValidator | undefined;
  #bucketContext: { bucket: DeadlineBucket; context: ToolCallContext } | undefined;

  constructor(entry: ToolEntry, checkRecord: CheckRecord | undefined) {
    this.entry = entry;
    this.checkRecord = checkRecord;
  }

  /** The frozen definition shown to the model; built when first asked for, then shared. */
  get definition(): ToolDefinition {
    return (this.#definition ??= Object.freeze({ type: "function", function: this.entry.schema }));
  }

  /** The context of a call whose caller passed none, with no timeout to honour; built once. */
  get idleContext(): ToolCallContext {
    return (this.#idleContext ??= Object.freeze({
      toolName: this.entry.name,
      signal: NEVER_ABORTED,
    }));
  }

  /** A context for a call whose caller gave no signal or timeout. */
  contextWithoutSignal(ctx: DispatchContext): ToolCallContext {
    return callContext(ctx, this.entry.name, NEVER_ABORTED);
  }

  /**
   * A context for a call under the default timeout: the bucket's shared signal, and for a caller
   * that passed no context one object reused for every call in the bucket.
   */
  contextIn(bucket: DeadlineBucket, ctx: DispatchContext | undefined): ToolCallContext {
    if (ctx !== undefined) return callContext(ctx, this.entry.name, bucket.signal);
    if (this.#bucketContext?.bucket !== bucket) {
      this.#bucketContext = {
        bucket,
        context: Object.freeze({ toolName: this.entry.name, signal: bucket.signal }),
      };
    }
    return this.#bucketContext.context;
  }

  /**
   * Read, coerce then validate a call's arguments. An object is used as is; a string is parsed as
   * JSON (OpenAI sends arguments that way); nothing at all (`undefined`, `null`, an empty string)
   * means no arguments. Anything else, or a string that is not a JSON object, is a problem.
   */
  prepareArguments(
    raw: unknown,
    services: { readonly logger: Logger; readonly compiler: JsonSchemaCompiler },
  ): Record<string, unknown> | ArgumentProblem {
    const args = readArguments(raw);
    if (args instanceof ArgumentProblem) return args;
    const coerce = (this.#coerce ??= compileCoercer(this.entry.schema.parameters));
    const validate = (this.#validate ??= compileArgumentValidator(
      this.entry.name,
      this.entry.schema.parameters,
      this.entry.zodSchema,
      services,
    ));
    return validate(coerce(args) as Record<string, unknown>);
  }
}

const WHOLE_ARGUMENTS = "(arguments)";

function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return `a ${typeof value}`;
}

function readArguments(raw: unknown): Record<string, unknown> | ArgumentProblem {
  if (raw === undefined || raw === null) return {};
  let value: unknown = raw;
  if (typeof raw === "string") {
    if (raw.trim() === "") return {};
    try {
      value = JSON.parse(raw) as unknown;
    } catch {
      const problem = findJsonSyntaxProblem(raw);
      const where =
        problem === undefined
          ? ""
          : `: ${problem.reason} at position ${problem.position} (line ${problem.line}, column ${problem.column})`;
      return new ArgumentProblem(
        WHOLE_ARGUMENTS,
        `are not valid JSON${where}; send the arguments as one JSON object`,
      );
    }
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return new ArgumentProblem(
      WHOLE_ARGUMENTS,
      `must be a JSON object of named arguments, got ${kindOf(value)}`,
    );
  }
  return value as Record<string, unknown>;
}
