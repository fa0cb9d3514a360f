import type { Logger } from "@hermes-agent/core";
import type { ToolOutput } from "@hermes-agent/registry";
import type { MiddlewareKind } from "./hook-names.js";
import type { AnyHookCallback, MiddlewareMap } from "./hook-types.js";
import { describe } from "./plugin-module.js";

/**
 * Wrap a hook callback so that a throw or a rejection is logged (naming `who` and the hook) and
 * counts as "no opinion" for that call. The runtime's hook bus never sees a failing callback.
 */
export function guardHook(
  who: string,
  name: string,
  callback: (payload: never) => unknown,
  logger: Logger,
): AnyHookCallback {
  const report = (error: unknown): undefined => {
    logger.warn(`${who}: hook '${name}' failed and was skipped for this call: ${describe(error)}`);
    return undefined;
  };
  return (payload) => {
    let value: unknown;
    try {
      value = (callback as AnyHookCallback)(payload);
    } catch (error) {
      return report(error);
    }
    return value instanceof Promise ? value.catch(report) : value;
  };
}

/**
 * Wrap middleware with Hermes' failure rules. Request middleware: a failure keeps the request
 * unchanged. Execution middleware: a failure before `next` runs falls through to the rest of the
 * chain (fail open); a failure after `next` keeps the tool's result; calling `next` twice runs
 * the tool once; an error thrown by the tool itself still propagates.
 */
export function guardMiddleware<K extends MiddlewareKind>(
  who: string,
  kind: K,
  middleware: MiddlewareMap[K],
  logger: Logger,
): MiddlewareMap[K] {
  const report = (error: unknown, outcome: string): void =>
    logger.warn(`${who}: ${kind} middleware failed (${outcome}): ${describe(error)}`);
  if (kind === "tool_execution") {
    const run = middleware as MiddlewareMap["tool_execution"];
    const guarded: MiddlewareMap["tool_execution"] = async (call, next) => {
      let downstream: Promise<ToolOutput> | undefined;
      const once = (args?: Record<string, unknown>): Promise<ToolOutput> => {
        downstream ??= next(args);
        return downstream;
      };
      try {
        return await run(call, once);
      } catch (error) {
        if (downstream === undefined) {
          report(error, "skipped, the call continues without it");
          return once();
        }
        const settled = await downstream.then(
          (result) => ({ ok: true as const, result }),
          () => ({ ok: false as const }),
        );
        // The tool itself failed: the middleware's (possibly translated) error is the answer.
        if (!settled.ok) throw error;
        report(error, "after the tool ran; its result is kept");
        return settled.result;
      }
    };
    return guarded as MiddlewareMap[K];
  }
  const rewrite = middleware as (request: never) => unknown;
  const guarded = async (request: never): Promise<unknown> => {
    try {
      return await rewrite(request);
    } catch (error) {
      report(error, "the request is unchanged");
      return undefined;
    }
  };
  return guarded as MiddlewareMap[K];
}
