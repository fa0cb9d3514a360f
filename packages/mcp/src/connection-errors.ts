import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ErrorCode, McpError as ProtocolError } from "@modelcontextprotocol/sdk/types.js";
import type { McpServerSpec } from "./config/server-spec.js";
import { McpError, McpErrorCode } from "./mcp-error.js";
import { redactServerText } from "./result-conversion.js";

function* causes(error: unknown): Generator<unknown> {
  let current = error;
  for (let depth = 0; depth < 8 && current !== undefined && current !== null; depth++) {
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

/** The error, or one of its causes, says the server needs an OAuth login. */
export function isAuthError(error: unknown): boolean {
  for (const item of causes(error)) {
    if (item instanceof UnauthorizedError) return true;
    if (McpError.isInstance(item) && item.code === McpErrorCode.AuthRequired) return true;
  }
  return false;
}

/** A request timed out (the SDK's RequestTimeout). */
export function isTimeout(error: unknown): boolean {
  return error instanceof ProtocolError && error.code === Number(ErrorCode.RequestTimeout);
}

/** The streamable HTTP session is gone (404 on a session, or the server says so). */
export function isSessionExpired(error: unknown): boolean {
  for (const item of causes(error)) {
    if (item instanceof StreamableHTTPError && item.code === 404) return true;
    if (
      item instanceof Error &&
      /session not found|invalid session|session.*expired/i.test(item.message)
    ) {
      return true;
    }
  }
  return false;
}

/** A short, secret-free reason a connect failed, with a hint at what to check. */
export function describeConnectError(error: unknown, spec: McpServerSpec): string {
  if (McpError.isInstance(error)) return error.message.replace(`MCP server '${spec.name}' `, "");
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === "ENOENT" && spec.transport === "stdio") {
    return `command '${spec.command ?? ""}' was not found; check 'command' and PATH`;
  }
  if (code === "EACCES" && spec.transport === "stdio") {
    return `command '${spec.command ?? ""}' is not executable`;
  }
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof ProtocolError && error.code === Number(ErrorCode.ConnectionClosed)) {
    return spec.transport === "stdio"
      ? "Connection closed: the server exited during startup (see HERMES_HOME/logs/mcp-stderr.log)"
      : "Connection closed";
  }
  return redactServerText(message || "unknown error");
}
