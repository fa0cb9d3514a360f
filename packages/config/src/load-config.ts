import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { isNode, LineCounter, parseDocument, type Document } from "yaml";
import { ConfigError, ConfigErrorCode } from "./config-error.js";
import { hermesConfigSchema } from "./config-schema.js";
import type { HermesConfig } from "./config-types.js";
import { resolveHermesHome, type EnvironmentVariables } from "@hermes-agent/core";
import { getConfigPath } from "./hermes-home.js";
import { readApprovalMode } from "./legacy-values.js";

/** Where to load config from. */
export interface LoadConfigOptions {
  /** Hermes home directory; default {@link resolveHermesHome} of `env`. */
  readonly home?: string;
  /** Explicit config file path; overrides `home`. */
  readonly path?: string;
  /** Environment used to resolve the home directory; default `process.env`. */
  readonly env?: EnvironmentVariables;
}

/** A loaded config with what was noticed while reading it. */
export interface LoadedConfig {
  readonly config: HermesConfig;
  /** The file read (it may not exist). */
  readonly path: string;
  /** False when there is no config file and the defaults were used. */
  readonly exists: boolean;
  /** Legacy or unusual values that were accepted with a reinterpretation. */
  readonly warnings: readonly string[];
}

/** Load, validate and default `config.yaml`. A missing file gives the defaults. */
export async function loadConfig(options: LoadConfigOptions = {}): Promise<HermesConfig> {
  return (await loadConfigWithDiagnostics(options)).config;
}

/** Like {@link loadConfig}, also returning the path, whether it exists, and warnings. */
export async function loadConfigWithDiagnostics(
  options: LoadConfigOptions = {},
): Promise<LoadedConfig> {
  const file = configFileOf(options);
  let text: string | undefined;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if (!isMissing(error)) throw readError(file, error);
  }
  return text === undefined ? defaultsFor(file) : parseConfigText(text, file);
}

/** Synchronous {@link loadConfig}, for start-up paths that cannot await. */
export function loadConfigSync(options: LoadConfigOptions = {}): HermesConfig {
  return loadConfigWithDiagnosticsSync(options).config;
}

/** Synchronous {@link loadConfigWithDiagnostics}. */
export function loadConfigWithDiagnosticsSync(options: LoadConfigOptions = {}): LoadedConfig {
  const file = configFileOf(options);
  let text: string | undefined;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if (!isMissing(error)) throw readError(file, error);
  }
  return text === undefined ? defaultsFor(file) : parseConfigText(text, file);
}

/**
 * Parse and validate config text. Bad YAML or a bad value throws a {@link ConfigError} naming
 * `file`, the line and the key.
 */
export function parseConfigText(text: string, file = "config.yaml"): LoadedConfig {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const firstError = doc.errors[0];
  if (firstError) {
    const position = lineCounter.linePos(firstError.pos[0]);
    throw new ConfigError(
      ConfigErrorCode.Parse,
      `not valid YAML: ${firstError.message.split("\n")[0] ?? firstError.code}. Fix the file by hand; nothing was changed.`,
      { file, line: position.line, column: position.col },
    );
  }
  const raw: unknown = doc.toJS() ?? {};
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    throw new ConfigError(
      ConfigErrorCode.Invalid,
      "the top level must be a mapping of keys to values.",
      {
        file,
        line: 1,
      },
    );
  }
  const result = hermesConfigSchema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0];
    const keyPath = issue?.path.map(String) ?? [];
    const line = lineOf(doc, lineCounter, keyPath);
    throw new ConfigError(
      ConfigErrorCode.Invalid,
      `${issue?.message ?? "invalid value"}; fix this value (see the package README for the expected form).`,
      { file, ...(line === undefined ? {} : { line }), key: keyPath.join(".") },
    );
  }
  return { config: result.data, path: file, exists: true, warnings: collectWarnings(raw) };
}

function collectWarnings(raw: object): string[] {
  const warnings: string[] = [];
  const approvals = (raw as { approvals?: unknown }).approvals;
  if (approvals !== null && typeof approvals === "object" && "mode" in approvals) {
    const reading = readApprovalMode((approvals as { mode: unknown }).mode);
    if (reading.warning !== undefined) warnings.push(reading.warning);
  }
  return warnings;
}

function lineOf(
  doc: Document,
  counter: LineCounter,
  keyPath: readonly string[],
): number | undefined {
  for (let depth = keyPath.length; depth > 0; depth--) {
    const node: unknown = doc.getIn(keyPath.slice(0, depth), true);
    if (isNode(node) && node.range) return counter.linePos(node.range[0]).line;
  }
  return undefined;
}

function defaultsFor(file: string): LoadedConfig {
  return { config: hermesConfigSchema.parse({}), path: file, exists: false, warnings: [] };
}

function configFileOf(options: LoadConfigOptions): string {
  return (
    options.path ??
    getConfigPath(options.home ?? resolveHermesHome({ env: options.env ?? process.env }))
  );
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === "ENOENT";
}

function readError(file: string, error: unknown): ConfigError {
  return new ConfigError(
    ConfigErrorCode.Parse,
    `cannot be read: ${(error as Error).message}`,
    { file },
    { cause: error },
  );
}
