import type { Logger } from "@hermes-agent/core";
import {
  compileCoercer,
  sanitizeToolError,
  type Coercer,
  type DispatchContext,
  type ToolEntry,
  type ToolOutput,
  type ToolRegistry,
} from "@hermes-agent/registry";
import type { CallOrigin, RuntimeEvents, ToolCallStatus } from "../runtime/runtime-events.js";
import { describe, type HookBus } from "./hook-bus.js";
import { runToolExecutionMiddleware, runToolRequestMiddleware } from "./middleware-chain.js";
import type { ToolCallInfo } from "./middleware-types.js";
import { parseToolArguments } from "./parse-arguments.js";
import { readPreToolReplies } from "./pre-tool-directive.js";
import { resultError } from "./result-status.js";
import type { ToolApprovalGate } from "./tool-approval.js";

/** Options of one `handleFunctionCall`. */
export interface FunctionCallContext {
  /** The agent task the call belongs to; tools keep per-task state (cwd, processes) under it. */
  readonly taskId?: string;
  /** The session whose approvals apply; default the task id, else `"default"`. */
  readonly sessionKey?: string;
  /** The model's id of this tool call, passed to hooks. */
  readonly toolCallId?: string;
  /** Aborting it interrupts the call; the result is an error saying so. */
  readonly signal?: AbortSignal;
  /** Where the call came from (default `model`). */
  readonly origin?: CallOrigin;
  /** Milliseconds after which the call resolves with a timeout error. */
  readonly timeoutMs?: number;
}

/** The tools the agent loop handles itself, never the registry. */
export const AGENT_LOOP_TOOLS: ReadonlySet<string> = new Set([
  "todo",
  "memory",
  "session_search",
  "delegate_task",
]);

/** What the pipeline needs from its runtime. */
export interface DispatchPipelineOptions {
  readonly registry: ToolRegistry;
  readonly hooks: HookBus;
  readonly events: RuntimeEvents;
  readonly logger: Logger;
  readonly approvalGate: ToolApprovalGate;
  /** Non-undefined once the runtime is closed: the error every call then returns. */
  readonly closedError: () => string | undefined;
}

/** The model-facing error for an exception that escaped the pipeline itself. */
function executionFailure(tool: string, error: unknown): string {
  const message = error instanceof Error ? error.message : describe(error);
  return JSON.stringify({ error: sanitizeToolError(`Error executing ${tool}: ${message}`) });
}

function outputText(output: ToolOutput): string {
  return typeof output === "string" ? output : JSON.stringify(output);
}

/**
 * Build `handleFunctionCall`: Hermes' dispatch order over one registry and one hook bus.
 * 1. arguments parsed (object or JSON text) and coerced per the tool's schema;
 * 2. agent-loop tools refused (the agent loop handles them);
 * 3. `tool_request` middleware, then `pre_tool_call` hooks (block, or approve through the gate);
 * 4. `registry.dispatch` wrapped by `tool_execution` middleware;
 * 5. `post_tool_call`, then `transform_terminal_output` (terminal) and `transform_tool_result`;
 * 6. anything thrown becomes `{"error": "Error executing <tool>: ..."}`, sanitized.
 * The returned function never rejects.
 */
export function createDispatchPipeline(
  options: DispatchPipelineOptions,
): (name: string, args: unknown, ctx?: FunctionCallContext) => Promise<string> {
  const { registry, hooks, events, logger } = options;
  const coercers = new WeakMap<ToolEntry, Coercer>();

  const coerce = (entry: ToolEntry | undefined, args: Record<string, unknown>) => {
    if (entry === undefined) return args;
    let coercer = coercers.get(entry);
    if (coercer === undefined) {
      coercer = compileCoercer(entry.schema.parameters);
      coercers.set(entry, coercer);
    }
    return coercer(args) as Record<string, unknown>;
  };

  const emitEnd = (
    info: ToolCallInfo,
    result: string,
    status: ToolCallStatus,
    durationMs: number,
  ): string => {
    if (events.has("tool:end")) {
      events.emit("tool:end", {
        tool: info.toolName,
        args: info.args,
        taskId: info.taskId,
        toolCallId: info.toolCallId,
        origin: info.origin,
        status,
        durationMs,
        result,
      });
    }
    return result;
  };

  const transformResult = async (
    info: ToolCallInfo,
    result: string,
    status: ToolCallStatus,
  ): Promise<string> => {
    let final = result;
    if (info.toolName === "terminal" && hooks.hasHook("transform_terminal_output"))
      final = await transformTerminalOutput(final, info);
    if (hooks.hasHook("transform_tool_result")) {
      const replies = await hooks.invokeHook("transform_tool_result", {
        toolName: info.toolName,
        args: info.args,
        result: final,
        taskId: info.taskId,
        sessionKey: info.sessionKey,
        toolCallId: info.toolCallId,
        status,
      });
      const replacement = replies.find((reply) => typeof reply === "string");
      if (replacement !== undefined) final = replacement as string;
    }
    return final;
  };

  const transformAndEmit = (
    info: ToolCallInfo,
    result: string,
    status: ToolCallStatus,
    durationMs: number,
  ): string | Promise<string> => {
    const transforms =
      status !== "blocked" &&
      (hooks.hasHook("transform_tool_result") ||
        (info.toolName === "terminal" && hooks.hasHook("transform_terminal_output")));
    if (!transforms) return emitEnd(info, result, status, durationMs);
    return transformResult(info, result, status).then((final) =>
      emitEnd(info, final, status, durationMs),
    );
  };

  /** Step 5: post hook, transforms, `tool:end`. Synchronous unless a hook is async. */
  const finishCall = (
    info: ToolCallInfo,
    started: number,
    result: string,
    status: ToolCallStatus,
    errorType: string | undefined,
  ): string | Promise<string> => {
    const durationMs = performance.now() - started;
    if (hooks.hasHook("post_tool_call")) {
      const posted = hooks.invokeHookFast("post_tool_call", {
        toolName: info.toolName,
        args: info.args,
        result,
        taskId: info.taskId,
        sessionKey: info.sessionKey,
        toolCallId: info.toolCallId,
        origin: info.origin,
        durationMs,
        status,
        errorType,
        errorMessage: status === "ok" ? undefined : resultError(result),
      });
      if (posted instanceof Promise) {
        return posted.then(() => transformAndEmit(info, result, status, durationMs));
      }
    }
    return transformAndEmit(info, result, status, durationMs);
  };

  const transformTerminalOutput = async (result: string, info: ToolCallInfo): Promise<string> => {
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(result) as Record<string, unknown>;
    } catch {
      return result;
    }
    if (typeof parsed.output !== "string") return result;
    const replies = await hooks.invokeHook("transform_terminal_output", {
      toolName: info.toolName,
      args: info.args,
      output: parsed.output,
      taskId: info.taskId,
    });
    const replacement = replies.find((reply) => typeof reply === "string");
    return replacement === undefined ? result : JSON.stringify({ ...parsed, output: replacement });
  };

  const runSteps = async (
    name: string,
    rawArgs: unknown,
    ctx: FunctionCallContext,
  ): Promise<string> => {
    try {
      const closed = options.closedError();
      if (closed !== undefined) return closed;
      const started = performance.now();
      const parsed = parseToolArguments(name, rawArgs);
      if (!parsed.ok) return parsed.error;
      const entry = registry.getEntry(name);
      const coerced = coerce(entry, parsed.args);
      if (AGENT_LOOP_TOOLS.has(name)) {
        return JSON.stringify({ error: `${name} must be handled by the agent loop` });
      }
      const origin = ctx.origin ?? "model";
      let info: ToolCallInfo = {
        toolName: name,
        args: coerced,
        taskId: ctx.taskId,
        sessionKey: ctx.sessionKey,
        toolCallId: ctx.toolCallId,
        origin,
      };
      const requestChain = hooks.middleware("tool_request");
      if (requestChain.length > 0) {
        info = { ...info, args: await runToolRequestMiddleware(requestChain, info, logger) };
      }
      if (events.has("tool:start")) {
        events.emit("tool:start", {
          tool: name,
          args: info.args,
          taskId: info.taskId,
          toolCallId: info.toolCallId,
          origin,
        });
      }
      if (hooks.hasHook("pre_tool_call")) {
        const replies = hooks.invokeHookFast("pre_tool_call", {
          toolName: name,
          args: info.args,
          taskId: info.taskId,
          sessionKey: info.sessionKey,
          toolCallId: info.toolCallId,
          origin,
        });
        const hookDecision = readPreToolReplies(
          replies instanceof Promise ? await replies : replies,
        );
        const directive = hookDecision.directive;
        if (hookDecision.modifiedArgs !== undefined && directive?.action !== "block") {
          info = { ...info, args: { ...hookDecision.modifiedArgs } };
        }
        if (directive?.action === "block") {
          const blocked = JSON.stringify({ error: directive.message });
          return await finishCall(info, started, blocked, "blocked", "plugin_block");
        }
        if (directive?.action === "approve") {
          const decision = await options.approvalGate({
            toolName: name,
            message: directive.message ?? `Plugin requires approval to run ${name}`,
            ruleKey: directive.ruleKey ?? `tool:${name}`,
            sessionKey: ctx.sessionKey ?? ctx.taskId ?? "default",
            signal: ctx.signal,
          });
          if (!decision.approved) {
            const blocked = JSON.stringify({
              error: decision.message ?? `BLOCKED: plugin approval required for ${name}`,
            });
            return await finishCall(info, started, blocked, "blocked", "plugin_approval_denied");
          }
        }
      }
      // One fixed shape (absent values undefined), so the registry copies it cheaply.
      const dispatchCtx = {
        origin,
        taskId: ctx.taskId,
        sessionKey: ctx.sessionKey,
        toolCallId: ctx.toolCallId,
        signal: ctx.signal,
        timeoutMs: ctx.timeoutMs,
      } as DispatchContext;
      const executionChain = hooks.middleware("tool_execution");
      const output =
        executionChain.length === 0
          ? await registry.dispatch(name, info.args, dispatchCtx)
          : await runToolExecutionMiddleware(
              executionChain,
              info,
              (args) => registry.dispatch(name, args, dispatchCtx),
              logger,
            );
      const result = outputText(output);
      const needsStatus =
        hooks.hasHook("post_tool_call") ||
        hooks.hasHook("transform_tool_result") ||
        events.has("tool:end");
      const status: ToolCallStatus =
        needsStatus && resultError(result) !== undefined ? "error" : "ok";
      if (!needsStatus && !hooks.hasHook("transform_terminal_output")) return result;
      const finished = finishCall(
        info,
        started,
        result,
        status,
        status === "error" ? "tool_error" : undefined,
      );
      return finished instanceof Promise ? await finished : finished;
    } catch (error) {
      return executionFailure(name, error);
    }
  };

  return (name, args, ctx = {}) => runSteps(name, args, ctx);
}
