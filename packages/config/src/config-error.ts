import { HermesError, hasErrorCode } from "@hermes-agent/core";

/** Stable codes of {@link ConfigError}. */
export const ConfigErrorCode = {
  /** config.yaml is not valid YAML. */
  Parse: "CONFIG_PARSE",
  /** A value in config.yaml does not fit the schema. */
  Invalid: "CONFIG_INVALID",
  /** Writing config.yaml failed; the file on disk is unchanged. */
  Write: "CONFIG_WRITE",
  /** Another writer held the config lock for too long. */
  Locked: "CONFIG_LOCKED",
  /** An edit asked for something the document cannot hold (e.g. a key under a scalar). */
  Edit: "CONFIG_EDIT",
} as const;

/** One of the {@link ConfigErrorCode} values. */
export type ConfigErrorCode = (typeof ConfigErrorCode)[keyof typeof ConfigErrorCode];

/** Where in which file a config problem is. */
export interface ConfigErrorLocation {
  readonly file?: string;
  readonly line?: number;
  readonly column?: number;
  readonly key?: string;
}

/**
 * Error raised by @hermes-agent/config; the message names the file, line and key when known, and
 * `details` holds the same location as data.
 */
export class ConfigError extends HermesError {
  declare readonly code: ConfigErrorCode;
  readonly file: string | undefined;
  readonly line: number | undefined;
  readonly column: number | undefined;
  readonly key: string | undefined;

  constructor(
    code: ConfigErrorCode,
    message: string,
    location: ConfigErrorLocation = {},
    options: { cause?: unknown } = {},
  ) {
    super(code, formatMessage(message, location), {
      cause: options.cause,
      details: { ...location },
    });
    this.file = location.file;
    this.line = location.line;
    this.column = location.column;
    this.key = location.key;
  }

  /** True for any ConfigError, also one from another copy of this package. */
  static override isInstance(value: unknown): value is ConfigError {
    return hasErrorCode(value, ConfigErrorCode);
  }
}

function formatMessage(message: string, location: ConfigErrorLocation): string {
  const where: string[] = [];
  if (location.file !== undefined) {
    where.push(
      location.line === undefined
        ? location.file
        : `${location.file}:${location.line}${location.column === undefined ? "" : `:${location.column}`}`,
    );
  }
  if (location.key !== undefined) where.push(`key '${location.key}'`);
  return where.length === 0 ? message : `${where.join(", ")}: ${message}`;
}
