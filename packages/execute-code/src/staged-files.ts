import { generateJavaScriptModule } from "./javascript-stubs.js";
import { generatePythonModule, type StubTool, type StubTransport } from "./python-stubs.js";

/** Languages a script can be written in. */
export type ScriptLanguage = "python" | "javascript";

/** The languages execute_code accepts, Python first (the default). */
export const SCRIPT_LANGUAGES: readonly ScriptLanguage[] = ["python", "javascript"];

/** One file to write into the staging directory, by path relative to it. */
export interface StagedFile {
  readonly path: string;
  readonly content: string;
}

/** The script's file name in the staging directory. */
export function scriptFileName(language: ScriptLanguage): string {
  return language === "python" ? "script.py" : "script.mjs";
}

const cache = new Map<string, string>();

function cached(key: string, make: () => string): string {
  let value = cache.get(key);
  if (value === undefined) {
    if (cache.size > 64) cache.clear();
    value = make();
    cache.set(key, value);
  }
  return value;
}

/**
 * The files of one execution: the script and the `hermes_tools` module of its language
 * (Python: `hermes_tools.py` next to the script, on PYTHONPATH; JavaScript: a `hermes_tools`
 * package under `node_modules`, so `import ... from "hermes_tools"` resolves from the script).
 */
export function stagedFiles(
  language: ScriptLanguage,
  code: string,
  tools: readonly StubTool[],
  transport: StubTransport,
): StagedFile[] {
  const key = `${language}\u0000${transport}\u0000${JSON.stringify(tools)}`;
  if (language === "python") {
    return [
      {
        path: "hermes_tools.py",
        content: cached(key, () => generatePythonModule(tools, transport)),
      },
      { path: "script.py", content: code },
    ];
  }
  return [
    {
      path: "node_modules/hermes_tools/package.json",
      content: '{"name":"hermes_tools","type":"module","exports":"./index.js"}\n',
    },
    {
      path: "node_modules/hermes_tools/index.js",
      content: cached(key, () => generateJavaScriptModule(tools, transport)),
    },
    { path: "script.mjs", content: code },
  ];
}
