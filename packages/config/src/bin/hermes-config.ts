#!/usr/bin/env node
// hermes-config: inspect and edit config.yaml from the shell.
import { parseArgs } from "node:util";
import { parse as parseYaml } from "yaml";
import { ConfigError } from "../config-error.js";
import { editConfig } from "../edit-config.js";
import { resolveHermesHome } from "@hermes-agent/core";
import { getConfigPath } from "../hermes-home.js";
import { loadConfigWithDiagnostics } from "../load-config.js";

const USAGE = `usage: hermes-config <command> [--home DIR]
  check              validate config.yaml and print the effective settings as JSON
  path               print the config.yaml path
  get <key.path>     print one effective value as JSON
  set <key.path> <value>
                     set one key (value read as YAML: 60, true, "[a, b]"), keeping comments
`;

async function main(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: { home: { type: "string" }, help: { type: "boolean", short: "h" } },
  });
  const [command, key, rawValue] = positionals;
  const home = values.home ?? resolveHermesHome();
  if (values.help === true || command === undefined) {
    process.stdout.write(USAGE);
    return command === undefined && values.help !== true ? 2 : 0;
  }
  switch (command) {
    case "path":
      process.stdout.write(getConfigPath(home) + "\n");
      return 0;
    case "check": {
      const loaded = await loadConfigWithDiagnostics({ home });
      for (const warning of loaded.warnings) process.stderr.write(`warning: ${warning}\n`);
      process.stderr.write(
        `${loaded.path}: ${loaded.exists ? "valid" : "not found, defaults apply"}\n`,
      );
      process.stdout.write(JSON.stringify(loaded.config, null, 2) + "\n");
      return 0;
    }
    case "get": {
      if (key === undefined) break;
      const loaded = await loadConfigWithDiagnostics({ home });
      let value: unknown = loaded.config;
      for (const part of key.split(".")) {
        value =
          value !== null && typeof value === "object"
            ? (value as Record<string, unknown>)[part]
            : undefined;
      }
      process.stdout.write(JSON.stringify(value ?? null) + "\n");
      return value === undefined ? 1 : 0;
    }
    case "set": {
      if (key === undefined || rawValue === undefined) break;
      const value: unknown = parseYaml(rawValue);
      const result = await editConfig((doc) => doc.set(key.split("."), value), { home });
      process.stderr.write(`${result.path}: ${result.changed ? `set ${key}` : "unchanged"}\n`);
      return 0;
    }
    default:
      process.stderr.write(`unknown command '${command}'\n`);
  }
  process.stderr.write(USAGE);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      `hermes-config: ${ConfigError.isInstance(error) ? error.message : String(error)}\n`,
    );
    process.exitCode = 1;
  },
);
