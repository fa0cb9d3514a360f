/** Where the registry reports rejected registrations, failed checks and skipped modules. */
export interface RegistryLogger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** Severity levels, lowest first. */
export const LOG_LEVELS: readonly ["debug", "info", "warn", "error"] = [
  "debug",
  "info",
  "warn",
  "error",
];

/** One of {@link LOG_LEVELS}. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * A logger that writes lines at or above `level` to standard error, prefixed with the level.
 * The default logger of a registry uses level `warn`.
 */
export function createStderrLogger(level: LogLevel = "warn"): RegistryLogger {
  const threshold = LOG_LEVELS.indexOf(level);
  const emit = (at: LogLevel, message: string): void => {
    if (LOG_LEVELS.indexOf(at) < threshold) return;
    process.stderr.write(`[hermes-registry] ${at.toUpperCase()} ${message}\n`);
  };
  return {
    debug: (message) => emit("debug", message),
    info: (message) => emit("info", message),
    warn: (message) => emit("warn", message),
    error: (message) => emit("error", message),
  };
}

/** A logger that drops everything. */
export const silentLogger: RegistryLogger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
