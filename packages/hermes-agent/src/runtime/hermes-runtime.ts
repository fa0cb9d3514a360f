import type { ApprovalManager } from "@hermes-agent/approval";
import type { ConfigSource, HermesConfig } from "@hermes-agent/config";
import type { Logger } from "@hermes-agent/core";
import type { McpServerStatus } from "@hermes-agent/mcp";
import type { ToolDefinition, ToolRegistry } from "@hermes-agent/registry";
import type { TerminalRuntime } from "@hermes-agent/terminal";
import type { ToolsetCatalog } from "@hermes-agent/toolsets";
import type { AgentSession, StartSessionOptions } from "../agent-tools/agent-session.js";
import type { MemoryStore } from "../agent-tools/memory-store.js";
import type { RunAgentOptions, RunAgentResult } from "../agent/run-agent-types.js";
import type { FunctionCallContext } from "../pipeline/dispatch-pipeline.js";
import type { HookBus } from "../pipeline/hook-bus.js";
import type { SessionStore } from "../sessions/session-store.js";
import type { RuntimeEvents } from "./runtime-events.js";
import type { RuntimePlugins } from "./plugin-wiring.js";

/** Options of `runtime.getToolDefinitions`. */
export interface RuntimeToolDefinitionOptions {
  /** Toolsets to offer; default the runtime's `enabledToolsets` (else its platform preset). */
  readonly enabled?: readonly string[];
  /** Toolsets to take away; default the runtime's `disabledToolsets`. */
  readonly disabled?: readonly string[];
}

/** One composed agent runtime: its registry, pipeline, hooks, approval and terminal. */
export interface HermesRuntime {
  /** This runtime's own registry; tools an application adds take the same pipeline. */
  readonly registry: ToolRegistry;
  /** This runtime's toolset catalog: custom toolsets defined here are seen by this runtime only. */
  readonly toolsets: ToolsetCatalog;
  /** Hooks and middleware (plugins use it through the plugin loader). */
  readonly hooks: HookBus;
  /** The plugins loaded from `plugins.enabled`, and the commands and skills they added. */
  readonly plugins: RuntimePlugins;
  /** Typed events: `tool:start`, `tool:end`, `approval:request`, `process:complete`, `process:watch`, `mcp:status`. */
  readonly events: RuntimeEvents;
  /** This runtime's approval manager. */
  readonly approval: ApprovalManager;
  /** Terminal environments and background processes. */
  readonly terminal: TerminalRuntime;
  /** The config as read when the runtime was created. */
  readonly config: HermesConfig;
  /** The one config source of this runtime; every part reads config.yaml through it. */
  readonly configSource: ConfigSource;
  readonly hermesHome: string;
  readonly cwd: string;
  readonly logger: Logger;
  /**
   * The toolsets offered when none are named: `enabledToolsets` of `createRuntime`, else the
   * platform's selection from config.yaml with every enabled MCP server and plugin toolset.
   */
  defaultToolsets(): { readonly enabled: readonly string[]; readonly disabled: readonly string[] };
  /** The state of each server of `mcp_servers` (empty when MCP is off or none is configured). */
  mcpServers(): readonly McpServerStatus[];
  /**
   * Wait until every MCP server connected or failed its first attempt (at most `timeoutMs`,
   * default 60 000), so its tools are registered; the servers' states.
   */
  waitForMcpServers(options?: { readonly timeoutMs?: number }): Promise<readonly McpServerStatus[]>;
  /** The OpenAI `tools` array for a toolset selection, availability-checked. */
  getToolDefinitions(options?: RuntimeToolDefinitionOptions): readonly ToolDefinition[];
  /**
   * Run one tool call through the full pipeline. `args` is an object or the model's JSON text.
   * Never rejects: every failure is a JSON `{"error": ...}` string.
   */
  handleFunctionCall(name: string, args: unknown, ctx?: FunctionCallContext): Promise<string>;
  /** Answer pending gateway approvals of a session (`once`, `session`, `always`, `deny`); returns how many. */
  resolveApproval(sessionKey: string, choice: string): number;
  /** `MEMORY.md` and `USER.md` under `<HERMES_HOME>/memories`. */
  readonly memory: MemoryStore;
  /** Every session's transcript under `<HERMES_HOME>/sessions`, with the search index. */
  readonly sessions: SessionStore;
  /**
   * Start an agent session: its transcript file, task list, frozen memory snapshot and the
   * handlers of the agent-loop tools (`todo`, `memory`, `session_search`, `delegate_task`).
   */
  startSession(options?: StartSessionOptions): Promise<AgentSession>;
  /**
   * Run the agent loop over the configured OpenAI-compatible endpoint: model turns, tool calls
   * through this runtime's pipeline, the agent-loop tools, until the model answers. Throws a
   * {@link HermesAgentError} when no model is configured; a failing endpoint ends the run with
   * status `failed` and the reason.
   */
  runAgent(options: RunAgentOptions): Promise<RunAgentResult>;
  /** True once `close()` was called. */
  readonly closed: boolean;
  /** Kill every process, stop servers, remove temp dirs. Idempotent. */
  close(): Promise<void>;
}
