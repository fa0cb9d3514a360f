import type { FunctionSchema } from "@hermes-agent/registry";

/** What a schema patch knows about the selection it is patching for. */
export interface SchemaPatchContext {
  /** Every tool of this selection that passed its availability check. */
  readonly availableTools: ReadonlySet<string>;
}

/**
 * Rewrites one tool's function schema for the current selection. It must not mutate its input;
 * it returns the input itself when nothing changes, or a new object.
 */
export type SchemaPatch = (schema: FunctionSchema, context: SchemaPatchContext) => FunctionSchema;

/** Tool name → its patch. */
export type SchemaPatches = Readonly<Record<string, SchemaPatch>>;

/** Tools a script run by `execute_code` may call (Hermes' `SANDBOX_ALLOWED_TOOLS`), in Hermes' order. */
export const SANDBOX_ALLOWED_TOOLS: readonly string[] = Object.freeze([
  "web_search",
  "web_extract",
  "read_file",
  "write_file",
  "search_files",
  "patch",
  "terminal",
]);

/**
 * The sandbox tools `execute_code` offers for a selection: the allowed ones that are available,
 * or all of them when none is (Hermes' fallback; the RPC server enforces the same set).
 */
export function sandboxToolsFor(availableTools: ReadonlySet<string>): string[] {
  const offered = SANDBOX_ALLOWED_TOOLS.filter((tool) => availableTools.has(tool));
  return offered.length > 0 ? offered : [...SANDBOX_ALLOWED_TOOLS];
}

const SANDBOX_NAME = SANDBOX_ALLOWED_TOOLS.join("|");
// A line that starts (after indentation, a bullet or a backtick) with a stub signature `name(`.
const SIGNATURE_LINE = new RegExp(`^(\\s*)(?:[-*•]\\s+)?\`?(${SANDBOX_NAME})\\(`);
// Two or more sandbox tool names in a comma-separated run: an import line or a list in prose.
const NAME_RUN = new RegExp(
  `\\b(?:${SANDBOX_NAME})(?:,\\s*(?:and\\s+)?(?:${SANDBOX_NAME}))+\\b`,
  "g",
);

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

/**
 * Make an `execute_code` description mention only the offered sandbox tools. Two shapes are
 * recognised, so the tool owning the text stays free to word it: a stub signature line per tool
 * (`web_search(query: str, limit: int = 5) -> dict`, with its more-indented continuation lines)
 * is dropped for a tool not offered, and a comma-separated run of sandbox tool names (such as
 * `from hermes_tools import web_search, terminal`) is replaced by the offered names.
 */
export function describeSandboxTools(description: string, offered: readonly string[]): string {
  const keep = new Set(offered);
  const lines = description.split("\n");
  const kept: string[] = [];
  let droppingBelowIndent = -1;
  for (const line of lines) {
    if (droppingBelowIndent >= 0) {
      if (line.trim() !== "" && indentOf(line) > droppingBelowIndent) continue;
      droppingBelowIndent = -1;
    }
    const signature = SIGNATURE_LINE.exec(line);
    if (signature?.[2] !== undefined && !keep.has(signature[2])) {
      droppingBelowIndent = indentOf(line);
      continue;
    }
    kept.push(line);
  }
  return kept.join("\n").replace(NAME_RUN, () => offered.join(", "));
}

/** `execute_code`: list only the sandbox tools this selection offers. */
export const patchExecuteCodeSchema: SchemaPatch = (schema, context) => {
  const offered = sandboxToolsFor(context.availableTools);
  if (offered.length === SANDBOX_ALLOWED_TOOLS.length) return schema;
  const description = describeSandboxTools(schema.description, offered);
  return description === schema.description ? schema : { ...schema, description };
};

const PREFER_WEB_TOOLS = /\s*[^.!?\n]*\bprefer web_search or web_extract\b[^.!?\n]*[.!?]?/g;

/**
 * `browser_navigate`: drop the advice to prefer `web_search` / `web_extract` when neither is
 * available, so the model is not sent looking for a tool it does not have.
 */
export const patchBrowserNavigateSchema: SchemaPatch = (schema, context) => {
  if (context.availableTools.has("web_search") || context.availableTools.has("web_extract"))
    return schema;
  const description = schema.description.replace(PREFER_WEB_TOOLS, "");
  return description === schema.description ? schema : { ...schema, description };
};

/** The patches `getToolDefinitions` applies unless given others. */
export const DEFAULT_SCHEMA_PATCHES: SchemaPatches = Object.freeze({
  execute_code: patchExecuteCodeSchema,
  browser_navigate: patchBrowserNavigateSchema,
});
