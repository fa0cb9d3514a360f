import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Document, LineCounter } from "yaml";
import { createLineCounter, isNode } from "./yaml-lib.js";
import { ConfigError, ConfigErrorCode } from "./config-error.js";
import { hermesConfigSchema } from "./config-schema.js";
import type { HermesConfig } from "./config-types.js";
import { resolveHermesHome, type EnvironmentVariables } from "@hermes-agent/core";
import { getConfigPath } from "./hermes-home.js";
import { readApprovalMode } from "./legacy-values.js";
import { findDuplicateKeys, parsePyYamlDocument } from "./pyyaml-compat.js";
import {
  adoptUnindentedTerminalKeys,
  applyTerminalEnvironment,
  resolveTerminalAliases,
  TERMINAL_ENVIRONMENT_VARIABLES,
} from "./terminal-sources.js";

/** Where to load config from. */
export interface LoadConfigOptions {
  /** Hermes home directory; default {@link resolveHermesHome} of `env`. */
  readonly home?: string;
  /** Explicit config file path; overrides `home`. */
  readonly path?: string;
  /**
   * Environment used to resolve the home directory and read the `TERMINAL_*` variables (a set
   * variable wins over the file, as in Hermes); default `process.env`.
   */
  readonly env?: EnvironmentVariables;
  /**
   * Folder of a project `cli-config.yaml`, read the way Hermes reads it: only when there is no
   * `config.yaml` in the Hermes home (the user's file wins as a whole). Default: the current
   * directory. Ignored when `path` is given.
   */
  readonly projectDir?: string;
}

/** Which file a config came from. */
export type ConfigOrigin = "config.yaml" | "cli-config.yaml" | "defaults";

/** Name of Hermes' project config file. */
export const PROJECT_CONFIG_FILE = "cli-config.yaml";

/** A loaded config with what was noticed while reading it. */
export interface LoadedConfig {
  readonly config: HermesConfig;
  /** The file read (it may not exist). */
  readonly path: string;
  /** False when there is no config file and the defaults were used. */
  readonly exists: boolean;
  /** The user's config.yaml, a project's cli-config.yaml, or neither (defaults). */
  readonly origin: ConfigOrigin;
  /** The `TERMINAL_*` variables that overrode `terminal.*` keys. */
  readonly environment: readonly string[];
  /** Legacy or unusual values that were accepted with a reinterpretation, and duplicate keys. */
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
  return finishLoad(options, await readFirst(candidatesOf(options), readFileAsync));
}

/** Synchronous {@link loadConfig}, for start-up paths that cannot await. */
export function loadConfigSync(options: LoadConfigOptions = {}): HermesConfig {
  return loadConfigWithDiagnosticsSync(options).config;
}

/** Synchronous {@link loadConfigWithDiagnostics}. */
export function loadConfigWithDiagnosticsSync(options: LoadConfigOptions = {}): LoadedConfig {
  const candidates = candidatesOf(options);
  for (const candidate of candidates) {
    const text = readFileQuiet(candidate.file, () => readFileSync(candidate.file, "utf8"));
    if (text !== undefined) return finishLoad(options, { ...candidate, text });
  }
  return finishLoad(options, undefined);
}

interface Candidate {
  readonly file: string;
  readonly origin: ConfigOrigin;
}

/** The files to try, in Hermes' order: the user's config.yaml, then a project cli-config.yaml. */
function candidatesOf(options: LoadConfigOptions): Candidate[] {
  const userFile = configFileOf(options);
  const candidates: Candidate[] = [{ file: userFile, origin: "config.yaml" }];
  if (options.path === undefined) {
    const projectFile = path.resolve(options.projectDir ?? process.cwd(), PROJECT_CONFIG_FILE);
    candidates.push({ file: projectFile, origin: "cli-config.yaml" });
  }
  return candidates;
}

async function readFileAsync(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw readError(file, error);
  }
}

function readFileQuiet(file: string, read: () => string): string | undefined {
  try {
    return read();
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw readError(file, error);
  }
}

async function readFirst(
  candidates: readonly Candidate[],
  read: (file: string) => Promise<string | undefined>,
): Promise<(Candidate & { text: string }) | undefined> {
  for (const candidate of candidates) {
    const text = await read(candidate.file);
    if (text !== undefined) return { ...candidate, text };
  }
  return undefined;
}

function finishLoad(
  options: LoadConfigOptions,
  found: (Candidate & { text: string }) | undefined,
): LoadedConfig {
  const env = options.env ?? process.env;
  if (found === undefined) return parseSource(undefined, configFileOf(options), "defaults", env);
  return parseSource(found.text, found.file, found.origin, env);
}

/**
 * Parse and validate config text (as PyYAML reads it: YAML 1.1 scalars, merge keys, duplicate
 * keys with the last winning). Bad YAML or a bad value throws a {@link ConfigError} naming
 * `file`, the line and the key. `TERMINAL_*` variables are applied only when `env` is given.
 */
export function parseConfigText(
  text: string,
  file = "config.yaml",
  options: { readonly env?: EnvironmentVariables } = {},
): LoadedConfig {
  return parseSource(text, file, "config.yaml", options.env ?? {});
}

/** A config file's YAML document: its plain value, and the nodes that locate keys by line. */
interface ParsedYaml {
  readonly raw: Record<string, unknown>;
  readonly doc: Document;
  readonly lineCounter: LineCounter;
}

function parseYaml(text: string, file: string): ParsedYaml {
  const lineCounter = createLineCounter();
  const doc = parsePyYamlDocument(text, lineCounter);
  const firstError = doc.errors[0];
  if (firstError) {
    const position = lineCounter.linePos(firstError.pos[0]);
    throw new ConfigError(
      ConfigErrorCode.Parse,
      `not valid YAML: ${firstError.message.split("\n")[0] ?? firstError.code}. Fix the file by hand; nothing was changed.`,
      { file, line: position.line, column: position.col },
    );
  }
  let raw: unknown;
  try {
    raw = doc.toJS() ?? {};
  } catch (error) {
    throw new ConfigError(
      ConfigErrorCode.Parse,
      `cannot be read: ${(error as Error).message}. Fix the file by hand; nothing was changed.`,
      { file },
      { cause: error },
    );
  }
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
  return { raw: raw as Record<string, unknown>, doc, lineCounter };
}

function parseSource(
  text: string | undefined,
  file: string,
  origin: ConfigOrigin,
  env: EnvironmentVariables,
): LoadedConfig {
  // Without a file there is nothing to parse: the defaults apply and no YAML parser is loaded.
  const parsed = text === undefined ? undefined : parseYaml(text, file);
  const raw = parsed?.raw ?? {};
  const lineAt = (keyPath: readonly string[]): number | undefined =>
    parsed === undefined ? undefined : lineOf(parsed.doc, parsed.lineCounter, keyPath);
  const { raw: adoptedRaw, adopted } = adoptUnindentedTerminalKeys(raw);
  const aliased = resolveTerminalAliases(adoptedRaw, file, lineAt);
  const { raw: effective, applied } = applyTerminalEnvironment(aliased, env);
  const result = hermesConfigSchema.safeParse(effective);
  if (!result.success) {
    const issue = result.error.issues[0];
    const keyPath = issue?.path.map(String) ?? [];
    const line = lineAt(keyPath);
    const fromEnv =
      keyPath[0] === "terminal" && applied.length > 0 ? environmentNote(keyPath, applied) : "";
    throw new ConfigError(
      ConfigErrorCode.Invalid,
      `${issue?.message ?? "invalid value"}${fromEnv}; fix this value (see the package README for the expected form).`,
      { file, ...(line === undefined ? {} : { line }), key: keyPath.join(".") },
    );
  }
  const warnings = collectWarnings(effective);
  if (adopted.length > 0) {
    warnings.push(
      `${file}: ${adopted.join(", ")} ${adopted.length === 1 ? "is" : "are"} written at the left margin after an empty 'terminal:'; ` +
        "read as terminal settings. Indent them under 'terminal:' to make this explicit.",
    );
  }
  const duplicates = parsed === undefined ? [] : findDuplicateKeys(parsed.doc, parsed.lineCounter);
  for (const duplicate of duplicates) {
    warnings.push(
      `${file}:${duplicate.line}: key '${duplicate.key}' is written ${duplicate.ignoredLines.length + 1} times; ` +
        `the last one wins (line ${duplicate.ignoredLines.join(", ")} ignored), as in Hermes.`,
    );
  }
  return {
    config: result.data,
    path: file,
    exists: text !== undefined,
    origin,
    environment: applied,
    warnings,
  };
}

function environmentNote(keyPath: readonly string[], applied: readonly string[]): string {
  const variable = applied.find((name) => TERMINAL_ENVIRONMENT_VARIABLES[name] === keyPath[1]);
  return variable === undefined ? "" : ` (from the ${variable} environment variable)`;
}

function collectWarnings(raw: object): string[] {
  const warnings: string[] = [];
  const approvals = (raw as { approvals?: unknown }).approvals;
  if (approvals !== null && typeof approvals === "object" && "mode" in approvals) {
    const reading = readApprovalMode((approvals as { mode: unknown }).mode);
    if (reading.warning !== undefined) warnings.push(reading.warning);
  }
  const codeExecution = (raw as { code_execution?: unknown }).code_execution;
  if (codeExecution !== null && typeof codeExecution === "object" && "mode" in codeExecution) {
    const mode: unknown = (codeExecution as { mode: unknown }).mode;
    const known =
      typeof mode === "string" && ["project", "strict"].includes(mode.trim().toLowerCase());
    if (!known && mode !== null) {
      warnings.push(
        `code_execution.mode: ${JSON.stringify(mode)} is not a mode; using project. Set it to project or strict.`,
      );
    }
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
