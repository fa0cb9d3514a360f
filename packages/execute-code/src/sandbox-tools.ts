/**
 * Which tools a script may call, and how each is presented to it: Hermes' stub signatures
 * (parameter order and defaults) and the lines the tool description shows for each.
 */

/** Tools a script may call (Hermes' `SANDBOX_ALLOWED_TOOLS`), in Hermes' display order. */
export const SANDBOX_ALLOWED_TOOLS: readonly string[] = Object.freeze([
  "web_search",
  "web_extract",
  "read_file",
  "write_file",
  "search_files",
  "patch",
  "terminal",
]);

/** Tools a script can never call, whatever the allowlist says. */
export const NEVER_SANDBOX_CALLABLE: readonly string[] = Object.freeze([
  "execute_code",
  "delegate_task",
]);

/** Terminal arguments stripped from script calls: scripts run foreground commands only. */
export const TERMINAL_BLOCKED_ARGUMENTS: readonly string[] = Object.freeze([
  "background",
  "pty",
  "notify",
  "notify_on_complete",
  "watch_patterns",
  "heartbeat",
  "persist_on_release",
]);

/** A JSON value usable as a stub default (`null` is Python's `None`). */
export type StubDefault = string | number | boolean | null;

/** One parameter of a stub as Hermes declares it. */
export interface HermesStubParameter {
  readonly name: string;
  /** Absent: the parameter is required (positional without default). */
  readonly default?: StubDefault;
  /** Python annotation shown in the description line. */
  readonly pythonType?: string;
}

/** Hermes' stub of one sandbox tool: parameter order, defaults and the description lines. */
export interface HermesStubSpec {
  readonly parameters: readonly HermesStubParameter[];
  /** One-line docstring of the stub. */
  readonly doc: string;
  /** What the description says the tool returns, below its signature. */
  readonly returns: readonly string[];
}

const required = (name: string, pythonType: string): HermesStubParameter => ({ name, pythonType });
const optional = (name: string, value: StubDefault, pythonType?: string): HermesStubParameter =>
  pythonType === undefined ? { name, default: value } : { name, default: value, pythonType };

/**
 * Hermes' stub signatures. A registered schema property missing here is appended as a keyword
 * parameter (default `None`); an entry here missing from the registered schema is left out.
 */
export const HERMES_STUB_SPECS: Readonly<Record<string, HermesStubSpec>> = Object.freeze({
  web_search: {
    parameters: [required("query", "str"), optional("limit", 5, "int")],
    doc: "Search the web. Returns dict with data.web list of {url, title, description}.",
    returns: ['Returns {"data": {"web": [{"url", "title", "description"}, ...]}}'],
  },
  web_extract: {
    parameters: [required("urls", "list[str]"), optional("char_limit", null, "int")],
    doc: "Extract content from URLs. Returns dict with results list of {url, title, content, error}.",
    returns: [
      'Returns {"results": [{"url", "title", "content", "error"}, ...]} where content is markdown.',
    ],
  },
  read_file: {
    parameters: [
      required("path", "str"),
      optional("offset", 1, "int"),
      optional("limit", 2000, "int"),
    ],
    doc: 'Read a file (1-indexed lines). Returns dict with "content" and "total_lines".',
    returns: ['Lines are 1-indexed. Returns {"content": "...", "total_lines": N}'],
  },
  write_file: {
    parameters: [
      required("path", "str"),
      required("content", "str"),
      optional("cross_profile", false, "bool"),
    ],
    doc: "Write content to a file (always overwrites). Returns dict with status.",
    returns: ["Always overwrites the entire file."],
  },
  search_files: {
    parameters: [
      required("pattern", "str"),
      optional("target", "content"),
      optional("path", "."),
      optional("file_glob", null),
      optional("limit", 50),
      optional("offset", 0),
      optional("output_mode", "content"),
      optional("context", 0),
      optional("order", "discovery"),
    ],
    doc: 'Search file contents (target="content") or find files by name (target="files"). Returns dict with "matches".',
    returns: [
      'target: "content" (search inside files) or "files" (find files by name). Returns {"matches": [...]}',
    ],
  },
  patch: {
    parameters: [
      optional("path", null, "str"),
      optional("old_string", null, "str"),
      optional("new_string", null, "str"),
      optional("replace_all", false, "bool"),
      optional("mode", "replace", "str"),
      optional("patch", null, "str"),
      optional("cross_profile", false, "bool"),
    ],
    doc: 'Targeted find-and-replace (mode="replace") or V4A multi-file patches (mode="patch"). Returns dict with status.',
    returns: ["Replaces old_string with new_string in the file."],
  },
  terminal: {
    parameters: [required("command", "str"), optional("timeout", null), optional("workdir", null)],
    doc: 'Run a shell command (foreground only). Returns dict with "output" and "exit_code".',
    returns: ['Foreground only (no background/pty). Returns {"output": "...", "exit_code": N}'],
  },
});

/**
 * The sandbox tools offered for a selection: the `allowed` ones among `enabledTools`, or all
 * allowed ones when none is enabled (Hermes' fallback). `undefined` means every allowed tool.
 * Tools that are never callable from a script are dropped from `allowed` first.
 */
export function sandboxToolsFor(
  enabledTools: Iterable<string> | undefined,
  allowed: readonly string[] = SANDBOX_ALLOWED_TOOLS,
): string[] {
  const callable = allowed.filter(isSandboxCallable);
  if (enabledTools === undefined) return callable;
  const enabled = new Set(enabledTools);
  const offered = callable.filter((tool) => enabled.has(tool));
  return offered.length > 0 ? offered : callable;
}

/** False for tools a script may never call: execute_code, delegate_task and MCP tools. */
export function isSandboxCallable(tool: string): boolean {
  return !NEVER_SANDBOX_CALLABLE.includes(tool) && !tool.startsWith("mcp__");
}
