#!/usr/bin/env node
// hermes-config: inspect and edit config.yaml from the shell.
import { resolveHermesHome } from "@hermes-agent/core";
import { parse as parseYaml } from "yaml";
import { ConfigError } from "../config-error.js";
import { redactConfig } from "../config-redaction.js";
import { editConfig } from "../edit-config.js";
import { getConfigPath } from "../hermes-home.js";
import { loadConfigWithDiagnostics } from "../load-config.js";
import { PYYAML_OPTIONS } from "../pyyaml-compat.js";

const USAGE = `usage: hermes-config <command> [--home DIR] [--show-secrets]
  check              validate config.yaml and print the effective settings as JSON
                     (API keys, tokens and passwords are masked unless --show-secrets)
  path               print the config.yaml path
  get <key.path>     print one effective value as JSON (secrets masked likewise)
  set <key.path> <value>
                     set one key (value read as YAML: 60, -5, true, "[a, b]"), keeping comments
`;

/** A mistake in how the command was called: usage is printed, exit code 2. */
class UsageError extends Error {}

interface Invocation {
  readonly home: string | undefined;
  readonly help: boolean;
  readonly showSecrets: boolean;
  readonly positionals: readonly string[];
}

/**
 * Split options from positionals. Anything that is not one of our options is a positional, so a
 * negative number (`set terminal.timeout -5`) is a value, not an unknown option.
 */
function parseInvocation(argv: readonly string[]): Invocation {
  let home: string | undefined;
  let help = false;
  let showSecrets = false;
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === "--") {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (arg === "--home") {
      const next = argv[i + 1];
      if (next === undefined) throw new UsageError("--home needs a directory");
      home = next;
      i++;
    } else if (arg.startsWith("--home=")) {
      home = arg.slice("--home=".length);
    } else if (arg === "--help" || arg === "-h") {
      help = true;
    } else if (arg === "--show-secrets") {
      showSecrets = true;
    } else if (arg.startsWith("-") && !/^-\d|^-\.\d/.test(arg) && arg !== "-") {
      throw new UsageError(`unknown option '${arg}'`);
    } else {
      positionals.push(arg);
    }
  }
  return { home, help, showSecrets, positionals };
}

function readValue(raw: string): unknown {
  try {
    return parseYaml(raw, PYYAML_OPTIONS) as unknown;
  } catch (error) {
    throw new UsageError(
      `the value ${JSON.stringify(raw)} is not valid YAML: ${(error as Error).message}`,
    );
  }
}

async function main(argv: readonly string[]): Promise<number> {
  const invocation = parseInvocation(argv);
  const [command, key, rawValue] = invocation.positionals;
  const home = invocation.home ?? resolveHermesHome();
  if (invocation.help || command === undefined) {
    process.stdout.write(USAGE);
    return command === undefined && !invocation.help ? 2 : 0;
  }
  const shown = (value: unknown): unknown => (invocation.showSecrets ? value : redactConfig(value));
  switch (command) {
    case "path":
      process.stdout.write(getConfigPath(home) + "\n");
      return 0;
    case "check": {
      const loaded = await loadConfigWithDiagnostics({ home });
      for (const warning of loaded.warnings) process.stderr.write(`warning: ${warning}\n`);
      const state = loaded.exists ? "valid" : "not found, defaults apply";
      process.stderr.write(`${loaded.path}: ${state}\n`);
      if (loaded.environment.length > 0) {
        process.stderr.write(`from the environment: ${loaded.environment.join(", ")}\n`);
      }
      process.stdout.write(JSON.stringify(shown(loaded.config), null, 2) + "\n");
      return 0;
    }
    case "get": {
      if (key === undefined) throw new UsageError("get needs a key path, e.g. terminal.timeout");
      const loaded = await loadConfigWithDiagnostics({ home });
      let value: unknown = loaded.config;
      for (const part of key.split(".")) {
        value =
          value !== null && typeof value === "object"
            ? (value as Record<string, unknown>)[part]
            : undefined;
      }
      // Mask by the key's own name too (`get auxiliary.approval.api_key`).
      const masked = shown({ [key.split(".").pop() ?? key]: value }) as Record<string, unknown>;
      process.stdout.write(JSON.stringify(Object.values(masked)[0] ?? null) + "\n");
      return value === undefined ? 1 : 0;
    }
    case "set": {
      if (key === undefined || rawValue === undefined) {
        throw new UsageError("set needs a key path and a value, e.g. set terminal.timeout 60");
      }
      const value = readValue(rawValue);
      const result = await editConfig((doc) => doc.set(key.split("."), value), { home });
      process.stderr.write(`${result.path}: ${result.changed ? `set ${key}` : "unchanged"}\n`);
      return 0;
    }
    default:
      throw new UsageError(`unknown command '${command}'`);
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`hermes-config: ${error.message}\n${USAGE}`);
      process.exitCode = 2;
      return;
    }
    const message = ConfigError.isInstance(error)
      ? error.message
      : error instanceof Error
        ? error.message
        : String(error);
    process.stderr.write(`hermes-config: ${message}\n`);
    process.exitCode = 1;
  },
);
