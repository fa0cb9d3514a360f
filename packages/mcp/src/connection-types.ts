import type { Logger } from "@hermes-agent/core";
import type { RetryPolicy } from "./retry-policy.js";
import type { SamplingModel } from "./sampling-handler.js";
import type { McpServerConnection } from "./server-connection.js";
import type { TransportContext } from "./transport-factory.js";

/** Where a server is in its life. */
export type McpServerState =
  "configured" | "connecting" | "connected" | "failed" | "disabled" | "closed";

/** A progress notification of a running tool call. */
export interface McpProgressEvent {
  readonly type: "mcp.progress";
  readonly server: string;
  readonly tool: string;
  readonly progress: number;
  readonly total: number | undefined;
  readonly message: string | undefined;
}

/** What a connection tells its owner. */
export interface ConnectionHooks {
  /** Connected and tools listed (first connect, reconnect, or respawn). */
  onReady(connection: McpServerConnection): void;
  /** The server's tool list changed (after `notifications/tools/list_changed`). */
  onToolsChanged(connection: McpServerConnection): void;
  onStateChange(connection: McpServerConnection): void;
  onProgress(event: McpProgressEvent): void;
}

/** Everything a connection needs besides its spec. */
export interface ConnectionOptions {
  readonly transport: TransportContext;
  readonly hooks: ConnectionHooks;
  readonly retry: RetryPolicy;
  readonly logger: Logger;
  readonly samplingModel: SamplingModel | undefined;
  readonly now: () => number;
}

/** Options of one tool call. */
export interface CallOptions {
  readonly signal?: AbortSignal | undefined;
  /** Milliseconds; default the server's `timeout`. */
  readonly timeoutMs?: number | undefined;
  /** The tool is read-only (`readOnlyHint`): safe to replay once after an expired session. */
  readonly readOnly?: boolean | undefined;
}
