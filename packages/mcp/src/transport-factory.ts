import { buildChildEnv } from "@hermes-agent/core";
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Readable } from "node:stream";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { McpServerSpec } from "./config/server-spec.js";
import type { StderrLog } from "./stderr-log.js";

/** What building a transport needs besides the server's spec. */
export interface TransportContext {
  /** Host environment the allowlist is applied to (default `process.env`). */
  readonly hostEnv: Readonly<Record<string, string | undefined>>;
  readonly stderrLog: StderrLog;
  /** The OAuth provider of an `auth: oauth` HTTP server. */
  readonly authProviderFor: (spec: McpServerSpec) => OAuthClientProvider;
}

/** A transport and, for stdio, a way to read the child's pid. */
export interface BuiltTransport {
  readonly transport: Transport;
  readonly pid: () => number | undefined;
}

/**
 * Build the transport of one server: a stdio child with an allowlisted environment plus the
 * configured `env` (host API keys are not inherited) and stderr in the log file; or streamable
 * HTTP / SSE with the configured headers and, for `auth: oauth`, the OAuth provider.
 */
export function buildTransport(spec: McpServerSpec, context: TransportContext): BuiltTransport {
  if (spec.transport === "stdio") {
    const transport = new StdioClientTransport({
      command: spec.command ?? "",
      args: [...spec.args],
      env: buildChildEnv({ hostEnv: context.hostEnv, extra: spec.env, withoutAgentDefaults: true }),
      stderr: "pipe",
      ...(spec.cwd === undefined ? {} : { cwd: spec.cwd }),
    });
    // The stderr pipe exists before start(), so nothing the child writes early is lost.
    const stderr = transport.stderr;
    if (stderr !== null) context.stderrLog.attach(spec.name, stderr as Readable);
    return { transport, pid: () => transport.pid ?? undefined };
  }
  const url = new URL(spec.url ?? "");
  const requestInit: RequestInit = { headers: { ...spec.headers } };
  const authProvider = spec.oauth ? context.authProviderFor(spec) : undefined;
  const options = { requestInit, ...(authProvider === undefined ? {} : { authProvider }) };
  const transport =
    spec.transport === "sse"
      ? new SSEClientTransport(url, options)
      : new StreamableHTTPClientTransport(url, options);
  return { transport, pid: () => undefined };
}
