import type { AgentSession } from "../agent-tools/agent-session.js";
import type { FunctionCallContext } from "../pipeline/dispatch-pipeline.js";
import type { RuntimeEvents } from "../runtime/runtime-events.js";
import type { ChatMessage, ChatToolCall } from "./chat-types.js";

/** Tools that only read: a turn whose calls are all among them runs them in parallel. */
export const READ_ONLY_TOOLS: ReadonlySet<string> = new Set([
  "read_file",
  "search_files",
  "web_search",
  "web_extract",
  "skills_list",
  "skills_categories",
  "skill_view",
]);

/** What running a turn's tool calls needs. */
export interface ToolBatchContext {
  readonly session: AgentSession;
  readonly events: RuntimeEvents;
  readonly handleFunctionCall: (
    name: string,
    args: unknown,
    ctx?: FunctionCallContext,
  ) => Promise<string>;
  /** Tools the model may not call in this run (a child's restrictions). */
  readonly blockedTools: ReadonlySet<string>;
  readonly signal: AbortSignal | undefined;
  /** Most calls executed in one turn; the rest get an error result. */
  readonly maxCallsPerTurn: number;
}

/** One executed call. */
export interface ExecutedCall {
  readonly call: ChatToolCall;
  readonly result: string;
  readonly isError: boolean;
}

function isErrorResult(result: string): boolean {
  if (!result.startsWith("{") || !result.includes('"error"')) return false;
  try {
    const value = JSON.parse(result) as Record<string, unknown>;
    return value.error !== undefined && value.error !== null && value.error !== "";
  } catch {
    return false;
  }
}

async function runAgentTool(ctx: ToolBatchContext, call: ChatToolCall): Promise<string> {
  const name = call.function.name;
  const started = performance.now();
  const base = {
    tool: name,
    args: {},
    taskId: ctx.session.taskId,
    toolCallId: call.id,
    origin: "model" as const,
  };
  if (ctx.events.has("tool:start")) ctx.events.emit("tool:start", base);
  const result = await ctx.session.handleAgentTool(name, call.function.arguments, {
    ...(ctx.signal === undefined ? {} : { signal: ctx.signal }),
  });
  if (ctx.events.has("tool:end")) {
    ctx.events.emit("tool:end", {
      ...base,
      status: isErrorResult(result) ? "error" : "ok",
      durationMs: performance.now() - started,
      result,
    });
  }
  return result;
}

async function runOne(ctx: ToolBatchContext, call: ChatToolCall): Promise<ExecutedCall> {
  const name = call.function.name;
  let result: string;
  if (ctx.blockedTools.has(name)) {
    result = JSON.stringify({ error: `${name} is not available to this agent.` });
  } else if (ctx.session.isAgentTool(name)) {
    result = await runAgentTool(ctx, call);
  } else {
    result = await ctx.handleFunctionCall(name, call.function.arguments, {
      taskId: ctx.session.taskId,
      sessionKey: ctx.session.id,
      toolCallId: call.id,
      origin: "model",
      ...(ctx.signal === undefined ? {} : { signal: ctx.signal }),
    });
  }
  return { call, result, isError: isErrorResult(result) };
}

/**
 * Run one turn's tool calls: all at once when every one is read-only, else one after another in
 * the model's order. Calls beyond the per-turn budget, and calls not started before an
 * interrupt, get an error result, so every call id is answered.
 */
export async function runToolBatch(
  ctx: ToolBatchContext,
  calls: readonly ChatToolCall[],
): Promise<ExecutedCall[]> {
  const allowed = calls.slice(0, ctx.maxCallsPerTurn);
  const skipped = calls.slice(ctx.maxCallsPerTurn).map((call) => ({
    call,
    result: JSON.stringify({
      error: `Skipped: at most ${ctx.maxCallsPerTurn} tool calls run per turn. Call it again in the next turn if it is still needed.`,
    }),
    isError: true,
  }));
  let executed: ExecutedCall[];
  if (allowed.every((call) => READ_ONLY_TOOLS.has(call.function.name))) {
    executed = await Promise.all(allowed.map((call) => runOne(ctx, call)));
  } else {
    executed = [];
    for (const call of allowed) {
      if (ctx.signal?.aborted === true) {
        executed.push({
          call,
          result: JSON.stringify({ error: "Not run: the user interrupted the turn." }),
          isError: true,
        });
        continue;
      }
      executed.push(await runOne(ctx, call));
    }
  }
  return [...executed, ...skipped];
}

/** The tool messages answering a turn's calls, in call order. */
export function toolMessages(executed: readonly ExecutedCall[]): ChatMessage[] {
  return executed.map(({ call, result }) => ({
    role: "tool",
    content: result,
    tool_call_id: call.id,
  }));
}
