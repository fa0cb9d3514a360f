import {
  editConfig,
  getConfigPath,
  loadConfigWithDiagnostics,
  parseConfigText,
  redactConfig,
  type LoadedConfig,
} from "@hermes-agent/config";
import { parse as parseYaml } from "yaml";
import { CliExit, err, out, type CliIo } from "./cli-io.js";
import type { GlobalOptions } from "./cli-runtime.js";
import { configKeyWarnings } from "./config-key-warnings.js";
import { hermesHomeOf } from "./hermes-env.js";

/** `config path`: the config.yaml path. */
export function configPath(io: CliIo, globals: GlobalOptions): void {
  out(io, getConfigPath(hermesHomeOf(io, globals)));
}

/**
 * Everything worth a warning in a loaded config: what the loader noticed (legacy spellings,
 * invalid modes), keys nothing reads, and MCP server entries that cannot be used.
 */
export async function configWarnings(loaded: LoadedConfig): Promise<string[]> {
  const defaults = parseConfigText("").config as unknown as Record<string, unknown>;
  const warnings = [
    ...loaded.warnings,
    ...configKeyWarnings(loaded.config as unknown as Record<string, unknown>, defaults),
  ];
  if (Object.keys(loaded.config.mcp_servers).length > 0) {
    const { formatConfigProblem, parseMcpServerConfigs } = await import("@hermes-agent/mcp");
    const parsed = parseMcpServerConfigs(loaded.config.mcp_servers, {
      lookupVariable: () => undefined,
    });
    for (const problem of parsed.problems) warnings.push(formatConfigProblem(problem));
  }
  return warnings;
}

/**
 * `config check`: validate config.yaml; each warning on stderr with its fix; the effective
 * settings with `--json` (secrets masked unless `showSecrets`).
 */
export async function configCheck(
  io: CliIo,
  globals: GlobalOptions,
  options: { readonly json?: boolean; readonly showSecrets?: boolean },
): Promise<void> {
  const loaded = await loadConfigWithDiagnostics({ home: hermesHomeOf(io, globals), env: io.env });
  const warnings = await configWarnings(loaded);
  for (const warning of warnings) err(io, `warning: ${warning}`);
  if (options.json === true)
    out(
      io,
      JSON.stringify(
        options.showSecrets === true ? loaded.config : redactConfig(loaded.config),
        null,
        2,
      ),
    );
  else
    out(
      io,
      `${warnings.length === 0 ? "✓" : "!"} ${loaded.path}: ${loaded.exists ? "valid" : "not found; the defaults apply"}${warnings.length === 0 ? "" : `, ${warnings.length} warning(s) above`}`,
    );
}

/** The key path of `config get` / `set`, or a usage error (exit 2) for an empty key. */
function keyPath(key: string): string[] {
  const parts = key.split(".");
  if (parts.some((part) => part.trim() === ""))
    throw new CliExit(
      `'${key}' has an empty key; write a dotted path of names, e.g. terminal.timeout.`,
      2,
    );
  return parts;
}

/**
 * `config get <key.path>`: one effective value as JSON, secrets masked unless `showSecrets`;
 * exit 1 when it is not set.
 */
export async function configGet(
  io: CliIo,
  globals: GlobalOptions,
  key: string,
  options: { readonly showSecrets?: boolean } = {},
): Promise<void> {
  const parts = keyPath(key);
  const loaded = await loadConfigWithDiagnostics({ home: hermesHomeOf(io, globals), env: io.env });
  // Masked as a whole, so a value is judged by its own key and the keys above it.
  let value: unknown = options.showSecrets === true ? loaded.config : redactConfig(loaded.config);
  for (const part of parts) {
    value =
      typeof value === "object" && value !== null
        ? (value as Record<string, unknown>)[part]
        : undefined;
  }
  if (value === undefined)
    throw new CliExit(`${key} is not set in ${loaded.path} and has no default.`);
  out(io, JSON.stringify(value, null, 2));
}

/** `config set <key.path> <value>`: value read as YAML; comments and formatting kept; validated after. */
export async function configSet(
  io: CliIo,
  globals: GlobalOptions,
  key: string,
  raw: string,
): Promise<void> {
  let value: unknown;
  try {
    value = parseYaml(raw);
  } catch (error) {
    throw new CliExit(`Cannot read the value as YAML: ${(error as Error).message}`, 2);
  }
  const home = hermesHomeOf(io, globals);
  const parts = keyPath(key);
  const result = await editConfig((doc) => doc.set(parts, value), { home, env: io.env });
  await loadConfigWithDiagnostics({ home, env: io.env });
  out(
    io,
    `${result.changed ? "✓ set" : "unchanged:"} ${key} = ${JSON.stringify(value)} in ${result.path}`,
  );
}
