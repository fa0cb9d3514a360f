import { execFile } from "node:child_process";
import { accessSync, constants } from "node:fs";
import path from "node:path";
import { ExecuteCodeError, ExecuteCodeErrorCode } from "./execute-code-error.js";

/** A Python interpreter that was probed and works. */
export interface PythonInterpreter {
  /** The real executable (`sys.executable`), not a launcher shim. */
  readonly executable: string;
  readonly version: readonly [number, number];
}

const PROBE =
  "import sys; print(sys.executable); print(sys.version_info[0]); print(sys.version_info[1])";
const PROBE_TIMEOUT_MS = 5_000;
const probes = new Map<string, Promise<PythonInterpreter | undefined>>();

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first `name` on `searchPath` that is executable. */
export function findOnPath(name: string, searchPath: string | undefined): string | undefined {
  for (const dir of (searchPath ?? "").split(path.delimiter)) {
    if (dir === "") continue;
    const candidate = path.join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

/**
 * Run `python -c <probe>` once per path (cached, also the failures): the real executable behind a
 * launcher shim, and its version. Undefined when it does not run within 5 s.
 */
export function probePython(candidate: string): Promise<PythonInterpreter | undefined> {
  let probe = probes.get(candidate);
  if (probe === undefined) {
    probe = new Promise((resolve) => {
      execFile(
        candidate,
        ["-c", PROBE],
        { timeout: PROBE_TIMEOUT_MS, env: { ...process.env, PYTHONDONTWRITEBYTECODE: "1" } },
        (error, stdout) => {
          const [executable, major, minor] = stdout.trim().split("\n");
          if (error !== null || executable === undefined || executable === "") {
            resolve(undefined);
            return;
          }
          resolve({ executable, version: [Number(major), Number(minor)] });
        },
      );
    });
    probes.set(candidate, probe);
  }
  return probe;
}

function atLeast38(interpreter: PythonInterpreter | undefined): boolean {
  if (interpreter === undefined) return false;
  const [major, minor] = interpreter.version;
  return major > 3 || (major === 3 && minor >= 8);
}

/**
 * The default Python: `explicit` when given, else the first `python3` (then `python`) on PATH,
 * resolved once to the real executable so later runs skip any launcher shim.
 */
export async function resolveDefaultPython(
  options: { explicit?: string | undefined; searchPath?: string | undefined } = {},
): Promise<PythonInterpreter> {
  const searchPath = options.searchPath ?? process.env.PATH;
  const candidates =
    options.explicit === undefined
      ? [findOnPath("python3", searchPath), findOnPath("python", searchPath)]
      : [options.explicit];
  for (const candidate of candidates) {
    if (candidate === undefined) continue;
    const interpreter = await probePython(candidate);
    if (atLeast38(interpreter) && interpreter !== undefined) return interpreter;
  }
  throw new ExecuteCodeError(
    ExecuteCodeErrorCode.InterpreterNotFound,
    options.explicit === undefined
      ? "No Python 3.8+ interpreter was found on PATH. Install python3 or set the interpreter explicitly."
      : `${options.explicit} is not a working Python 3.8+ interpreter. Point pythonExecutable at one, or leave it unset to use python3 from PATH.`,
  );
}

/**
 * The Python of the active virtualenv (`VIRTUAL_ENV`) or conda env (`CONDA_PREFIX`) when one is
 * set, exists, runs and is at least 3.8; undefined otherwise (project mode then uses the default).
 */
export async function resolveProjectPython(
  env: Readonly<Record<string, string | undefined>>,
): Promise<PythonInterpreter | undefined> {
  for (const root of [env.VIRTUAL_ENV, env.CONDA_PREFIX]) {
    if (root === undefined || root === "") continue;
    for (const name of ["python3", "python"]) {
      const candidate = path.join(root, "bin", name);
      if (!isExecutable(candidate)) continue;
      const interpreter = await probePython(candidate);
      // Keep the venv's own path: its sys.executable is what activates the venv's site-packages.
      if (atLeast38(interpreter) && interpreter !== undefined)
        return { executable: candidate, version: interpreter.version };
    }
  }
  return undefined;
}
