import type { HookBus } from "../pipeline/hook-bus.js";
import { AGENT_LOOP_TOOLS } from "../pipeline/dispatch-pipeline.js";
import type { SessionMessage } from "../sessions/session-file.js";
import type { SessionStore } from "../sessions/session-store.js";
import type { ConcurrencyLimit } from "./concurrency-limit.js";
import { runDelegateTool } from "./delegate-tool.js";
import type { ChildAgentRunner, DelegationOptions } from "./delegate-types.js";
import { formatMemoryForPrompt, type MemorySnapshot, type MemoryStore } from "./memory-store.js";
import { runMemoryTool } from "./memory-tool.js";
import { runSessionSearchTool } from "./session-search-tool.js";
import { TodoStore } from "./todo-store.js";
import { runTodoTool } from "./todo-tool.js";

/** Options of `runtime.startSession`. */
export interface StartSessionOptions {
  /** Reuse or name a session (default a new id). */
  readonly id?: string;
  /** Where it runs (`cli`, `chat`, `run`, `delegate`, ...). */
  readonly source?: string;
  readonly model?: string;
  /** The delegating session of a child agent. */
  readonly parentSessionId?: string;
  /** 0 for a top-level agent, 1 for its children, ... */
  readonly depth?: number;
  /** The task id of the session's tool calls (default the session id). */
  readonly taskId?: string;
  /** The toolsets this agent was given (children inherit them). */
  readonly toolsets?: readonly string[];
}

/** Options of {@link AgentSession.handleAgentTool}. */
export interface AgentToolCallContext {
  readonly signal?: AbortSignal;
}

/**
 * The state the agent loop keeps for one session: its task list, the memory snapshot frozen at
 * its start, its transcript file, and the handlers of the agent-loop tools.
 */
export interface AgentSession {
  readonly id: string;
  readonly taskId: string;
  readonly depth: number;
  readonly todo: TodoStore;
  /** Memory as it was when the session started (what its system prompt shows). */
  readonly memorySnapshot: MemorySnapshot;
  /** The memory block of the system prompt, from the snapshot ("" when memory is empty). */
  memoryPrompt(): string;
  /** True for `todo`, `memory`, `session_search`, `delegate_task`. */
  isAgentTool(name: string): boolean;
  /** Run an agent-loop tool for this session; never rejects. */
  handleAgentTool(name: string, args: unknown, ctx?: AgentToolCallContext): Promise<string>;
  /** Append messages to the session's file. */
  record(messages: readonly SessionMessage[]): Promise<void>;
  /** Fire `on_session_end` and wait for pending writes. Idempotent. */
  end(): Promise<void>;
}

/** What sessions share within a runtime. */
export interface AgentSessionEnvironment {
  readonly memory: MemoryStore;
  readonly sessions: SessionStore;
  readonly hooks: HookBus;
  readonly runner: () => ChildAgentRunner | undefined;
  readonly delegation: Required<DelegationOptions>;
  readonly delegationLimit: ConcurrencyLimit;
  readonly defaultToolsets: readonly string[];
}

function argsObject(args: unknown): Record<string, unknown> | string {
  if (typeof args === "string") {
    if (args.trim() === "") return {};
    try {
      args = JSON.parse(args) as unknown;
    } catch (error) {
      return `Invalid JSON arguments: ${(error as Error).message}`;
    }
  }
  return typeof args === "object" && args !== null && !Array.isArray(args)
    ? (args as Record<string, unknown>)
    : {};
}

/** Start a session: create its file, freeze the memory snapshot, fire `on_session_start`. */
export async function startAgentSession(
  env: AgentSessionEnvironment,
  options: StartSessionOptions = {},
): Promise<AgentSession> {
  const id = await env.sessions.create({
    ...(options.id === undefined ? {} : { id: options.id }),
    source: options.source ?? "cli",
    ...(options.model === undefined ? {} : { model: options.model }),
    ...(options.parentSessionId === undefined ? {} : { parent: options.parentSessionId }),
  });
  const snapshot = await env.memory.snapshot();
  const depth = options.depth ?? 0;
  const taskId = options.taskId ?? id;
  const toolsets = options.toolsets ?? env.defaultToolsets;
  const todo = new TodoStore();
  let ended: Promise<void> | undefined;
  if (env.hooks.hasHook("on_session_start"))
    await env.hooks.invokeHook("on_session_start", {
      sessionId: id,
      source: options.source ?? "cli",
    });

  const handle = async (name: string, args: Record<string, unknown>, ctx: AgentToolCallContext) => {
    switch (name) {
      case "todo":
        return runTodoTool(todo, args);
      case "memory":
        return runMemoryTool(env.memory, args);
      case "session_search":
        return runSessionSearchTool(env.sessions, args, id);
      case "delegate_task":
        return runDelegateTool(
          {
            runner: env.runner(),
            limit: env.delegationLimit,
            parentSessionId: id,
            parentTaskId: taskId,
            depth,
            maxDepth: env.delegation.maxDepth,
            childTimeoutMs: env.delegation.childTimeoutMs,
            defaultMaxIterations: env.delegation.defaultMaxIterations,
            parentToolsets: toolsets,
            signal: ctx.signal,
          },
          args,
        );
      default:
        return JSON.stringify({ error: `${name} is not an agent-loop tool` });
    }
  };

  return {
    id,
    taskId,
    depth,
    todo,
    memorySnapshot: snapshot,
    memoryPrompt: () => formatMemoryForPrompt(snapshot, env.memory),
    isAgentTool: (name) => AGENT_LOOP_TOOLS.has(name),
    async handleAgentTool(name, args, ctx = {}) {
      const parsed = argsObject(args);
      if (typeof parsed === "string") return JSON.stringify({ error: `${name}: ${parsed}` });
      try {
        return await handle(name, parsed, ctx);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return JSON.stringify({ error: `Error executing ${name}: ${message}` });
      }
    },
    record: (messages) => env.sessions.append(id, messages),
    end() {
      ended ??= (async () => {
        await env.sessions.flush();
        if (env.hooks.hasHook("on_session_end"))
          await env.hooks.invokeHook("on_session_end", { sessionId: id });
      })();
      return ended;
    },
  };
}
