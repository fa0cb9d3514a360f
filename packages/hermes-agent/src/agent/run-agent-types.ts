import type { AgentSession } from "../agent-tools/agent-session.js";
import type { ChatMessage, TokenUsage } from "./chat-types.js";
import type { ModelEndpointOverrides } from "./model-endpoint.js";

/** Options of `runtime.runAgent`. Give `prompt`, `messages`, or both (the prompt goes last). */
export interface RunAgentOptions {
  readonly prompt?: string;
  /** Earlier conversation (without the system prompt, which the loop builds). */
  readonly messages?: readonly ChatMessage[];
  /** Model name; default `model.default` of config.yaml. */
  readonly model?: string;
  /** Endpoint overrides (`baseURL`, `apiKey`). */
  readonly endpoint?: Omit<ModelEndpointOverrides, "model">;
  /** Interrupts the run: the model request and running tools are aborted; what was done is returned. */
  readonly signal?: AbortSignal;
  /** Most model turns (default 90). */
  readonly maxIterations?: number;
  /** Most tool calls executed in one turn (default 32). */
  readonly maxToolCallsPerTurn?: number;
  /**
   * The model's context window in tokens, for tool search (default `model.context_length` of
   * config.yaml, else 128 000): MCP and plugin tools are deferred behind `tool_search` when
   * they would take more than `tool_search.threshold` of it.
   */
  readonly contextWindowTokens?: number;
  /** Toolsets offered (default the runtime's selection). */
  readonly toolsets?: readonly string[];
  /** Tools never offered in this run (a child's restrictions). */
  readonly blockedTools?: readonly string[];
  /** Continue this session (its task list and transcript); default a new one. */
  readonly session?: AgentSession;
  /** Where the run comes from, recorded with the session (`run`, `chat`, `delegate`, ...). */
  readonly source?: string;
  /** Replaces the identity paragraph of the system prompt. */
  readonly identity?: string;
  /** Receives the reply text as it streams. */
  readonly onText?: (delta: string) => void;
  /** Nesting depth (0 for a top-level agent). */
  readonly depth?: number;
  /** The delegating session of a child agent. */
  readonly parentSessionId?: string;
  /** Task id of the run's tool calls (default the session id). */
  readonly taskId?: string;
}

/** How a run ended. */
export type RunAgentStatus = "completed" | "interrupted" | "max_iterations" | "failed";

/** Tool-call statistics of a run. */
export interface ToolCallStats {
  total: number;
  errors: number;
  byTool: Record<string, number>;
}

/** What `runtime.runAgent` returns. */
export interface RunAgentResult {
  readonly status: RunAgentStatus;
  /** The model's last text (empty when it gave none). */
  readonly finalText: string;
  /** The conversation, system prompt first. */
  readonly messages: readonly ChatMessage[];
  readonly toolCalls: ToolCallStats;
  readonly usage: TokenUsage;
  /** Model turns taken. */
  readonly iterations: number;
  readonly sessionId: string;
  readonly model: string;
  /** What went wrong, for `failed`. */
  readonly error?: string;
}
