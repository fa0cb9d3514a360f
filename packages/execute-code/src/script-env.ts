import { buildChildEnv } from "@hermes-agent/core";

/** Options of {@link buildScriptEnv}. */
export interface ScriptEnvOptions {
  /** Host environment the allowlist draws from. */
  readonly hostEnv: Readonly<Record<string, string | undefined>>;
  /** Host variables passed through by name (also secret-looking ones). */
  readonly passthrough: readonly string[];
  /** Variables injected for the RPC client (socket or directory, token). */
  readonly rpc: Readonly<Record<string, string>>;
  /** Directory holding `hermes_tools.py`, put first on PYTHONPATH. */
  readonly stagingDir: string;
  /** IANA time zone for the script (`TZ`), when configured. */
  readonly timezone?: string | undefined;
}

/** Hermes' own variables a script keeps (as Hermes keeps them): where its home and profile are. */
const HERMES_SCRIPT_VARIABLES = ["HERMES_HOME", "HERMES_PROFILE", "HERMES_CONFIG", "HERMES_ENV"];

/**
 * The environment of a script: core's child-env allowlist (secret-named variables dropped
 * unless passed through), Hermes' home and profile variables, the RPC variables, and Python's
 * I/O settings. Never a copy of the host environment.
 */
export function buildScriptEnv(options: ScriptEnvOptions): Record<string, string> {
  const hostPythonPath = options.hostEnv.PYTHONPATH;
  const pythonPath =
    hostPythonPath === undefined || hostPythonPath === ""
      ? options.stagingDir
      : `${options.stagingDir}:${hostPythonPath}`;
  return buildChildEnv({
    hostEnv: options.hostEnv,
    passthrough: [...options.passthrough, ...HERMES_SCRIPT_VARIABLES],
    extra: {
      ...options.rpc,
      PYTHONPATH: pythonPath,
      PYTHONDONTWRITEBYTECODE: "1",
      PYTHONIOENCODING: "utf-8",
      PYTHONUTF8: "1",
      PYTHONUNBUFFERED: "1",
      ...(options.timezone === undefined || options.timezone === ""
        ? {}
        : { TZ: options.timezone }),
    },
  });
}
