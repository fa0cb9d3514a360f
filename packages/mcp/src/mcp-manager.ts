import { setTimeout as delay } from "node:timers/promises";
import { loadEnvFile } from "@hermes-agent/config";
import { descendantsOf, killIfOurChild, killSurvivors } from "./child-process-guard.js";
import { resolveHermesHome, silentLogger, type Logger } from "@hermes-agent/core";
import type { ToolRegistry } from "@hermes-agent/registry";
import { formatConfigProblem, parseMcpServerConfigs } from "./config/parse-server-configs.js";
import type { McpConfigProblem, McpTransportKind } from "./config/server-spec.js";
import { FileOAuthProvider } from "./oauth/file-oauth-provider.js";
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from "./retry-policy.js";
import type { SamplingModel } from "./sampling-handler.js";
import type { McpProgressEvent, McpServerState } from "./connection-types.js";
import { McpServerConnection } from "./server-connection.js";
import { StderrLog } from "./stderr-log.js";
import { removeServerTools, syncServerTools } from "./tool-registration.js";

/** What the manager reports as it runs (the runtime forwards these to `runtime.events`). */
export type McpEvent =
  | McpProgressEvent
  | {
      readonly type: "mcp.status";
      readonly server: string;
      readonly state: McpServerState;
      readonly error?: string | undefined;
    }
  | { readonly type: "mcp.tools"; readonly server: string; readonly tools: readonly string[] };

/** One server as `status()` reports it. */
export interface McpServerStatus {
  readonly name: string;
  /** `failed` also covers an entry whose config is invalid (see `error`). */
  readonly state: McpServerState;
  readonly transport: McpTransportKind | undefined;
  /** Registered tool names (including utility tools). */
  readonly tools: readonly string[];
  readonly toolCount: number;
  readonly error?: string;
  readonly consecutiveFailures: number;
  /** When the next connect attempt is due (epoch ms). */
  readonly nextRetryAt?: number;
  /** The stdio child's pid while it runs. */
  readonly pid?: number;
}

/** Options of {@link createMcpManager}. */
export interface McpManagerOptions {
  /** Where the servers' tools are registered (the runtime's own registry). */
  readonly registry: ToolRegistry;
  /** The `mcp_servers` section as @hermes-agent/config loaded it (or from `importMcpServersJson`). */
  readonly servers: unknown;
  /** Default {@link resolveHermesHome}. */
  readonly hermesHome?: string;
  /** Host environment: the allowlist source of stdio children and of `${VAR}` (default `process.env`). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly logger?: Logger;
  /** Answers servers' sampling requests where `sampling.enabled` is true. */
  readonly samplingModel?: SamplingModel;
  readonly onEvent?: (event: McpEvent) => void;
  /** Backoff and circuit breaker settings (Hermes' defaults otherwise). */
  readonly retry?: Partial<RetryPolicy>;
  readonly now?: () => number;
}

/** Options of `discoverMcpTools`. */
export interface DiscoverOptions {
  /** Wait at most this long for the first connect round (default: until every server settled). */
  readonly waitMs?: number;
}

/** The MCP servers of one runtime. */
export interface McpManager {
  /** Start connecting every enabled server in the background (idempotent, returns at once). */
  start(): void;
  /** Start, then wait for each server's first attempt, at most `waitMs`; the tool names registered so far. */
  discoverMcpTools(options?: DiscoverOptions): Promise<string[]>;
  /** Per server: configured, connecting, connected (with tools), failed (error, next retry), disabled. */
  status(): McpServerStatus[];
  /** Problems of entries that were not valid (each names the server and the key). */
  readonly problems: readonly McpConfigProblem[];
  /** Stop every server, remove their tools, and leave no child process. */
  close(): Promise<void>;
  /** SIGKILL every stdio child at once (for process exit without `close()`). */
  killSync(): void;
}

class DefaultMcpManager implements McpManager {
  readonly problems: readonly McpConfigProblem[];
  readonly #registry: ToolRegistry;
  readonly #logger: Logger;
  readonly #onEvent: (event: McpEvent) => void;
  readonly #connections: McpServerConnection[] = [];
  readonly #registered = new Map<string, Set<string>>();
  readonly #stderrLog: StderrLog;
  #started = false;
  #closed: Promise<void> | undefined;

  constructor(options: McpManagerOptions) {
    const env = options.env ?? process.env;
    const hermesHome = options.hermesHome ?? resolveHermesHome({ env });
    this.#registry = options.registry;
    this.#logger = options.logger ?? silentLogger;
    this.#onEvent = options.onEvent ?? (() => undefined);
    this.#stderrLog = new StderrLog(hermesHome);
    const dotenv = loadEnvFile({ home: hermesHome, target: null });
    const parsed = parseMcpServerConfigs(options.servers, {
      lookupVariable: (name) => env[name] ?? dotenv[name],
    });
    this.problems = parsed.problems;
    for (const problem of parsed.problems) this.#logger.error(formatConfigProblem(problem));
    const retry = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    for (const spec of parsed.servers) {
      for (const name of spec.unresolvedVariables) {
        this.#logger.warn(
          `mcp_servers.${spec.name}: \${${name}} is not set; it was left as written`,
        );
      }
      this.#connections.push(
        new McpServerConnection(spec, {
          transport: {
            hostEnv: env,
            stderrLog: this.#stderrLog,
            authProviderFor: (server) => new FileOAuthProvider({ server: server.name, hermesHome }),
          },
          hooks: {
            onReady: (connection) => this.#sync(connection),
            onToolsChanged: (connection) => this.#sync(connection),
            onStateChange: (connection) =>
              this.#emit({
                type: "mcp.status",
                server: connection.name,
                state: connection.state,
                error: connection.lastError,
              }),
            onProgress: (event) => this.#emit(event),
          },
          retry,
          logger: this.#logger,
          samplingModel: options.samplingModel,
          now: options.now ?? Date.now,
        }),
      );
    }
  }

  start(): void {
    if (this.#started || this.#closed !== undefined) return;
    this.#started = true;
    for (const connection of this.#connections) connection.start();
  }

  async discoverMcpTools(options: DiscoverOptions = {}): Promise<string[]> {
    this.start();
    const round = Promise.all(this.#connections.map((c) => c.firstAttempt));
    if (options.waitMs === undefined) await round;
    else {
      const timeout = new AbortController();
      await Promise.race([
        round,
        delay(options.waitMs, undefined, { signal: timeout.signal }).catch(() => undefined),
      ]);
      timeout.abort();
    }
    const failed = this.#connections.filter((c) => c.state === "failed").length;
    const ready = this.#connections.filter((c) => c.state === "connected").length;
    this.#logger.info(
      `MCP: ${ready} server(s) connected, ${failed} failed, ${this.problems.length} invalid`,
    );
    return [...this.#registered.values()].flatMap((names) => [...names]).sort();
  }

  status(): McpServerStatus[] {
    const live = this.#connections.map((c): McpServerStatus => {
      const tools = [...(this.#registered.get(c.name) ?? [])].sort();
      const pid = c.pid;
      return {
        name: c.name,
        state: c.state,
        transport: c.spec.transport,
        tools,
        toolCount: tools.length,
        consecutiveFailures: c.consecutiveFailures,
        ...(c.state === "failed" && c.lastError !== undefined ? { error: c.lastError } : {}),
        ...(c.state === "failed" && c.nextRetryAt !== undefined
          ? { nextRetryAt: c.nextRetryAt }
          : {}),
        ...(pid === undefined ? {} : { pid }),
      };
    });
    const invalid = new Map<string, string[]>();
    for (const problem of this.problems) {
      invalid.set(problem.server, [
        ...(invalid.get(problem.server) ?? []),
        formatConfigProblem(problem),
      ]);
    }
    const broken = [...invalid].map(([name, errors]): McpServerStatus => ({
      name,
      state: "failed",
      transport: undefined,
      tools: [],
      toolCount: 0,
      error: errors.join("; "),
      consecutiveFailures: 0,
    }));
    return [...live, ...broken].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  killSync(): void {
    for (const connection of this.#connections) {
      const pid = connection.pid;
      if (pid === undefined) continue;
      const below = descendantsOf(pid);
      killIfOurChild(pid);
      killSurvivors(below);
    }
  }

  close(): Promise<void> {
    this.#closed ??= this.#closeAll();
    return this.#closed;
  }

  async #closeAll(): Promise<void> {
    await Promise.all(this.#connections.map((c) => c.close()));
    for (const [server, names] of this.#registered)
      removeServerTools(this.#registry, server, names);
    this.#registered.clear();
    await this.#stderrLog.close();
  }

  #sync(connection: McpServerConnection): void {
    if (this.#closed !== undefined) return;
    const previous = this.#registered.get(connection.name) ?? new Set<string>();
    const now = syncServerTools(this.#registry, connection, previous, this.#logger);
    this.#registered.set(connection.name, now);
    this.#emit({ type: "mcp.tools", server: connection.name, tools: [...now].sort() });
  }

  #emit(event: McpEvent): void {
    try {
      this.#onEvent(event);
    } catch (error) {
      this.#logger.warn(
        `MCP event listener failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}

/**
 * Create the MCP servers of one runtime from the `mcp_servers` section. Nothing connects until
 * `start()` (or `discoverMcpTools`); then every server connects in parallel in the background
 * and its tools are registered as soon as it is ready.
 */
export function createMcpManager(options: McpManagerOptions): McpManager {
  return new DefaultMcpManager(options);
}
