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
