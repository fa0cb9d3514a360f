import type { z } from "zod";

/** A JSON Schema object, as sent to the model in a function definition. */
export interface JsonSchema {
  readonly [keyword: string]: unknown;
}

/** The parameters of a tool: plain JSON Schema, or a zod schema converted with `z.toJSONSchema`. */
export type ToolParameters = JsonSchema | z.ZodType;

/** An OpenAI function schema body as a tool author writes it. `name` defaults to the tool's name. */
export interface ToolSchemaInput<P extends ToolParameters = ToolParameters> {
  readonly name?: string;
  readonly description?: string;
  readonly parameters: P;
}

/** The function part of a definition: always JSON Schema parameters and the registered name. */
export interface FunctionSchema {
  readonly name: string;
  readonly description: string;
  readonly parameters: JsonSchema;
  readonly [key: string]: unknown;
}

/** One entry of the tool list sent to the model (OpenAI function calling). */
export interface ToolDefinition {
  readonly type: "function";
  readonly function: FunctionSchema;
}

/**
 * A result with images or other parts, passed through dispatch untouched.
 * `content` follows the model API's content-part shapes.
 */
export interface MultimodalToolResult {
  readonly _multimodal: true;
  readonly content: readonly unknown[];
  readonly [key: string]: unknown;
}

/** What dispatch resolves to: a string (usually JSON), or a multimodal result. */
export type ToolOutput = string | MultimodalToolResult;

/**
 * Options of one dispatch call, handed to the handler with it. The type is closed, so a
 * misspelt option (`timeout` for `timeoutMs`) fails to compile. To pass more, either put it in
 * `metadata`, or add typed fields by declaration merging:
 * `declare module "@hermes-agent/registry" { interface DispatchContext { origin?: string } }`.
 */
export interface DispatchContext {
  /** The agent task the call belongs to; tools keep per-task state (cwd, env) under it. */
  readonly taskId?: string;
  /** The conversation (session) the call belongs to: session approvals are kept under it. */
  readonly sessionKey?: string;
  /** Aborting it makes dispatch resolve with an error and aborts the handler's signal. */
  readonly signal?: AbortSignal;
  /**
   * Milliseconds after which the call resolves with a timeout error and the handler is aborted.
   * Default: the registry's `defaultTimeoutMs` (300 000, Hermes' limit); `Infinity` for none.
   */
  readonly timeoutMs?: number;
  /** Free-form data for handlers, passed through unchanged. */
  readonly metadata?: Readonly<Record<string, unknown>>;
}

/** What a handler receives besides its arguments. */
export interface ToolCallContext extends DispatchContext {
  /** Name of the tool being called. */
  readonly toolName: string;
  /** Always present; aborted when the caller aborts or the timeout fires. */
  readonly signal: AbortSignal;
}

/** A tool implementation. It may return synchronously or a promise. */
export type ToolHandler<Args = Record<string, unknown>> = (
  args: Args,
  ctx: ToolCallContext,
) => unknown;

/** Availability check of a tool; false (or a throw) hides the tool from the model. */
export type CheckFn = () => boolean;

/** What `register` accepts. */
export interface ToolSpec<Args = Record<string, unknown>> {
  /** Tool name as the model sees it. */
  readonly name: string;
  /** Toolset the tool belongs to; names starting with `mcp-` are MCP servers. */
  readonly toolset: string;
  readonly schema: ToolSchemaInput;
  /** The implementation; declared as a method so specs with narrower argument types are accepted. */
  handler(args: Args, ctx: ToolCallContext): unknown;
  readonly checkFn?: CheckFn;
  /**
   * Why the tool is unavailable when its `checkFn` fails (what is missing, how to fix it), for
   * listings such as `hermes-agent tools`. Undefined when there is nothing to say.
   */
  readonly unavailableReason?: () => string | undefined;
  /** Env vars the tool needs; reported by `checkToolAvailability` when missing. */
  readonly requiresEnv?: readonly string[];
  /** Informational: the handler returns a promise. Both kinds are awaited alike. */
  readonly isAsync?: boolean;
  /**
   * A description for listings (`getEntry(name).description`). The model sees the schema's own
   * description; this one is shown to it only when the schema has none.
   */
  readonly description?: string;
  /**
   * Mark the function `strict` for OpenAI structured outputs. The parameters must then suit
   * strict mode: every property required (make an optional one nullable instead) and no extra
   * properties (`additionalProperties: false` is added where it is unset). Checked at registration.
   */
  readonly strict?: boolean;
  readonly emoji?: string;
  /** Results longer than this are spilled to a file; defaults to the registry's cap (100 000). */
  readonly maxResultSizeChars?: number;
  /**
   * Time limit of a call whose caller sets no `timeoutMs`, in milliseconds, replacing the
   * registry's default (300 s) for this tool: a number, or a function of the call's validated
   * arguments for a tool whose own argument says how long it may run (`Infinity`: no limit).
   * A tool that runs longer than Hermes' 300 s by design (a 600 s foreground command) sets it.
   */
  readonly timeoutMs?: number | ((args: Args) => number);
  /** Called for each definition build; its keys are merged over a copy of the schema. */
  readonly dynamicSchemaOverrides?: () => Readonly<Record<string, unknown>> | undefined | null;
  /** Allow replacing a tool of another toolset; the displaced tool returns on deregister. */
  readonly override?: boolean;
}

/** A registered tool, as `getEntry` returns it. Read-only; the schema is deeply frozen. */
export interface ToolEntry {
  readonly name: string;
  readonly toolset: string;
  /** Function schema with JSON Schema parameters (zod converted), deeply frozen. */
  readonly schema: FunctionSchema;
  readonly handler: ToolHandler;
  readonly checkFn: CheckFn | undefined;
  /** See {@link ToolSpec.unavailableReason}. */
  readonly unavailableReason: (() => string | undefined) | undefined;
  readonly requiresEnv: readonly string[];
  readonly isAsync: boolean;
  readonly description: string;
  readonly emoji: string;
  readonly maxResultSizeChars: number | undefined;
  /** See {@link ToolSpec.timeoutMs}. */
  readonly timeoutMs: number | ((args: Record<string, unknown>) => number) | undefined;
  readonly dynamicSchemaOverrides: ToolSpec["dynamicSchemaOverrides"];
  /** The zod schema the tool was registered with, used to validate arguments. */
  readonly zodSchema: z.ZodType | undefined;
}
