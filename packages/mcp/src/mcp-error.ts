import { hasErrorCode, HermesError, type HermesErrorOptions } from "@hermes-agent/core";

/** Stable codes of {@link McpError}. */
export const McpErrorCode = {
  /** An `mcp_servers` entry (or an imported `mcpServers` file) is malformed. */
  InvalidConfig: "MCP_INVALID_CONFIG",
  /** Connecting to a server failed (spawn error, refused connection, handshake error). */
  ConnectFailed: "MCP_CONNECT_FAILED",
  /** A server did not finish the handshake within `connect_timeout`. */
  ConnectTimeout: "MCP_CONNECT_TIMEOUT",
  /** The server is not connected and cannot be reconnected right now. */
  NotConnected: "MCP_NOT_CONNECTED",
  /** Too many consecutive failures: calls are refused until the cooldown ends. */
  CircuitOpen: "MCP_CIRCUIT_OPEN",
  /** A tool call took longer than the server's `timeout`. */
  CallTimeout: "MCP_CALL_TIMEOUT",
  /** The caller aborted the call. */
  Aborted: "MCP_ABORTED",
  /** The manager was closed. */
  Closed: "MCP_CLOSED",
  /** An HTTP server needs an OAuth login first (`hermes mcp login <server>`). */
  AuthRequired: "MCP_AUTH_REQUIRED",
  /** The OAuth login flow failed or timed out. */
  AuthFailed: "MCP_AUTH_FAILED",
  /** An HTTP session expired during a write-capable call: the outcome is unknown. */
  OutcomeUncertain: "MCP_OUTCOME_UNCERTAIN",
} as const;

/** One of the {@link McpErrorCode} values. */
export type McpErrorCode = (typeof McpErrorCode)[keyof typeof McpErrorCode];

/** Error raised by @hermes-agent/mcp; `details.server` names the server when there is one. */
export class McpError extends HermesError {
  declare readonly code: McpErrorCode;

  constructor(code: McpErrorCode, message: string, options: HermesErrorOptions = {}) {
    super(code, message, options);
  }

  /** True for any McpError, also one from another copy of this package. */
  static override isInstance(value: unknown): value is McpError {
    return hasErrorCode(value, McpErrorCode);
  }
}
