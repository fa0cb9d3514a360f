import { loadEnvFile } from "@hermes-agent/config";
import { resolveHermesHome } from "@hermes-agent/core";
import type { CliIo } from "./cli-io.js";
import type { GlobalOptions } from "./cli-runtime.js";

/** The Hermes home a command works in: `--home`, else `HERMES_HOME`, else `~/.hermes`. */
export function hermesHomeOf(io: CliIo, globals: GlobalOptions): string {
  return resolveHermesHome({
    env: io.env,
    ...(globals.home === undefined ? {} : { explicit: globals.home }),
  });
}

/**
 * Read `HERMES_HOME/.env` into the command's environment, as Hermes does at start-up: API keys
 * and settings kept there (`OPENAI_API_KEY`, `TAVILY_API_KEY`, `TERMINAL_CWD`, ...) count as if
 * they were exported, but a variable already set in the environment always wins.
 */
export function loadHermesEnv(io: CliIo, globals: GlobalOptions): void {
  loadEnvFile({ home: hermesHomeOf(io, globals), target: io.env });
}
