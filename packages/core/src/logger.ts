/** Where every Hermes package reports what it does not throw: skipped tools, retries, warnings. */
export interface Logger {
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

/** Options of {@link createStderrLogger}. */
export interface StderrLoggerOptions {
  /** Lowest level written (default `warn`). */
  readonly level?: LogLevel;
  /** Prefix of every line, e.g. `hermes-registry` (default `hermes`). */
  readonly name?: string;
}

/** A logger that writes lines at or above `level` to standard error as `[name] LEVEL message`. */
export function createStderrLogger(options: StderrLoggerOptions = {}): Logger {
  const threshold = LOG_LEVELS.indexOf(options.level ?? "warn");
  const name = options.name ?? "hermes";
  const emit = (at: LogLevel, message: string): void => {
    if (LOG_LEVELS.indexOf(at) < threshold) return;
    process.stderr.write(`[${name}] ${at.toUpperCase()} ${message}\n`);
  };
  return {
    debug: (message) => emit("debug", message),
    info: (message) => emit("info", message),
    warn: (message) => emit("warn", message),
    error: (message) => emit("error", message),
  };
}

/** A logger that drops everything. */
export const silentLogger: Logger = Object.freeze({
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
});
