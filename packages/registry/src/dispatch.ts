import { ArgumentProblem } from "./argument-validation.js";
import { callContext } from "./call-context.js";
import { DEADLINE_PASSED, type DeadlineQueue } from "./deadline-queue.js";
import type { JsonSchemaCompiler } from "./json-schema.js";
import type { Logger } from "@hermes-agent/core";
import type { PreparedTool } from "./prepared-tool.js";
import { spillOversizedResult } from "./result-spill.js";
import { sanitizeToolError } from "./sanitize.js";
import { CALLER_ABORTED, LINK_DEADLINE_PASSED, type SignalLinks } from "./signal-link.js";
import { dispatchError, enforceResultContract } from "./tool-result.js";
import type { DispatchContext, ToolOutput } from "./types.js";

/** What dispatch needs from its registry. */
export interface DispatchEnvironment {
  readonly logger: Logger;
  /** Compiles (and shares while alive) the JSON Schema validators of this registry's tools. */
  readonly compiler: JsonSchemaCompiler;
  /** Cap for tools that set none. */
  readonly defaultMaxResultChars: number;
  /** Timeout of a call whose caller sets none, in milliseconds (Infinity: none). */
  readonly defaultTimeoutMs: number;
  /** How long an aborted call may take to settle with the tool's own answer, in milliseconds. */
  readonly abortGraceMs: number;
  /** Deadlines of calls that run under the default timeout; undefined when there is none. */
  readonly deadlines: DeadlineQueue | undefined;
  /** Handler signals shared by calls carrying the same caller signal. */
  readonly links: SignalLinks;
  /** Hermes home, resolved when a result must be spilled. */
  hermesHome(): string;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}

/** Longest delay `setTimeout` honours; a longer one fires at once (Node clamps it to 1 ms). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The text of what `read` returns, or undefined when reading or stringifying it throws. */
function textOf(read: () => unknown): string | undefined {
  try {
    return String(read());
  } catch {
    return undefined;
  }
}

/**
 * The model-facing error for a handler that threw. Whatever was thrown (an object with no
 * prototype, an error whose `message` getter throws), this returns, so dispatch never rejects.
 */
export function executionError(error: unknown): string {
  let kind = "Error";
  let message = "(unreadable error)";
  try {
    if (error instanceof Error) {
      kind = errorKind(error);
      message = textOf(() => error.message) ?? "(unreadable message)";
    } else {
      kind = error === null ? "null" : typeof error;
      message = textOf(() => error) ?? "(value cannot be shown as text)";
    }
  } catch {
    // `instanceof` itself can throw (a proxy); the defaults above still describe a failure.
  }
  return dispatchError(sanitizeToolError(`Tool execution failed: ${kind}: ${message}`));
}

/**
 * The kind of a thrown error as Hermes reports it (Python's exception class name): the class of
 * a subclass that kept the inherited `name` "Error" (`class QuotaError extends Error {}`), else
 * the error's `name` (so `DOMException` reports "AbortError").
 */
function errorKind(error: Error): string {
  const name = textOf(() => error.name);
  const className = textOf(() => (error.constructor as { name?: unknown } | undefined)?.name);
  if (name !== undefined && name !== "" && name !== "Error") return name;
  if (className !== undefined && className !== "" && className !== "undefined") return className;
  return name || "Error";
}

function timedOut(name: string, timeoutMs: number): string {
  const seconds = Number((timeoutMs / 1000).toFixed(3));
  return dispatchError(`Tool '${name}' timed out after ${seconds}s`, {
    error_type: "timeout",
    tool: name,
  });
}

function invalidArguments(tool: string, problem: ArgumentProblem): string {
  return dispatchError(
    `Invalid arguments for tool '${tool}': '${problem.field}' ${problem.reason}`,
    {
      error_type: "invalid_arguments",
      tool,
      field: problem.field,
    },
  );
}

async function finish(
  tool: PreparedTool,
  value: unknown,
  env: DispatchEnvironment,
): Promise<ToolOutput> {
  const output = enforceResultContract(tool.name, value);
  if (typeof output !== "string") return output;
  const maxChars = tool.options.maxResultSizeChars ?? env.defaultMaxResultChars;
  if (output.length <= maxChars) return output;
  return spillOversizedResult(output, {
    toolName: tool.name,
    maxChars,
    hermesHome: env.hermesHome(),
  });
}

class CallInterrupted {
  readonly result: string;
  /** The caller aborted (rather than the call's time running out). */
  readonly byCaller: boolean;
  constructor(result: string, byCaller: boolean) {
    this.result = result;
    this.byCaller = byCaller;
  }
}

async function runCancellable(
  tool: PreparedTool,
  args: Record<string, unknown>,
  ctx: DispatchContext,
  env: DispatchEnvironment,
): Promise<ToolOutput> {
  const name = tool.name;
  const aborted = (): CallInterrupted => new CallInterrupted(cancelled(name), true);
  if (ctx.signal?.aborted === true) return aborted().result;
  const controller = new AbortController();
  let interrupt: ((reason: CallInterrupted) => void) | undefined;
  const interrupted = new Promise<CallInterrupted>((resolve) => (interrupt = resolve));
  const onAbort = (): void => {
    controller.abort(ctx.signal?.reason);
    interrupt?.(aborted());
  };
  ctx.signal?.addEventListener("abort", onAbort, { once: true });
  const timeoutMs = ctx.timeoutMs;
  const timer =
    timeoutMs === undefined || !Number.isFinite(timeoutMs) || timeoutMs > MAX_TIMER_MS
      ? undefined
      : setTimeout(
          () => {
            const seconds = Number((timeoutMs / 1000).toFixed(3));
            controller.abort(new Error(`timed out after ${seconds}s`));
            interrupt?.(new CallInterrupted(timedOut(name, timeoutMs), false));
          },
          Math.max(0, timeoutMs),
        );
  try {
    const callCtx = callContext(ctx, name, controller.signal);
    const running = (async () => tool.handler(args, callCtx))();
    const raced = Promise.race([running, interrupted]);
    const settled =
      timeoutMs === undefined && env.deadlines !== undefined
        ? await env.deadlines.current().race(raced)
        : await raced;
    if (settled === DEADLINE_PASSED) {
      controller.abort(new Error("timed out"));
      running.catch(() => undefined);
      return timedOut(name, env.defaultTimeoutMs);
    }
    if (settled instanceof CallInterrupted) {
      if (settled.byCaller) return await settleAfterAbort(tool, running, env);
      running.catch(() => undefined);
      return settled.result;
    }
    return await finish(tool, settled, env);
  } catch (error) {
    return executionError(error);
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    ctx.signal?.removeEventListener("abort", onAbort);
  }
}

/**
 * Run one call of a tool and resolve to its output; never rejects. Arguments are read (a JSON
 * string is parsed), coerced and validated, the handler runs (sync or async, honouring
 * `ctx.signal` and `ctx.timeoutMs`, else the registry's default timeout), the result contract is
 * enforced, and an oversized result is spilled to a file.
 */
export async function dispatchTool(
  tool: PreparedTool,
  rawArgs: unknown,
  ctx: DispatchContext | undefined,
  env: DispatchEnvironment,
): Promise<ToolOutput> {
  try {
    const args = tool.prepareArguments(rawArgs, env);
    if (args instanceof ArgumentProblem) return invalidArguments(tool.name, args);
    if (tool.options.timeoutMs !== undefined && ctx?.timeoutMs === undefined) {
      const timeoutMs = ownTimeoutMs(tool.options.timeoutMs, args, env.defaultTimeoutMs);
      return await runCancellable(tool, args, { ...ctx, timeoutMs }, env);
    }
    if (ctx === undefined) return await runPlain(tool, args, undefined, env);
    if (ctx.timeoutMs !== undefined) return await runCancellable(tool, args, ctx, env);
    const caller = ctx.signal;
    if (caller === undefined) return await runPlain(tool, args, ctx, env);
    if (caller.aborted) return cancelled(tool.name);
    return await runLinked(tool, args, ctx, caller, env);
  } catch (error) {
    return executionError(error);
  }
}

/**
 * A tool's own time limit for this call; the registry's default when its function throws or
 * gives something that is not a positive number.
 */
function ownTimeoutMs(
  own: number | ((args: Record<string, unknown>) => number),
  args: Record<string, unknown>,
  fallback: number,
): number {
  let value: unknown;
  try {
    value = typeof own === "function" ? own(args) : own;
  } catch {
    return fallback;
  }
  return typeof value === "number" && value > 0 ? value : fallback;
}

function cancelled(name: string): string {
  return dispatchError(`Tool '${name}' was cancelled`, { error_type: "aborted", tool: name });
}

/** A call with no caller signal and no timeout of its own: the default deadline alone. */
async function runPlain(
  tool: PreparedTool,
  args: Record<string, unknown>,
  ctx: DispatchContext | undefined,
  env: DispatchEnvironment,
): Promise<ToolOutput> {
  const deadlines = env.deadlines;
  if (deadlines === undefined) {
    let value = tool.handler(
      args,
      ctx === undefined ? tool.idleContext : tool.contextWithoutSignal(ctx),
    );
    if (isThenable(value)) value = await value;
    return await finishFast(tool, value, env);
  }
  const bucket = deadlines.current();
  let value = tool.handler(args, tool.contextIn(bucket, ctx));
  if (isThenable(value)) {
    value = await bucket.race(value);
    if (value === DEADLINE_PASSED) return timedOut(tool.name, env.defaultTimeoutMs);
  }
  return await finishFast(tool, value, env);
}

/**
 * A call carrying the caller's signal (as the agent's calls do) under the default deadline. The
 * handler's signal is shared with the other calls of that caller signal in the same deadline
 * window (see {@link SignalLink}), so a call costs no controller, listener or timer of its own.
 */
async function runLinked(
  tool: PreparedTool,
  args: Record<string, unknown>,
  ctx: DispatchContext,
  caller: AbortSignal,
  env: DispatchEnvironment,
): Promise<ToolOutput> {
  const link = env.links.linkFor(caller, env.deadlines?.current());
  const value: unknown = tool.handler(args, callContext(ctx, tool.name, link.signal));
  if (!isThenable(value)) return await finishFast(tool, value, env);
  const settled = await link.race(value);
  if (settled === CALLER_ABORTED) return await settleAfterAbort(tool, value, env);
  if (settled === LINK_DEADLINE_PASSED) return timedOut(tool.name, env.defaultTimeoutMs);
  return await finishFast(tool, settled, env);
}

const GRACE_PASSED: unique symbol = Symbol("abort grace passed");

/**
 * The caller aborted a running call: its handler's signal is aborted, and a tool that honours
 * it answers with what it did so far (output, an interrupted marker). That answer is returned
 * if it comes within the grace period; a rejection, or nothing by then, is "was cancelled".
 */
async function settleAfterAbort(
  tool: PreparedTool,
  work: PromiseLike<unknown>,
  env: DispatchEnvironment,
): Promise<ToolOutput> {
  if (env.abortGraceMs <= 0) return cancelled(tool.name);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const grace = new Promise<typeof GRACE_PASSED>((resolve) => {
    timer = setTimeout(resolve, env.abortGraceMs, GRACE_PASSED);
  });
  try {
    const outcome = await Promise.race([
      Promise.resolve(work).then(
        (value) => value,
        () => GRACE_PASSED,
      ),
      grace,
    ]);
    if (outcome === GRACE_PASSED) return cancelled(tool.name);
    return await finishFast(tool, outcome, env);
  } finally {
    clearTimeout(timer);
  }
}

/** Return a short string result as is; anything else goes through the result contract. */
function finishFast(
  tool: PreparedTool,
  value: unknown,
  env: DispatchEnvironment,
): ToolOutput | Promise<ToolOutput> {
  if (
    typeof value === "string" &&
    value.length <= (tool.options.maxResultSizeChars ?? env.defaultMaxResultChars)
  ) {
    return value;
  }
  return finish(tool, value, env);
}
