import { HermesError, hasErrorCode } from "@hermes-agent/core";

/** Stable codes carried by every {@link RegistryError}. */
export const RegistryErrorCode = {
  /** The tool specification passed to `register` is malformed (missing name, handler, ...). */
  InvalidTool: "REGISTRY_INVALID_TOOL",
  /** The tool's schema or its `parameters` are not a valid JSON Schema / zod object. */
  InvalidSchema: "REGISTRY_INVALID_SCHEMA",
  /** Tool discovery could not read the tools folder. */
  DiscoveryFailed: "REGISTRY_DISCOVERY_FAILED",
  /** Discovery met a file only the compiler can decide, and ts-morph is not installed. */
  CompilerMissing: "REGISTRY_COMPILER_MISSING",
} as const;

/** One of the values of {@link RegistryErrorCode}. */
export type RegistryErrorCode = (typeof RegistryErrorCode)[keyof typeof RegistryErrorCode];

/**
 * Error thrown by the registry (never by dispatch, which returns errors as JSON). A
 * {@link HermesError}: `code` is stable and {@link RegistryError.isInstance} recognises errors
 * from a duplicate install too.
 */
export class RegistryError extends HermesError<RegistryErrorCode> {
  /** Name of the tool concerned, when there is one. */
  readonly toolName: string | undefined;

  constructor(
    code: RegistryErrorCode,
    message: string,
    options: { readonly toolName?: string; readonly cause?: unknown } = {},
  ) {
    super(code, message, {
      cause: options.cause,
      ...(options.toolName === undefined ? {} : { details: { toolName: options.toolName } }),
    });
    this.toolName = options.toolName;
  }

  /** True when `value` is a RegistryError from any copy of this package. */
  static override isInstance(value: unknown): value is RegistryError {
    return hasErrorCode(value, RegistryErrorCode);
  }
}
