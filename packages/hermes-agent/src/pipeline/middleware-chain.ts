import type { Logger } from "@hermes-agent/core";
import type { ToolOutput } from "@hermes-agent/registry";
import { describe } from "./hook-bus.js";
import type {
  ToolCallInfo,
  ToolExecutionMiddleware,
  ToolRequestMiddleware,
} from "./middleware-types.js";

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A copy a middleware may change freely; a value that cannot be cloned is copied shallowly. */
function privateCopy(args: Record<string, unknown>): Record<string, unknown> {
  try {
    return structuredClone(args);
  } catch {
    return { ...args };
  }
}

/**
 * Run the `tool_request` middleware in order; each sees a private copy of the arguments and may
 * return (or leave in place) new ones. A middleware that throws is logged and skipped.
 */
export async function runToolRequestMiddleware(
  chain: readonly ToolRequestMiddleware[],
  info: ToolCallInfo,
  logger: Logger,
): Promise<Record<string, unknown>> {
  let args = info.args;
  for (const middleware of chain) {
    const request: ToolCallInfo = { ...info, args: privateCopy(args) };
    try {
      const returned = await middleware(request);
      args = isPlainObject(returned) ? returned : request.args;
    } catch (error) {
      logger.warn(`tool_request middleware failed for '${info.toolName}': ${describe(error)}`);
    }
  }
  return args;
}

/**
 * Run `execute` wrapped by the `tool_execution` middleware (the first registered is outermost).
 * `next` runs the rest of the chain at most once per middleware.
 */
export function runToolExecutionMiddleware(
  chain: readonly ToolExecutionMiddleware[],
  info: ToolCallInfo,
  execute: (args: Record<string, unknown>) => Promise<ToolOutput>,
  logger: Logger,
): Promise<ToolOutput> {
  const step = (index: number, args: Record<string, unknown>): Promise<ToolOutput> => {
    const middleware = chain[index];
    if (middleware === undefined) return execute(args);
    let started: Promise<ToolOutput> | undefined;
    const next = (nextArgs?: Record<string, unknown>): Promise<ToolOutput> =>
      (started ??= step(index + 1, isPlainObject(nextArgs) ? nextArgs : args));
    return (async () => {
      try {
        return await middleware({ ...info, args }, next);
      } catch (error) {
        logger.warn(`tool_execution middleware failed for '${info.toolName}': ${describe(error)}`);
        // Before `next`: skip this middleware. After: keep the tool's result, never re-run it.
        return next();
      }
    })();
  };
  return step(0, info.args);
}
