import { HermesError, hasErrorCode } from "@hermes-agent/core";

/** Stable codes of the errors this package throws. */
export const ToolsetsErrorCode = {
  /** A custom toolset name that is empty, reserved (`all`, `*`) or not a string. */
  InvalidToolsetName: "TOOLSETS_INVALID_TOOLSET_NAME",
} as const;

/** One of the values of {@link ToolsetsErrorCode}. */
export type ToolsetsErrorCode = (typeof ToolsetsErrorCode)[keyof typeof ToolsetsErrorCode];

/** Error thrown by `@hermes-agent/toolsets`; a {@link HermesError} with a stable `code`. */
export class ToolsetsError extends HermesError<ToolsetsErrorCode> {
  /** True for a ToolsetsError from any copy of this package (survives duplicate installs). */
  static override isInstance(value: unknown): value is ToolsetsError {
    return hasErrorCode(value, ToolsetsErrorCode);
  }
}
