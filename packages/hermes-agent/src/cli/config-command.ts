import { editConfig, getConfigPath, loadConfigWithDiagnostics } from "@hermes-agent/config";
import { parse as parseYaml } from "yaml";
import { CliExit, err, out, type CliIo } from "./cli-io.js";
import type { GlobalOptions } from "./cli-runtime.js";
import { hermesHomeOf } from "./hermes-env.js";

/** `config path`: the config.yaml path. */
export function configPath(io: CliIo, globals: GlobalOptions): void {
  out(io, getConfigPath(hermesHomeOf(io, globals)));
}

/** `config check`: validate config.yaml; warnings on stderr; the effective settings with `--json`. */
export async function configCheck(io: CliIo, globals: GlobalOptions, json: boolean): Promise<void> {
  const loaded = await loadConfigWithDiagnostics({ home: hermesHomeOf(io, globals), env: io.env });
  for (const warning of loaded.warnings) err(io, `warning: ${warning}`);
  if (json) out(io, JSON.stringify(loaded.config, null, 2));
  else out(io, `✓ ${loaded.path}: ${loaded.exists ? "valid" : "not found; the defaults apply"}`);
}

/** `config get <key.path>`: one effective value as JSON; exit 1 when it is not set. */
export async function configGet(io: CliIo, globals: GlobalOptions, key: string): Promise<void> {
  const loaded = await loadConfigWithDiagnostics({ home: hermesHomeOf(io, globals), env: io.env });
  let value: unknown = loaded.config;
  for (const part of key.split(".")) {
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
  const result = await editConfig((doc) => doc.set(key.split("."), value), { home, env: io.env });
  await loadConfigWithDiagnostics({ home, env: io.env });
  out(
    io,
    `${result.changed ? "✓ set" : "unchanged:"} ${key} = ${JSON.stringify(value)} in ${result.path}`,
  );
}
