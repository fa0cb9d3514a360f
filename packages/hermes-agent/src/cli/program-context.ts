import { InvalidArgumentError } from "commander";
import type { CliIo } from "./cli-io.js";
import type { GlobalOptions } from "./cli-runtime.js";

/**
 * What every command definition gets. Definitions import only commander and this file; each
 * action imports its implementation when it runs, so a command loads only what it needs.
 */
export interface ProgramContext {
  readonly io: CliIo;
  /** The global options (`--home`, `--verbose`), read when an action runs. */
  readonly globals: () => GlobalOptions;
}

/**
 * The approval of `run`, `call` and `exec`: Hermes' single-query context. Nobody is asked;
 * dangerous commands and execute_code scripts run only with `approvals.single_query_mode: approve`.
 */
export const SINGLE_QUERY = { context: "single_query" } as const;

/** Commander parser of a positive whole number. */
export function positiveInteger(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1)
    throw new InvalidArgumentError("expected a positive whole number");
  return parsed;
}

/** Commander parser of a port: 0 (any free port) to 65535. */
export function portNumber(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65_535)
    throw new InvalidArgumentError("expected a port number from 0 (any free port) to 65535");
  return parsed;
}

/** Commander parser of a comma-separated list. */
export function commaList(value: string): string[] {
  return value
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
}
