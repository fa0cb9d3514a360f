/** One rule: a pattern over stderr and the hint it gives. */
interface HintRule {
  readonly pattern: RegExp;
  readonly hint: (match: RegExpExecArray, offered: readonly string[]) => string;
}

const HELPERS = new Set(["json_parse", "shell_quote", "retry"]);
/** Only the start of stderr is scanned: the first error is the one that matters. */
const SCAN_CHARS = 4_000;

function missingImportHint(name: string, offered: readonly string[]): string {
  if (HELPERS.has(name)) {
    return (
      `Import helpers with \`from hermes_tools import ${name}\`. If that import failed, the ` +
      "generated module may be stale or another hermes_tools may be first on sys.path. Check " +
      "hermes_tools.__file__ and retry with reset=true."
    );
  }
  return (
    `'${name}' is not available inside the execute_code sandbox. Importable tools here: ` +
    `${[...offered].sort().join(", ")}. For anything else, use the normal tool call instead of execute_code.`
  );
}

const DICT_HINT =
  "Tool functions in the sandbox return DICTS (already parsed) — do not json.loads() them or " +
  "index them like strings. Example: read_file(path)['content'].";

const RULES: readonly HintRule[] = [
  {
    pattern: /cannot import name '(\w+)' from 'hermes_tools'/,
    hint: (match, offered) => missingImportHint(match[1] ?? "", offered),
  },
  {
    // Node: `The requested module 'hermes_tools' does not provide an export named 'x'`.
    pattern: /module 'hermes_tools' does not provide an export named '(\w+)'/,
    hint: (match, offered) => missingImportHint(match[1] ?? "", offered),
  },
  {
    pattern: /NameError: name '(json_parse|shell_quote|retry)' is not defined/,
    hint: (match) =>
      `Import ${match[1] ?? ""} before calling it: from hermes_tools import ${match[1] ?? ""}`,
  },
  {
    pattern: /ReferenceError: (json_parse|shell_quote|retry) is not defined/,
    hint: (match) =>
      `Import ${match[1] ?? ""} before calling it: import { ${match[1] ?? ""} } from "hermes_tools"`,
  },
  {
    pattern: /ModuleNotFoundError: No module named '([\w.]+)'/,
    hint: (match) =>
      `'${match[1] ?? ""}' is not installed in the sandbox interpreter. Use Python stdlib inside ` +
      "execute_code, or run the code via terminal() with the project venv's python instead.",
  },
  {
    pattern: /Cannot find (?:package|module) '([^']+)' imported from/,
    hint: (match) =>
      `'${match[1] ?? ""}' is not installed where the script runs. Use Node built-ins inside ` +
      "execute_code, or run the code via terminal() in the project instead.",
  },
  {
    pattern:
      /TypeError: string indices must be integers|AttributeError: 'str' object has no attribute 'get'/,
    hint: () => DICT_HINT,
  },
];

/**
 * One recovery hint for a well-known script failure (importing a name `hermes_tools` does not
 * have, a helper used without importing it, a missing module, treating a result as a string),
 * or undefined. The first matching rule wins.
 */
export function failureHint(stderr: string, offered: readonly string[]): string | undefined {
  if (stderr === "") return undefined;
  const window = stderr.slice(0, SCAN_CHARS);
  for (const rule of RULES) {
    const match = rule.pattern.exec(window);
    if (match !== null) return rule.hint(match, offered);
  }
  return undefined;
}
