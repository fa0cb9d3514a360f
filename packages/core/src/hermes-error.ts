/** The one brand every Hermes error carries; `Symbol.for` so it survives duplicate installs. */
const HERMES_ERROR_BRAND: unique symbol = Symbol.for("@hermes-agent/core/HermesError") as never;

/** Options accepted by every {@link HermesError} constructor. */
export interface HermesErrorOptions {
  /** The error that caused this one (native `Error.cause`). */
  readonly cause?: unknown;
  /** Structured facts about the failure (file, key, tool name, ...), safe to log. */
  readonly details?: Readonly<Record<string, unknown>>;
}

/**
 * Base class of every error a Hermes package throws. `code` is a stable string of the form
 * `<PACKAGE>_<REASON>` (each package lists its codes in an `as const` object with PascalCase keys
 * and passes their union as `Code`: `class WidgetError extends HermesError<WidgetErrorCode>`).
 * {@link HermesError.isInstance} recognises errors from any copy of any Hermes package, so
 * checks keep working when two versions are installed side by side.
 */
export class HermesError<Code extends string = string> extends Error {
  /** Stable machine-readable code, e.g. `CONFIG_INVALID`. */
  readonly code: Code;
  /** Structured facts about the failure, when the thrower gave any. */
  readonly details: Readonly<Record<string, unknown>> | undefined;

  constructor(code: Code, message: string, options: HermesErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.details = options.details;
    Object.defineProperty(this, HERMES_ERROR_BRAND, { value: true });
  }

  /** True when `value` is a HermesError (any subclass, from any copy of any Hermes package). */
  static isInstance(value: unknown): value is HermesError {
    return (
      typeof value === "object" &&
      value !== null &&
      (value as Record<symbol, unknown>)[HERMES_ERROR_BRAND] === true
    );
  }
}

/**
 * True when `value` is a HermesError whose code is one of `codes`. Subclasses use it for their
 * own `isInstance`: `hasErrorCode(value, ConfigErrorCode)`.
 */
export function hasErrorCode(
  value: unknown,
  codes: Readonly<Record<string, string>>,
): value is HermesError {
  if (!HermesError.isInstance(value)) return false;
  return Object.values(codes).includes(value.code);
}
