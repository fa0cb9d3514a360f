import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type * as Dotenv from "dotenv";
import { resolveHermesHome, type EnvironmentVariables } from "@hermes-agent/core";
import { getEnvFilePath } from "./hermes-home.js";

let dotenv: typeof Dotenv | undefined;

/** dotenv's parser, loaded when a .env file is first read (not when this package is imported). */
function parseDotenv(text: string): Record<string, string> {
  dotenv ??= createRequire(import.meta.url)("dotenv") as typeof Dotenv;
  return dotenv.parse(text);
}

/** Options of {@link loadEnvFile}. */
export interface LoadEnvFileOptions {
  /** Hermes home; default {@link resolveHermesHome}. */
  readonly home?: string;
  /** Explicit .env path; overrides `home`. */
  readonly path?: string;
  /** Where to apply the values; default `process.env`. Pass `null` to only read. */
  readonly target?: Record<string, string | undefined> | null;
  /** Replace variables already set in `target` (default false: the environment wins). */
  readonly override?: boolean;
  /** Environment used to resolve the home directory; default `process.env`. */
  readonly env?: EnvironmentVariables;
}

/**
 * Read `HERMES_HOME/.env` (secrets, API keys) and apply it to `target` without replacing
 * variables that are already set. A missing file is not an error. Returns what the file holds.
 */
export function loadEnvFile(options: LoadEnvFileOptions = {}): Record<string, string> {
  const file =
    options.path ??
    getEnvFilePath(options.home ?? resolveHermesHome({ env: options.env ?? process.env }));
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw error;
  }
  const values = parseDotenv(text);
  const target = options.target === undefined ? process.env : options.target;
  if (target !== null) {
    for (const [name, value] of Object.entries(values)) {
      if (options.override === true || target[name] === undefined) target[name] = value;
    }
  }
  return values;
}
