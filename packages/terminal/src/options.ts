import {
  hermesConfigSchema,
  loadConfig,
  type ConfigSource,
  type HermesConfig,
  type TerminalConfig,
  type ToolOutputConfig,
} from "@hermes-agent/config";
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

/** Validate the terminal's sections with the config schema, naming the key and value at fault. */
function validated(terminal: Record<string, unknown>, toolOutput: unknown): HermesConfig {
  const result = hermesConfigSchema.safeParse({ terminal, tool_output: toolOutput });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const keyPath = issue?.path.map(String) ?? [];
  let value: unknown = { terminal, tool_output: toolOutput };
  for (const key of keyPath) value = (value as Record<string, unknown> | undefined)?.[key];
  throw new InvalidOptionError(
    `Invalid value for ${keyPath.join(".")}: '${String(value)}' (${issue?.message ?? "invalid"}). Check config.yaml.`,
    { cause: result.error },
  );
}

/** What {@link resolveTerminalOptions} reads. */
export interface ResolveTerminalOptionsInput {
  /** A loaded config (or the part of it with `terminal` and `tool_output`). */
  readonly config?: TerminalConfigInput;
  /** Environment variables; Hermes' `TERMINAL_*` vars win over config.yaml. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/**
 * Resolve terminal settings: `TERMINAL_*` env vars, then `terminal.*` in config.yaml, then the
 * config schema's defaults (the one place they are written). Pure: reads no files. A bad
 * integer names the variable (or the config key) and the value.
 */
export function resolveTerminalOptions(input: ResolveTerminalOptionsInput = {}): TerminalOptions {
  const raw: Record<string, unknown> = { ...(input.config?.terminal ?? {}) };
  const env = input.env ?? {};
  for (const [name, key, kind] of ENV_KEYS) {
    const value = env[name];
    if (value === undefined || value.trim() === "") continue;
    raw[key] = parseEnvValue(name, value, kind);
  }
  const config = validated(raw, input.config?.tool_output);
  const terminal: TerminalConfig = config.terminal;
  const backendOptions: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(terminal)) {
    if (!TYPED_KEYS.has(key) && value !== undefined) backendOptions[key] = value;
  }
  return {
    backend: terminal.backend,
    cwd: terminal.cwd,
    timeoutSeconds: terminal.timeout,
    lifetimeSeconds: terminal.lifetime_seconds,
    maxForegroundTimeoutSeconds: terminal.max_foreground_timeout,
    envPassthrough: terminal.env_passthrough,
    persistentShell: terminal.persistent_shell,
    maxOutputChars: config.tool_output.max_bytes,
    backendOptions,
  };
}

/** Every key of {@link TerminalOptions}; the type checks that none is missing. */
const OPTION_KEYS: Readonly<Record<keyof TerminalOptions, true>> = {
  backend: true,
  cwd: true,
  timeoutSeconds: true,
  lifetimeSeconds: true,
  maxForegroundTimeoutSeconds: true,
  envPassthrough: true,
  persistentShell: true,
  maxOutputChars: true,
  backendOptions: true,
};

let defaults: TerminalOptions | undefined;

/**
 * Hermes' defaults: the config schema's, with no config file and no environment. Resolved when a
 * key is first read, not when the package is imported (resolving builds the config schema).
 */
export const TERMINAL_DEFAULTS: TerminalOptions = Object.defineProperties(
  {},
  Object.fromEntries(
    Object.keys(OPTION_KEYS).map((key) => [
      key,
      {
        enumerable: true,
        get: () => (defaults ??= resolveTerminalOptions())[key as keyof TerminalOptions],
      },
    ]),
  ),
) as TerminalOptions;

/**
 * Read the terminal settings: config.yaml from `configSource` (or from the Hermes home), then
 * Hermes' `TERMINAL_*` variables of `env` on top.
 */
export async function loadTerminalOptions(
  options: {
    readonly configSource?: ConfigSource;
    readonly home?: string;
    readonly env?: Readonly<Record<string, string | undefined>>;
  } = {},
): Promise<TerminalOptions> {
  const env = options.env ?? process.env;
  const config =
    options.configSource === undefined
      ? await loadConfig({
          env,
          ...(options.home === undefined ? {} : { home: options.home }),
        })
      : await options.configSource.read();
  return resolveTerminalOptions({ config, env });
}
