import type { HermesConfig } from "@hermes-agent/config";
import type { Logger } from "@hermes-agent/core";
import type { ToolDefinition, ToolRegistry } from "@hermes-agent/registry";
import type { AgentSession, StartSessionOptions } from "../agent-tools/agent-session.js";
import { HermesAgentError, HermesAgentErrorCode } from "../hermes-agent-error.js";
import type { FunctionCallContext } from "../pipeline/dispatch-pipeline.js";
import type { HookBus } from "../pipeline/hook-bus.js";
import type { LlmRequest } from "../pipeline/middleware-types.js";
import type { RuntimeEvents } from "../runtime/runtime-events.js";
import { assistantMessage, streamCompletion, type StreamedReply } from "./chat-stream.js";
import type { ChatMessage, TokenUsage } from "./chat-types.js";
import { describeModelError, isAbort } from "./model-errors.js";
import { isModelEndpoint, resolveModelEndpoint, type ModelEndpoint } from "./model-endpoint.js";
import type {
  RunAgentOptions,
  RunAgentResult,
  RunAgentStatus,
  ToolCallStats,
} from "./run-agent-types.js";
import { assembleRunTools, toolListChangeMessage } from "./run-tools.js";
import { buildSystemPrompt } from "./system-prompt.js";
import { runToolBatch, toolMessages } from "./tool-batch.js";

/** What the loop needs from its runtime. */
export interface AgentLoopHost {
  readonly registry: ToolRegistry;
  readonly hooks: HookBus;
  readonly events: RuntimeEvents;
  readonly config: HermesConfig;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  readonly logger: Logger;
  handleFunctionCall(name: string, args: unknown, ctx?: FunctionCallContext): Promise<string>;
  getToolDefinitions(options?: { enabled?: readonly string[] }): readonly ToolDefinition[];
  /** Tools that tool search may defer (MCP and plugin tools). */
  isDeferrable(name: string): boolean;
  startSession(options?: StartSessionOptions): Promise<AgentSession>;
}

/** Default `maxIterations`, as in Hermes. */
export const DEFAULT_MAX_ITERATIONS = 90;
/** Default per-turn tool-call budget. */
export const DEFAULT_MAX_TOOL_CALLS_PER_TURN = 32;

/** The endpoint of a run, or a clear error saying what to set. */
export function endpointFor(host: AgentLoopHost, options: RunAgentOptions): ModelEndpoint {
  const resolved = resolveModelEndpoint(host.config, host.env, {
    ...options.endpoint,
    ...(options.model === undefined ? {} : { model: options.model }),
  });
  if (isModelEndpoint(resolved)) return resolved;
  throw new HermesAgentError(
    HermesAgentErrorCode.ModelNotConfigured,
    `No model endpoint is configured (missing: ${resolved.missing.join(", ")}). ${resolved.advice.join(" ")}`,
    { details: { missing: resolved.missing } },
  );
}

async function applyRequestMiddleware(
  host: AgentLoopHost,
  request: LlmRequest,
): Promise<LlmRequest> {
  let current = request;
  for (const middleware of host.hooks.middleware("llm_request")) {
    try {
      const replaced = await middleware(current);
      if (typeof replaced === "object") current = replaced;
    } catch (error) {
      host.logger.warn(`llm_request middleware failed: ${String(error)}`);
    }
  }
  return current;
}

/** `pre_llm_call` hooks may add context to the user's message: `{context}` or a string. */
async function preLlmContext(
  host: AgentLoopHost,
  payload: Record<string, unknown>,
): Promise<string> {
  if (!host.hooks.hasHook("pre_llm_call")) return "";
  const replies = await host.hooks.invokeHook("pre_llm_call", payload);
  const parts = replies
    .map((reply) =>
      typeof reply === "string"
        ? reply
        : typeof (reply as { context?: unknown }).context === "string"
          ? (reply as { context: string }).context
          : "",
    )
    .filter((part) => part.trim() !== "");
  return parts.join("\n\n");
}

/**
 * Run the agent: model turns over an OpenAI-compatible endpoint (streamed), each turn's tool
 * calls through the runtime's pipeline (agent-loop tools through the session), background
 * completions injected as they arrive, until the model answers without tool calls, the
 * iteration limit, an interrupt or a failure. Every message is recorded in the session file.
 */
export async function runAgentLoop(
  host: AgentLoopHost,
  options: RunAgentOptions,
): Promise<RunAgentResult> {
  if (
    options.prompt === undefined &&
    (options.messages === undefined || options.messages.length === 0)
  ) {
    throw new HermesAgentError(
      HermesAgentErrorCode.InvalidOption,
      "runAgent needs a prompt or messages.",
    );
  }
  const endpoint = endpointFor(host, options);
  const aborted = (): boolean => options.signal?.aborted === true;
  // Loaded on first use, so commands that never call a model do not pay for the client.
  const { default: OpenAI } = await import("openai");
  const client = new OpenAI({ baseURL: endpoint.baseURL, apiKey: endpoint.apiKey, maxRetries: 3 });
  const session =
    options.session ??
    (await host.startSession({
      source: options.source ?? "run",
      model: endpoint.model,
      depth: options.depth ?? 0,
      ...(options.parentSessionId === undefined
        ? {}
        : { parentSessionId: options.parentSessionId }),
      ...(options.toolsets === undefined ? {} : { toolsets: options.toolsets }),
      ...(options.taskId === undefined ? {} : { taskId: options.taskId }),
    }));
  const blocked = new Set(options.blockedTools ?? []);
  const selection = options.toolsets === undefined ? {} : { enabled: options.toolsets };
  const available = (): ToolDefinition[] =>
    host.getToolDefinitions(selection).filter((tool) => !blocked.has(tool.function.name));
  const runTools = await assembleRunTools({
    definitions: available(),
    isDeferrable: (name) => host.isDeferrable(name),
    config: host.config,
    contextWindowTokens: options.contextWindowTokens,
    handleFunctionCall: (name, args, ctx) => host.handleFunctionCall(name, args, ctx),
    currentDefinitions: available,
    generation: () => host.registry.generation,
    events: host.events,
    logger: host.logger,
  });
  const offered = new Set(runTools.definitions.map((tool) => tool.function.name));
  const system = await buildSystemPrompt({
    session,
    registry: host.registry,
    offered,
    cwd: host.cwd,
    identity: options.identity,
  });
  const messages: ChatMessage[] = [
    { role: "system", content: system },
    ...(options.messages ?? []),
  ];
  const fresh: ChatMessage[] = [...(options.messages ?? [])];
  if (options.prompt !== undefined) {
    const context = await preLlmContext(host, {
      sessionId: session.id,
      userMessage: options.prompt,
      model: endpoint.model,
    });
    const user: ChatMessage = {
      role: "user",
      content: context === "" ? options.prompt : `${options.prompt}\n\n${context}`,
    };
    messages.push(user);
    fresh.push(user);
  }
  await session.record(fresh);

  const pending: string[] = [];
  const stopCompletions = host.events.on("process:complete", (event) => {
    if (event.taskId === session.taskId) pending.push(event.message);
  });
  const stopWatches = host.events.on("process:watch", (event) => {
    if (event.taskId === session.taskId) pending.push(event.message);
  });
  const stats: ToolCallStats = { total: 0, errors: 0, byTool: {} };
  const usage: TokenUsage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };
  const maxIterations = options.maxIterations ?? DEFAULT_MAX_ITERATIONS;
  let iterations = 0;
  let finalText = "";
  let status: RunAgentStatus = "max_iterations";
  let error: string | undefined;
  try {
    while (iterations < maxIterations) {
      if (aborted()) {
        status = "interrupted";
        break;
      }
      // Tools that arrived or left since the last turn (an MCP server connected, its list
      // changed): the list follows, and the model is told, as with background completions.
      const change = runTools.refresh();
      if (change !== undefined) pending.push(toolListChangeMessage(change));
      if (pending.length > 0) {
        const notice: ChatMessage = { role: "user", content: pending.splice(0).join("\n\n") };
        messages.push(notice);
        await session.record([notice]);
      }
      const tools = [...runTools.definitions];
      iterations++;
      const request = await applyRequestMiddleware(host, {
        model: endpoint.model,
        messages,
        tools,
        sessionId: session.id,
      });
      const { sessionId: _ignored, ...body } = request;
      let reply: StreamedReply;
      try {
        reply = await streamCompletion({
          client,
          body: { ...body, ...(tools.length === 0 ? { tools: undefined } : {}) },
          signal: options.signal,
          onText: options.onText,
        });
      } catch (caught) {
        if (isAbort(caught) || aborted()) {
          status = "interrupted";
        } else {
          status = "failed";
          error = describeModelError(caught, endpoint, OpenAI);
        }
        break;
      }
      if (reply.usage !== undefined) {
        usage.promptTokens += reply.usage.promptTokens;
        usage.completionTokens += reply.usage.completionTokens;
        usage.totalTokens += reply.usage.totalTokens;
      }
      const assistant = assistantMessage(reply);
      messages.push(assistant);
      await session.record([assistant]);
      if (host.hooks.hasHook("post_llm_call")) {
        await host.hooks.invokeHook("post_llm_call", {
          sessionId: session.id,
          model: endpoint.model,
          content: reply.content,
          toolCalls: reply.toolCalls,
          usage: reply.usage,
        });
      }
      if (reply.content !== "") finalText = reply.content;
      if (reply.toolCalls.length === 0) {
        status = "completed";
        break;
      }
      const executed = await runToolBatch(
        {
          session,
          events: host.events,
          handleFunctionCall: runTools.call,
          blockedTools: blocked,
          signal: options.signal,
          maxCallsPerTurn: options.maxToolCallsPerTurn ?? DEFAULT_MAX_TOOL_CALLS_PER_TURN,
        },
        reply.toolCalls,
      );
      for (const entry of executed) {
        stats.total++;
        if (entry.isError) stats.errors++;
        stats.byTool[entry.call.function.name] = (stats.byTool[entry.call.function.name] ?? 0) + 1;
      }
      const answers = toolMessages(executed);
      messages.push(...answers);
      await session.record(answers);
      if (aborted()) {
        status = "interrupted";
        break;
      }
    }
  } finally {
    stopCompletions();
    stopWatches();
    runTools.close();
  }
  return {
    status,
    finalText,
    messages,
    toolCalls: stats,
    usage,
    iterations,
    sessionId: session.id,
    model: endpoint.model,
    ...(error === undefined ? {} : { error }),
  };
}
