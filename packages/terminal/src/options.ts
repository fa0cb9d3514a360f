import { loadConfig, type TerminalConfig, type ToolOutputConfig } from "@hermes-agent/config";
import { InvalidOptionError } from "./terminal-error.js";

/** Settings of the terminal runtime, resolved from config.yaml, Hermes' env vars and defaults. */
export interface TerminalOptions {
  /** Backend type (`terminal.backend` / `TERMINAL_ENV`). */
  readonly backend: string;
  /** Initial directory of each task's environment; undefined means the process cwd. */
  readonly cwd: string | undefined;
  /** Default foreground timeout, seconds (180). */
  readonly timeoutSeconds: number;
  /** Idle environments are cleaned after this many seconds (300). */
  readonly lifetimeSeconds: number;
  /** Largest foreground timeout a call may ask for, seconds (600). */
  readonly maxForegroundTimeoutSeconds: number;
  /** Host variables passed to commands besides the built-in allowlist. */
  readonly envPassthrough: readonly string[];
  readonly persistentShell: boolean;
  /** Output cap of one command, characters (`tool_output.max_bytes`, 50 000). */
  readonly maxOutputChars: number;
  /** Backend-specific settings named as in config.yaml (`docker_image`, `ssh_host`, ...). */
  readonly backendOptions: Readonly<Record<string, unknown>>;
}

/** The parts of a loaded config that the terminal reads; a full `HermesConfig` fits. */
export interface TerminalConfigInput {
  readonly terminal?: Readonly<Partial<TerminalConfig>> | Readonly<Record<string, unknown>>;
  readonly tool_output?: Readonly<Partial<ToolOutputConfig>> | Readonly<Record<string, unknown>>;
}

/** Defaults, as in Hermes. */
export const TERMINAL_DEFAULTS: TerminalOptions = {
  backend: "local",
  cwd: undefined,
  timeoutSeconds: 180,
  lifetimeSeconds: 300,
  maxForegroundTimeoutSeconds: 600,
  envPassthrough: [],
  persistentShell: true,
  maxOutputChars: 50_000,
  backendOptions: {},
};

type Kind = "integer" | "string" | "boolean";

/** Env vars that override a `terminal.*` key, with the key's kind. */
const ENV_KEYS: readonly (readonly [string, string, Kind])[] = [
  ["TERMINAL_ENV", "backend", "string"],
  ["TERMINAL_CWD", "cwd", "string"],
  ["TERMINAL_TIMEOUT", "timeout", "integer"],
  ["TERMINAL_LIFETIME_SECONDS", "lifetime_seconds", "integer"],
  ["TERMINAL_MAX_FOREGROUND_TIMEOUT", "max_foreground_timeout", "integer"],
  ["TERMINAL_PERSISTENT_SHELL", "persistent_shell", "boolean"],
  ["TERMINAL_DOCKER_IMAGE", "docker_image", "string"],
  ["TERMINAL_SINGULARITY_IMAGE", "singularity_image", "string"],
  ["TERMINAL_MODAL_IMAGE", "modal_image", "string"],
  ["TERMINAL_DAYTONA_IMAGE", "daytona_image", "string"],
  ["TERMINAL_CONTAINER_MEMORY", "container_memory", "integer"],
  ["TERMINAL_CONTAINER_DISK", "container_disk", "integer"],
  ["TERMINAL_CONTAINER_PERSISTENT", "container_persistent", "boolean"],
  ["TERMINAL_SSH_HOST", "ssh_host", "string"],
  ["TERMINAL_SSH_USER", "ssh_user", "string"],
  ["TERMINAL_SSH_PORT", "ssh_port", "integer"],
  ["TERMINAL_SSH_KEY", "ssh_key", "string"],
  ["TERMINAL_SSH_PERSISTENT", "ssh_persistent", "boolean"],
];

/** Keys read into the typed options; everything else goes to `backendOptions`. */
const TYPED_KEYS = new Set([
  "backend",
  "cwd",
  "timeout",
  "lifetime_seconds",
  "max_foreground_timeout",
  "env_passthrough",
  "persistent_shell",
]);

function envInteger(name: string, raw: string): number {
  const text = raw.trim();
  if (!/^[+-]?\d+$/.test(text)) {
    throw new InvalidOptionError(
      `Invalid value for ${name}: '${raw}' (expected integer). Check ~/.hermes/.env or environment variables.`,
    );
  }
  return Number.parseInt(text, 10);
}

function parseEnvValue(name: string, raw: string, kind: Kind): unknown {
  switch (kind) {
    case "integer":
      return envInteger(name, raw);
    case "boolean":
      return ["1", "true", "yes", "on"].includes(raw.trim().toLowerCase());
    case "string":
      return raw.trim();
  }
}

function configInteger(key: string, value: unknown, fallback: number): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value === "number" && Number.isInteger(value) && value >= 1) return value;
  if (typeof value === "string" && /^\s*\d+\s*$/.test(value) && Number(value) >= 1)
    return Number(value);
  throw new InvalidOptionError(
    `Invalid value for ${key}: '${String(value)}' (expected a positive integer). Check config.yaml.`,
  );
}

function stringList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === "string");
  if (typeof value === "string") {
    return value
      .split(",")
      .map((item) => item.trim())
      .filter((item) => item !== "");
  }
  return [];
}

/** What {@link resolveTerminalOptions} reads. */
export interface ResolveTerminalOptionsInput {
  /** A loaded config (or the part of it with `terminal` and `tool_output`). */
  readonly config?: TerminalConfigInput;
  /** Environment variables; Hermes' `TERMINAL_*` vars win over config.yaml. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/**
 * Resolve terminal settings: `TERMINAL_*` env vars, then `terminal.*` in config.yaml, then
 * Hermes' defaults. Pure: reads no files. A bad integer names the variable and the value.
 */
export function resolveTerminalOptions(input: ResolveTerminalOptionsInput = {}): TerminalOptions {
  const merged: Record<string, unknown> = { ...(input.config?.terminal ?? {}) };
  const env = input.env ?? {};
  for (const [name, key, kind] of ENV_KEYS) {
    const raw = env[name];
    if (raw === undefined || raw.trim() === "") continue;
    merged[key] = parseEnvValue(name, raw, kind);
  }
  const backendOptions: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(merged)) {
    if (!TYPED_KEYS.has(key) && value !== undefined) backendOptions[key] = value;
  }
  const backend =
    typeof merged.backend === "string" && merged.backend.trim() !== ""
      ? merged.backend.trim().toLowerCase()
      : "local";
  const cwd =
    typeof merged.cwd === "string" && merged.cwd.trim() !== "" ? merged.cwd.trim() : undefined;
  return {
    backend,
    cwd,
    timeoutSeconds: configInteger(
      "terminal.timeout",
      merged.timeout,
      TERMINAL_DEFAULTS.timeoutSeconds,
    ),
    lifetimeSeconds: configInteger(
      "terminal.lifetime_seconds",
      merged.lifetime_seconds,
      TERMINAL_DEFAULTS.lifetimeSeconds,
    ),
    maxForegroundTimeoutSeconds: configInteger(
      "terminal.max_foreground_timeout",
      merged.max_foreground_timeout,
      TERMINAL_DEFAULTS.maxForegroundTimeoutSeconds,
    ),
    envPassthrough: stringList(merged.env_passthrough),
    persistentShell: typeof merged.persistent_shell === "boolean" ? merged.persistent_shell : true,
    maxOutputChars: configInteger(
      "tool_output.max_bytes",
      input.config?.tool_output?.max_bytes,
      TERMINAL_DEFAULTS.maxOutputChars,
    ),
    backendOptions,
  };
}

/** Load config.yaml from the Hermes home and resolve the terminal settings with `env`. */
export async function loadTerminalOptions(
  options: {
    readonly home?: string;
    readonly env?: Readonly<Record<string, string | undefined>>;
  } = {},
): Promise<TerminalOptions> {
  const env = options.env ?? process.env;
  const config = await loadConfig({
    env,
    ...(options.home === undefined ? {} : { home: options.home }),
  });
  return resolveTerminalOptions({ config, env });
}
