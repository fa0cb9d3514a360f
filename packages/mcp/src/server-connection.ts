import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { abortable } from "./abortable.js";
import { closeConnection, createMcpClient } from "./client-lifecycle.js";
import type { CallOptions, ConnectionOptions, McpServerState } from "./connection-types.js";
import type { McpServerSpec } from "./config/server-spec.js";
import {
  describeConnectError,
  isAuthError,
  isSessionExpired,
  isTimeout,
} from "./connection-errors.js";
import { McpError, McpErrorCode } from "./mcp-error.js";
import { isCircuitOpen, retryDelay } from "./retry-policy.js";
import { CoalescedTask, listAllTools } from "./tool-listing.js";
import { buildTransport, type BuiltTransport } from "./transport-factory.js";

/**
 * One MCP server: connects in the background with a per-server timeout, retries with exponential
 * backoff, opens a circuit breaker after repeated failures, respawns a dead stdio child on the
 * next call, re-lists tools on `list_changed` (coalesced), and calls tools with a timeout and
 * cancellation.
 */
export class McpServerConnection {
  readonly spec: McpServerSpec;
  readonly #options: ConnectionOptions;
  #state: McpServerState;
  #client: Client | undefined;
  #built: BuiltTransport | undefined;
  #connecting: Promise<Client> | undefined;
  #tools: readonly Tool[] = [];
  #failures = 0;
  #lastError: string | undefined;
  #nextRetryAt: number | undefined;
  #retryTimer: NodeJS.Timeout | undefined;
  readonly #relister: CoalescedTask;
  #connectAbort: AbortController | undefined;
  #settleFirst: () => void = () => undefined;
  readonly #progressTargets = new Map<string | number, string>();
  #progressSequence = 0;
  /** Settles when the first connect attempt has succeeded or failed. */
  readonly firstAttempt: Promise<void>;
  /** The availability check of this server's tools: false once closed or disabled. */
  readonly isAvailable = (): boolean => this.#state !== "closed" && this.#state !== "disabled";

  constructor(spec: McpServerSpec, options: ConnectionOptions) {
    this.spec = spec;
    this.#options = options;
    this.#state = spec.enabled ? "configured" : "disabled";
    this.firstAttempt = new Promise((resolve) => (this.#settleFirst = resolve));
    this.#relister = new CoalescedTask((error) =>
      options.logger.warn(
        `MCP server '${spec.name}': re-listing tools failed: ${describeConnectError(error, spec)}`,
      ),
    );
    if (!spec.enabled) this.#settleFirst();
  }

  get name(): string {
    return this.spec.name;
  }
  get state(): McpServerState {
    return this.#state;
  }
  /** Tools from the last successful listing. */
  get tools(): readonly Tool[] {
    return this.#tools;
  }
  get lastError(): string | undefined {
    return this.#lastError;
  }
  get consecutiveFailures(): number {
    return this.#failures;
  }
  /** When the next background attempt is due (epoch ms), if one is scheduled. */
  get nextRetryAt(): number | undefined {
    return this.#nextRetryAt;
  }
  /** The stdio child's pid while it runs. */
  get pid(): number | undefined {
    return this.#built?.pid();
  }
  /** What the connected server advertises (tools, resources, prompts). */
  get capabilities(): { resources: boolean; prompts: boolean } {
    const caps = this.#client?.getServerCapabilities();
    return { resources: caps?.resources !== undefined, prompts: caps?.prompts !== undefined };
  }

  /** True once `close()` was called. */
  get isClosed(): boolean {
    return this.#state === "closed";
  }

  /** Start connecting in the background (no-op when disabled, closed or already started). */
  start(): void {
    if (this.#state !== "configured") return;
    void this.#backgroundAttempt();
  }

  /** The connected client, connecting (or respawning) first when needed. */
  async ensureConnected(signal?: AbortSignal): Promise<Client> {
    if (this.#client !== undefined) return this.#client;
    if (this.#state === "closed") throw this.#error(McpErrorCode.Closed, "is closed");
    if (this.#state === "disabled")
      throw this.#error(McpErrorCode.NotConnected, "is disabled in config.yaml");
    const waitMs = (this.#nextRetryAt ?? 0) - this.#options.now();
    if (
      this.#connecting === undefined &&
      isCircuitOpen(this.#options.retry, this.#failures) &&
      waitMs > 0
    ) {
      throw this.#error(
        McpErrorCode.CircuitOpen,
        `is unreachable after ${this.#failures} consecutive failures. Auto-retry available in ~${Math.ceil(waitMs / 1000)}s. Do NOT retry this tool yet; continue without it or tell the user.`,
      );
    }
    const connecting = this.#connecting ?? this.#attemptCounted();
    return signal === undefined ? connecting : abortable(connecting, signal);
  }

  /** Call a tool by its original name; resolves with the raw `tools/call` result. */
  async callTool(
    tool: string,
    args: Record<string, unknown>,
    options: CallOptions = {},
  ): Promise<Record<string, unknown>> {
    const timeoutMs = options.timeoutMs ?? this.spec.timeoutMs;
    const run = async (): Promise<Record<string, unknown>> => {
      const client = await this.ensureConnected(options.signal);
      // Our own progress token: the SDK drops a progress notification that is processed after
      // the response it belongs to (the last one, typically), so the mapping outlives the call.
      const progressToken = `hermes-${++this.#progressSequence}`;
      this.#progressTargets.set(progressToken, tool);
      try {
        return (await client.callTool(
          { name: tool, arguments: args, _meta: { progressToken } },
          undefined,
          {
            timeout: timeoutMs,
            ...(options.signal === undefined ? {} : { signal: options.signal }),
          },
        )) as Record<string, unknown>;
      } finally {
        setImmediate(() => this.#progressTargets.delete(progressToken));
      }
    };
    const started = this.#options.now();
    try {
      return await run();
    } catch (error) {
      if (options.signal?.aborted === true) {
        throw this.#error(McpErrorCode.Aborted, `call to '${tool}' was cancelled`, error);
      }
      if (isTimeout(error)) {
        const elapsed = ((this.#options.now() - started) / 1000).toFixed(1);
        throw new McpError(
          McpErrorCode.CallTimeout,
          `MCP call timed out after ${elapsed}s (configured timeout: ${timeoutMs / 1000}s)`,
          { cause: error, details: { server: this.name, tool } },
        );
      }
      if (this.spec.transport !== "stdio" && isSessionExpired(error)) {
        await this.#dropClient("The HTTP session expired");
        if (options.readOnly !== true) {
          throw this.#error(
            McpErrorCode.OutcomeUncertain,
            `session expired during '${tool}'; it may or may not have run, so it was not retried`,
            error,
          );
        }
        return await run();
      }
      throw error;
    }
  }

  /** The connected client for resource and prompt requests. */
  client(signal?: AbortSignal): Promise<Client> {
    return this.ensureConnected(signal);
  }

  /** Stop for good: cancel retries, close the client, and make sure the child is gone. */
  async close(): Promise<void> {
    this.#state = "closed";
    clearTimeout(this.#retryTimer);
    this.#retryTimer = undefined;
    this.#nextRetryAt = undefined;
    this.#settleFirst();
    this.#connectAbort?.abort(this.#error(McpErrorCode.Closed, "is closed"));
    await this.#connecting?.catch(() => undefined);
    await this.#dropClient(undefined);
  }

  async #backgroundAttempt(): Promise<void> {
    this.#retryTimer = undefined;
    try {
      await this.#attemptCounted();
    } catch {
      // recorded in #lastError and the state; the next attempt is scheduled
    }
  }

  /** One attempt; a failure is counted and the next background attempt scheduled. */
  #attemptCounted(): Promise<Client> {
    const attempt = this.#connect().then(
      (client) => {
        this.#failures = 0;
        this.#lastError = undefined;
        this.#nextRetryAt = undefined;
        return client;
      },
      (error: unknown) => {
        if (this.#state === "closed") throw error;
        this.#failures++;
        const authNeeded = isAuthError(error);
        const described = authNeeded
          ? `requires authentication. Run \`hermes mcp login ${this.name}\``
          : describeConnectError(error, this.spec);
        this.#lastError = described;
        this.#state = "failed";
        if (!authNeeded) this.#scheduleRetry();
        this.#options.logger.warn(`MCP server '${this.name}' failed to connect: ${described}`);
        this.#options.hooks.onStateChange(this);
        throw authNeeded
          ? this.#error(McpErrorCode.AuthRequired, described, error)
          : this.#error(McpErrorCode.ConnectFailed, `failed to connect: ${described}`, error);
      },
    );
    this.#connecting = attempt;
    const clear = () => {
      if (this.#connecting === attempt) this.#connecting = undefined;
      this.#settleFirst();
    };
    attempt.then(clear, clear);
    return attempt;
  }

  #scheduleRetry(): void {
    clearTimeout(this.#retryTimer);
    const delay = retryDelay(this.#options.retry, this.#failures);
    this.#nextRetryAt = this.#options.now() + delay;
    this.#retryTimer = setTimeout(() => void this.#backgroundAttempt(), delay);
    this.#retryTimer.unref();
  }

  async #connect(): Promise<Client> {
    this.#state = "connecting";
    this.#options.hooks.onStateChange(this);
    const built = buildTransport(this.spec, this.#options.transport);
    const client = createMcpClient({
      spec: this.spec,
      samplingModel: this.#options.samplingModel,
      now: this.#options.now,
      onToolListChanged: () => this.#relist(client),
      onProgress: (params) => {
        const tool = this.#progressTargets.get(params.progressToken);
        if (tool === undefined) return;
        this.#options.hooks.onProgress({
          type: "mcp.progress",
          server: this.name,
          tool,
          progress: params.progress,
          total: params.total,
          message: params.message,
        });
      },
    });
    const deadline = new AbortController();
    this.#connectAbort = deadline;
    const seconds = this.spec.connectTimeoutMs / 1000;
    const timer = setTimeout(() => {
      deadline.abort(
        this.#error(
          McpErrorCode.ConnectTimeout,
          `did not connect within ${seconds}s (connect_timeout)`,
        ),
      );
    }, this.spec.connectTimeoutMs);
    this.#built = built;
    try {
      await abortable(
        client.connect(built.transport, {
          signal: deadline.signal,
          timeout: this.spec.connectTimeoutMs,
        }),
        deadline.signal,
      );
      const tools = await abortable(
        listAllTools(client, deadline.signal, this.spec.connectTimeoutMs),
        deadline.signal,
      );
      if (this.isClosed) throw this.#error(McpErrorCode.Closed, "is closed");
      this.#tools = tools;
      this.#client = client;
      client.onclose = () => void this.#onClientClosed(client);
      this.#state = "connected";
      this.#options.hooks.onStateChange(this);
      this.#options.hooks.onReady(this);
      return client;
    } catch (error) {
      if (this.#built === built) this.#built = undefined;
      await closeConnection(client, built);
      throw deadline.signal.aborted ? (deadline.signal.reason as Error) : error;
    } finally {
      clearTimeout(timer);
      if (this.#connectAbort === deadline) this.#connectAbort = undefined;
    }
  }

  /** Re-list after `list_changed`; notifications arriving during a listing cause one more. */
  #relist(client: Client): void {
    this.#relister.request(async () => {
      if (this.#client !== client) return;
      this.#tools = await listAllTools(
        client,
        AbortSignal.timeout(this.spec.connectTimeoutMs),
        this.spec.connectTimeoutMs,
      );
      this.#options.hooks.onToolsChanged(this);
    });
  }

  async #onClientClosed(client: Client): Promise<void> {
    if (this.#client !== client || this.#state === "closed") return;
    this.#client = undefined;
    await this.#dropClient(undefined);
    this.#state = "failed";
    this.#lastError = "Connection closed";
    this.#options.logger.warn(
      `MCP server '${this.name}': connection closed; it is reconnected on the next call`,
    );
    this.#options.hooks.onStateChange(this);
  }

  async #dropClient(reason: string | undefined): Promise<void> {
    const client = this.#client;
    const built = this.#built;
    this.#client = undefined;
    this.#built = undefined;
    if (reason !== undefined) this.#lastError = reason;
    await closeConnection(client, built);
  }

  #error(code: McpErrorCode, what: string, cause?: unknown): McpError {
    return new McpError(code, `MCP server '${this.name}' ${what}`, {
      ...(cause === undefined ? {} : { cause }),
      details: { server: this.name },
    });
  }
}
