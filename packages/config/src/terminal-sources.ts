import type { EnvironmentVariables } from "@hermes-agent/core";
import { ConfigError, ConfigErrorCode } from "./config-error.js";

/**
 * The `TERMINAL_*` variables Hermes' terminal tool reads, and the `terminal.*` key each one
 * stands for. A variable that is set wins over the file, as in Hermes, where config.yaml is only
 * bridged into the environment for variables that are not set.
 */
export const TERMINAL_ENVIRONMENT_VARIABLES: Readonly<Record<string, string>> = {
  TERMINAL_ENV: "backend",
  TERMINAL_CWD: "cwd",
  TERMINAL_TIMEOUT: "timeout",
  TERMINAL_LIFETIME_SECONDS: "lifetime_seconds",
  TERMINAL_MAX_FOREGROUND_TIMEOUT: "max_foreground_timeout",
  TERMINAL_PERSISTENT_SHELL: "persistent_shell",
  TERMINAL_DOCKER_IMAGE: "docker_image",
  TERMINAL_DOCKER_FORWARD_ENV: "docker_forward_env",
  TERMINAL_DOCKER_VOLUMES: "docker_volumes",
  TERMINAL_DOCKER_EXTRA_ARGS: "docker_extra_args",
  TERMINAL_SINGULARITY_IMAGE: "singularity_image",
  TERMINAL_MODAL_IMAGE: "modal_image",
  TERMINAL_DAYTONA_IMAGE: "daytona_image",
  TERMINAL_CONTAINER_CPU: "container_cpu",
  TERMINAL_CONTAINER_MEMORY: "container_memory",
  TERMINAL_CONTAINER_DISK: "container_disk",
  TERMINAL_CONTAINER_PERSISTENT: "container_persistent",
  TERMINAL_SSH_HOST: "ssh_host",
  TERMINAL_SSH_USER: "ssh_user",
  TERMINAL_SSH_PORT: "ssh_port",
  TERMINAL_SSH_KEY: "ssh_key",
  TERMINAL_SSH_PERSISTENT: "ssh_persistent",
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function backendName(value: unknown): unknown {
  return typeof value === "string" ? value.trim().toLowerCase() : value;
}

/**
 * Read `terminal.env_type`, the older name of `terminal.backend` (Hermes' `cli-config.yaml`
 * documents it), into `backend`. Both set to different backends is an error naming both keys.
 * Returns a new top-level object; the input is not changed.
 */
export function resolveTerminalAliases(
  raw: Record<string, unknown>,
  file: string,
  lineOf: (keyPath: readonly string[]) => number | undefined,
): Record<string, unknown> {
  const terminal = raw["terminal"];
  if (!isRecord(terminal) || !("env_type" in terminal)) return raw;
  const { env_type: envType, ...rest } = terminal;
  if (
    "backend" in terminal &&
    terminal["backend"] !== null &&
    envType !== null &&
    backendName(terminal["backend"]) !== backendName(envType)
  ) {
    const line = lineOf(["terminal", "env_type"]);
    throw new ConfigError(
      ConfigErrorCode.Invalid,
      `terminal.backend (${JSON.stringify(terminal["backend"])}) and terminal.env_type (${JSON.stringify(envType)}) disagree; ` +
        "env_type is the older name of backend: keep one of them.",
      { file, ...(line === undefined ? {} : { line }), key: "terminal.env_type" },
    );
  }
  const backend = envType === null || envType === undefined ? terminal["backend"] : envType;
  return { ...raw, terminal: { ...rest, ...(backend === undefined ? {} : { backend }) } };
}

/**
 * Lay the `TERMINAL_*` variables that are set (and not empty) over `terminal.*`. Returns a new
 * top-level object and the names of the variables applied.
 */
export function applyTerminalEnvironment(
  raw: Record<string, unknown>,
  env: EnvironmentVariables,
): { readonly raw: Record<string, unknown>; readonly applied: readonly string[] } {
  const applied: string[] = [];
  const overrides: Record<string, unknown> = {};
  for (const [variable, key] of Object.entries(TERMINAL_ENVIRONMENT_VARIABLES)) {
    const value = env[variable];
    if (value === undefined || value.trim() === "") continue;
    overrides[key] = value;
    applied.push(variable);
  }
  if (applied.length === 0) return { raw, applied };
  const terminal = isRecord(raw["terminal"]) ? raw["terminal"] : {};
  return { raw: { ...raw, terminal: { ...terminal, ...overrides } }, applied };
}

/** Keys that only mean something under `terminal:`. */
const TERMINAL_ONLY_KEYS = new Set([
  "env_type",
  "backend",
  "cwd",
  "timeout",
  "lifetime_seconds",
  "max_foreground_timeout",
  "env_passthrough",
  "persistent_shell",
  "docker_image",
  "docker_volumes",
  "singularity_image",
  "modal_image",
  "daytona_image",
  "container_cpu",
  "container_memory",
  "container_disk",
  "container_persistent",
  "ssh_host",
  "ssh_user",
  "ssh_port",
  "ssh_key",
  "ssh_persistent",
]);

/**
 * Read a `terminal:` section whose keys lost their indentation (as in copies of Hermes' tools
 * documentation: `terminal:` then `env_type: "ssh"` at the left margin). When `terminal` is empty
 * and the keys right after it are terminal keys, they are read as terminal's, with a warning
 * saying how to fix the file. Returns the input unchanged in any other case.
 */
export function adoptUnindentedTerminalKeys(raw: Record<string, unknown>): {
  readonly raw: Record<string, unknown>;
  readonly adopted: readonly string[];
} {
  const names = Object.keys(raw);
  const at = names.indexOf("terminal");
  if (at === -1 || (raw["terminal"] !== null && raw["terminal"] !== undefined)) {
    return { raw, adopted: [] };
  }
  const adopted: string[] = [];
  for (const name of names.slice(at + 1)) {
    if (!TERMINAL_ONLY_KEYS.has(name)) break;
    adopted.push(name);
  }
  if (adopted.length === 0) return { raw, adopted };
  const terminal: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (adopted.includes(name)) terminal[name] = value;
    else rest[name] = value;
  }
  return { raw: { ...rest, terminal }, adopted };
}
