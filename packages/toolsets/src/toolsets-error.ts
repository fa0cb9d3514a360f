const BRAND = Symbol.for("@hermes-agent/toolsets/ToolsetsError");

/** Stable codes of the errors this package throws. */
export const TOOLSETS_ERROR_CODES = {
  /** A custom toolset name that is empty, reserved (`all`, `*`) or not a string. */
  INVALID_TOOLSET_NAME: "INVALID_TOOLSET_NAME",
} as const;

/** One of `TOOLSETS_ERROR_CODES`. */
export type ToolsetsErrorCode = (typeof TOOLSETS_ERROR_CODES)[keyof typeof TOOLSETS_ERROR_CODES];

/** Base class of every error thrown by `@hermes-agent/toolsets`. */
export class ToolsetsError extends Error {
  readonly code: ToolsetsErrorCode;

  constructor(code: ToolsetsErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "ToolsetsError";
    this.code = code;
    Object.defineProperty(this, BRAND, { value: true });
  }

  /** True for a ToolsetsError from any copy of this package (survives duplicate installs). */
  static isInstance(value: unknown): value is ToolsetsError {
    return (
      typeof value === "object" &&
      value !== null &&
      (value as Record<symbol, unknown>)[BRAND] === true
    );
  }
}
