import { HermesError, hasErrorCode, type HermesErrorOptions } from "@hermes-agent/core";

/** Stable codes of the errors this package throws. */
export const FileToolsErrorCode = {
  NotFound: "FILE_TOOLS_NOT_FOUND",
  NotRegular: "FILE_TOOLS_NOT_REGULAR",
  NotText: "FILE_TOOLS_NOT_TEXT",
  WriteFailed: "FILE_TOOLS_WRITE_FAILED",
  CommandFailed: "FILE_TOOLS_COMMAND_FAILED",
  EnvironmentUnavailable: "FILE_TOOLS_ENVIRONMENT_UNAVAILABLE",
} as const;

/** One of {@link FileToolsErrorCode}'s values. */
export type FileToolsErrorCode = (typeof FileToolsErrorCode)[keyof typeof FileToolsErrorCode];

/** An error raised by the file tools' file access layer. */
export class FileToolsError extends HermesError {
  declare readonly code: FileToolsErrorCode;

  constructor(code: FileToolsErrorCode, message: string, options?: HermesErrorOptions) {
    super(code, message, options);
  }

  /** True for a FileToolsError from any copy of this package. */
  static override isInstance(value: unknown): value is FileToolsError {
    return hasErrorCode(value, FileToolsErrorCode);
  }
}
