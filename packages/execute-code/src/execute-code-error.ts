import { HermesError, hasErrorCode, type HermesErrorOptions } from "@hermes-agent/core";

/** Stable codes of the errors this package throws. */
export const ExecuteCodeErrorCode = {
  /** Unix-domain sockets are not available on this platform. */
  SocketsUnavailable: "EXECUTE_CODE_SOCKETS_UNAVAILABLE",
  /** No usable interpreter (python3 / node) was found. */
  InterpreterNotFound: "EXECUTE_CODE_INTERPRETER_NOT_FOUND",
  /** The RPC server could not start or was used after it closed. */
  RpcServer: "EXECUTE_CODE_RPC_SERVER",
  /** An option passed to this package was out of range or of the wrong type. */
  InvalidOption: "EXECUTE_CODE_INVALID_OPTION",
  /** The session was closed and cannot run scripts any more. */
  Closed: "EXECUTE_CODE_CLOSED",
} as const;

/** One of {@link ExecuteCodeErrorCode}'s values. */
export type ExecuteCodeErrorCode = (typeof ExecuteCodeErrorCode)[keyof typeof ExecuteCodeErrorCode];

/** Error thrown by @hermes-agent/execute-code; `code` is one of {@link ExecuteCodeErrorCode}. */
export class ExecuteCodeError extends HermesError {
  declare readonly code: ExecuteCodeErrorCode;

  constructor(code: ExecuteCodeErrorCode, message: string, options: HermesErrorOptions = {}) {
    super(code, message, options);
  }

  /** True for an ExecuteCodeError from any copy of this package. */
  static override isInstance(value: unknown): value is ExecuteCodeError {
    return hasErrorCode(value, ExecuteCodeErrorCode);
  }
}
