import type { FunctionSchema, JsonSchema } from "@hermes-agent/registry";
import {
  HERMES_STUB_SPECS,
  SANDBOX_ALLOWED_TOOLS,
  sandboxToolsFor,
  type StubDefault,
} from "./sandbox-tools.js";
import { stubParametersFor, type StubParameter } from "./stub-parameters.js";

/** `code_execution.mode`: where scripts run and with which interpreter. */
export type ExecutionMode = "project" | "strict";

/** What the execute_code schema is built from. */
export interface ExecuteCodeSchemaOptions {
  /** Sandbox tools offered to scripts, in display order; default all of Hermes' seven. */
  readonly offeredTools?: readonly string[];
  readonly mode?: ExecutionMode;
  readonly timeoutSeconds?: number;
  readonly maxToolCalls?: number;
  /** Scripts of one task share a persistent Python session. */
  readonly persistent?: boolean;
  /** Registered JSON Schema parameters of a tool, so stubs and description follow the registry. */
  readonly toolParameters?: (tool: string) => JsonSchema | undefined;
}

/** The description entry of one sandbox tool. */
export interface SandboxToolDescription {
  readonly name: string;
  /** `read_file(path: str, offset: int = 1, limit: int = 2000) -> dict` */
  readonly signature: string;
  /** Lines shown under the signature (what it returns). */
  readonly notes: readonly string[];
}

const PYTHON_TYPES: Readonly<Record<string, string>> = {
  string: "str",
  integer: "int",
  number: "float",
  boolean: "bool",
  array: "list",
  object: "dict",
};

function pythonLiteral(value: StubDefault): string {
  if (value === null) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  return JSON.stringify(value);
}

function renderParameter(parameter: StubParameter): string {
  const type =
    parameter.pythonType ??
    (parameter.schemaType === undefined ? undefined : PYTHON_TYPES[parameter.schemaType]);
  const head = type === undefined ? parameter.name : `${parameter.name}: ${type}`;
  if (parameter.required) return head;
  return type === undefined
    ? `${head}=${pythonLiteral(parameter.default)}`
    : `${head} = ${pythonLiteral(parameter.default)}`;
}

function firstSentence(text: unknown): string | undefined {
  if (typeof text !== "string" || text.trim() === "") return undefined;
  const sentence = /^[\s\S]*?[.!?](?=\s|$)/.exec(text.trim())?.[0] ?? text.trim();
  return sentence.replace(/\s+/g, " ").slice(0, 200);
}

/**
 * Signature and notes of a sandbox tool as the execute_code description shows them, from the
 * tool's registered parameters (Hermes' order and defaults for the tools Hermes has).
 */
export function describeSandboxTool(
  name: string,
  parameters: JsonSchema | undefined,
  description?: string,
): SandboxToolDescription {
  const signature = `${name}(${stubParametersFor(name, parameters).map(renderParameter).join(", ")}) -> dict`;
  const spec = HERMES_STUB_SPECS[name];
  const notes = spec?.returns ?? [
    firstSentence(description) ?? "Returns the tool's JSON result, parsed.",
  ];
  return { name, signature, notes };
}

/** The description of execute_code for the offered tools and settings. */
export function buildExecuteCodeDescription(options: ExecuteCodeSchemaOptions = {}): string {
  const offered = options.offeredTools ?? SANDBOX_ALLOWED_TOOLS;
  const timeout = options.timeoutSeconds ?? 300;
  const maxCalls = options.maxToolCalls ?? 50;
  const toolLines = offered
    .map((name) => describeSandboxTool(name, options.toolParameters?.(name)))
    .map((tool) => [`  ${tool.signature}`, ...tool.notes.map((note) => `    ${note}`)].join("\n"))
    .join("\n");
  const limit = timeout % 60 === 0 ? `${timeout / 60}-minute timeout` : `${timeout}-second timeout`;
  const cwdNote =
    options.mode === "strict"
      ? "Scripts run in their own temp dir, not the session's working directory: pass absolute " +
        "paths for files elsewhere, or reach them with terminal()/read_file()."
      : "Scripts run in the session's working directory. Python is the project's active " +
        "virtualenv/conda interpreter when one is active (VIRTUAL_ENV/CONDA_PREFIX), else the " +
        "default python3; check `import x` before relying on project packages.";
  const persistence =
    options.persistent === true
      ? "Python calls of one session share a persistent interpreter: variables and imports survive " +
        "between execute_code calls until reset=true; a timed-out or interrupted call loses that state.\n\n"
      : "";
  return (
    "Run a script that calls tools programmatically. Use it when you need 3+ tool calls with " +
    "logic between them: filtering or reducing large outputs before they enter context, " +
    "branching, or loops (N pages/files, retry on failure). Use normal tool calls for single " +
    "calls, results you must reason over in full, or anything needing user interaction. Only " +
    "what the script prints comes back.\n\n" +
    persistence +
    "Available via `from hermes_tools import ...` (Python, the default) or " +
    '`import { ... } from "hermes_tools"` (language="javascript": the same functions, async, ' +
    "taking positional arguments or one options object; top-level await works):\n\n" +
    `${toolLines}\n\n` +
    `Limits: ${limit}, max ${maxCalls} tool calls per call. Stdout over 50KB keeps only its ` +
    "head and tail; stderr is capped at 10KB.\n\n" +
    `${cwdNote}\n\n` +
    "Helpers require imports: `from hermes_tools import json_parse, shell_quote, retry`. " +
    `json_parse(text) — tolerant json.loads${offered.includes("terminal") ? " for terminal() output" : ""}; shell_quote(s) — shlex.quote ` +
    "for dynamic shell args; retry(fn, max_attempts=3, delay=2) — exponential backoff."
  );
}

/** The full execute_code function schema (name, description, parameters). */
export function buildExecuteCodeSchema(options: ExecuteCodeSchemaOptions = {}): FunctionSchema {
  const offered = options.offeredTools ?? SANDBOX_ALLOWED_TOOLS;
  const examples = ["web_search", "terminal"].filter((name) => offered.includes(name));
  const shown = examples.length > 0 ? examples : [...offered].sort().slice(0, 2);
  const importHint = shown.length > 0 ? `${shown.join(", ")}, ...` : "...";
  return {
    name: "execute_code",
    description: buildExecuteCodeDescription(options),
    parameters: {
      type: "object",
      properties: {
        code: {
          type: "string",
          description:
            `Python code to execute (or JavaScript with language="javascript"). Import tools with ` +
            `\`from hermes_tools import ${importHint}\` and print your final result to stdout.`,
        },
        language: {
          type: "string",
          enum: ["python", "javascript"],
          description: 'Language of the script: "python" (default) or "javascript" (an ES module).',
        },
        reset: {
          type: "boolean",
          description:
            "Discard the persistent session's state and start fresh before running this code.",
        },
      },
      required: ["code"],
    },
  };
}

/**
 * A schema patch for `getToolDefinitions` (the shape @hermes-agent/toolsets' `SchemaPatch`
 * has): rebuilds execute_code's schema from data for the tools available in the selection.
 */
export function createExecuteCodeSchemaPatch(
  options: Omit<ExecuteCodeSchemaOptions, "offeredTools"> & {
    readonly allowedTools?: readonly string[];
  } = {},
): (
  schema: FunctionSchema,
  context: { readonly availableTools: ReadonlySet<string> },
) => FunctionSchema {
  return (schema, context) => {
    const offered = sandboxToolsFor(context.availableTools, options.allowedTools);
    const built = buildExecuteCodeSchema({ ...options, offeredTools: offered });
    return { ...schema, description: built.description, parameters: built.parameters };
  };
}
