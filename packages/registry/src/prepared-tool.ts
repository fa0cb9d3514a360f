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
import type { ToolOptions } from "./tool-options.js";
import type {
  CheckFn,
  DispatchContext,
  FunctionSchema,
  ToolCallContext,
  ToolDefinition,
  ToolEntry,
  ToolHandler,
} from "./types.js";

const NEVER_ABORTED: AbortSignal = new AbortController().signal;

/**
 * What is built on first need: the public entry, and what a tool's calls need (built on its
 * first dispatch). A tool never called or looked up carries none of it.
 */
class LazyParts {
  entry: ToolEntry | undefined = undefined;
  coerce: Coercer | undefined = undefined;
  validate: ArgumentValidator | undefined = undefined;
  idleContext: ToolCallContext | undefined = undefined;
  bucketContext: { bucket: DeadlineBucket; context: ToolCallContext } | undefined = undefined;
}

/**
 * A registered tool: its name, toolset, frozen schema, handler, check record and optional parts
 * (shared with every tool that sets none), and what dispatch and definition building need,
 * each computed when first needed and then kept: the frozen definition, the public
 * {@link ToolEntry}, the call context used when the caller passes none, and the compiled
 * argument coercer and validator. Registration itself stays small.
 */
export class PreparedTool {
  readonly name: string;
  readonly toolset: string;
  /** Function schema with JSON Schema parameters, deeply frozen. */
  readonly schema: FunctionSchema;
  readonly handler: ToolHandler;
  /** Cache record of the tool's check, shared with every tool using the same function. */
  readonly checkRecord: CheckRecord | undefined;
  readonly options: ToolOptions;
  /** Stamp of the last selection that asked for this tool (see `ToolCatalog.select`). */
  mark = 0;
  #definition: ToolDefinition | undefined = undefined;
  #lazy: LazyParts | undefined = undefined;

  constructor(
    name: string,
    toolset: string,
    schema: FunctionSchema,
    handler: ToolHandler,
    checkRecord: CheckRecord | undefined,
    options: ToolOptions,
  ) {
    this.name = name;
    this.toolset = toolset;
    this.schema = schema;
    this.handler = handler;
    this.checkRecord = checkRecord;
    this.options = options;
  }

  /** The tool's availability check, if it has one. */
  get checkFn(): CheckFn | undefined {
    return this.checkRecord?.fn;
  }

  /** The frozen definition shown to the model; built when first asked for, then shared. */
  get definition(): ToolDefinition {
    return (this.#definition ??= Object.freeze({ type: "function", function: this.schema }));
  }

  /** The tool as `getEntry` shows it: a frozen plain object, built when first asked for. */
  get entry(): ToolEntry {
    const { options } = this;
    const lazy = (this.#lazy ??= new LazyParts());
    return (lazy.entry ??= Object.freeze({
      name: this.name,
      toolset: this.toolset,
      schema: this.schema,
      handler: this.handler,
      checkFn: this.checkFn,
      unavailableReason: options.unavailableReason,
      requiresEnv: options.requiresEnv,
      isAsync: options.isAsync,
      description: options.description ?? this.schema.description,
      emoji: options.emoji,
      maxResultSizeChars: options.maxResultSizeChars,
      timeoutMs: options.timeoutMs,
      dynamicSchemaOverrides: options.dynamicSchemaOverrides,
      zodSchema: options.zodSchema,
    }));
  }

  /** The context of a call whose caller passed none, with no timeout to honour; built once. */
  get idleContext(): ToolCallContext {
    const calls = (this.#lazy ??= new LazyParts());
    return (calls.idleContext ??= Object.freeze({ toolName: this.name, signal: NEVER_ABORTED }));
  }

  /** A context for a call whose caller gave no signal or timeout. */
  contextWithoutSignal(ctx: DispatchContext): ToolCallContext {
    return callContext(ctx, this.name, NEVER_ABORTED);
  }

  /**
   * A context for a call under the default timeout: the bucket's shared signal, and for a caller
   * that passed no context one object reused for every call in the bucket.
   */
  contextIn(bucket: DeadlineBucket, ctx: DispatchContext | undefined): ToolCallContext {
    if (ctx !== undefined) return callContext(ctx, this.name, bucket.signal);
    const calls = (this.#lazy ??= new LazyParts());
    if (calls.bucketContext?.bucket !== bucket) {
      calls.bucketContext = {
        bucket,
        context: Object.freeze({ toolName: this.name, signal: bucket.signal }),
      };
    }
    return calls.bucketContext.context;
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
    const calls = (this.#lazy ??= new LazyParts());
    const coerce = (calls.coerce ??= compileCoercer(this.schema.parameters));
    const validate = (calls.validate ??= compileArgumentValidator(
      this.name,
      this.schema.parameters,
      this.options.zodSchema,
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
