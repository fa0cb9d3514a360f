const BRAND = Symbol.for("@hermes-agent/registry/RegistryError");

/** Stable codes carried by every {@link RegistryError}. */
export const RegistryErrorCode = {
  /** The tool specification passed to `register` is malformed (missing name, handler, ...). */
  invalidTool: "REGISTRY_INVALID_TOOL",
  /** The tool's schema or its `parameters` are not a valid JSON Schema / zod object. */
  invalidSchema: "REGISTRY_INVALID_SCHEMA",
  /** Tool discovery could not read the tools folder. */
  discoveryFailed: "REGISTRY_DISCOVERY_FAILED",
} as const;

/** One of the values of {@link RegistryErrorCode}. */
export type RegistryErrorCode = (typeof RegistryErrorCode)[keyof typeof RegistryErrorCode];

/**
 * Base class of every error the registry throws. Carries a stable `code` and a `Symbol.for`
 * brand, so {@link RegistryError.isInstance} recognises errors from a duplicate install too.
 */
export class RegistryError extends Error {
  /** Stable machine-readable code. */
  readonly code: RegistryErrorCode;
  /** Name of the tool concerned, when there is one. */
  readonly toolName: string | undefined;

  constructor(
    code: RegistryErrorCode,
    message: string,
    options: { readonly toolName?: string; readonly cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "RegistryError";
    this.code = code;
    this.toolName = options.toolName;
    Object.defineProperty(this, BRAND, { value: true });
  }

  /** True when `value` is a RegistryError from any copy of this package. */
  static isInstance(value: unknown): value is RegistryError {
    return (
      typeof value === "object" &&
      value !== null &&
      (value as Record<symbol, unknown>)[BRAND] === true
    );
  }
}
