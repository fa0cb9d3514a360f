import type { Logger } from "@hermes-agent/core";
import { HermesAgentError, HermesAgentErrorCode } from "../hermes-agent-error.js";
import { isHookName, isMiddlewareKind, type MiddlewareKind } from "./hook-names.js";
import type { MiddlewareMap } from "./middleware-types.js";

/**
 * A hook callback. It receives one payload object (camelCase keys, documented per hook) and may
 * return a value (some hooks read it: `pre_tool_call` directives, `transform_*` strings) or a
 * promise of one. `undefined` means "nothing to say".
 */
export type HookCallback = (payload: Readonly<Record<string, unknown>>) => unknown;

/**
 * The hooks and middleware of one runtime. Plugins reach it through the plugin loader's context
 * (`registerHook`, `registerMiddleware`); applications may use it directly. Each callback is
 * isolated: one that throws (or rejects) is logged and skipped, never propagated.
 */
export class HookBus {
  readonly #hooks = new Map<string, HookCallback[]>();
  readonly #middleware: { [K in MiddlewareKind]: MiddlewareMap[K][] } = {
    tool_request: [],
    tool_execution: [],
    llm_request: [],
  };
  readonly #logger: Logger;

  constructor(logger: Logger) {
    this.#logger = logger;
  }

  /**
   * Add a hook callback. A name Hermes does not know is accepted with a warning (a plugin
   * written for a newer runtime keeps loading). Returns the function that removes it.
   */
  registerHook(name: string, callback: HookCallback): () => void {
    if (typeof callback !== "function") {
      throw new HermesAgentError(
        HermesAgentErrorCode.InvalidOption,
        `Hook '${name}' must be a function, got ${typeof callback}`,
      );
    }
    if (!isHookName(name))
      this.#logger.warn(`Unknown hook '${name}' registered; it may never fire`);
    // Copy on write, so an invocation in progress keeps the list it started with.
    this.#hooks.set(name, [...(this.#hooks.get(name) ?? []), callback]);
    return () => {
      const list = this.#hooks.get(name);
      if (list === undefined) return;
      const next = list.filter((entry) => entry !== callback);
      if (next.length === 0) this.#hooks.delete(name);
      else this.#hooks.set(name, next);
    };
  }

  /**
   * Add a middleware of `kind` (`tool_request`, `tool_execution`, `llm_request`); they run in
   * registration order. Returns the function that removes it.
   */
  registerMiddleware<K extends MiddlewareKind>(kind: K, middleware: MiddlewareMap[K]): () => void {
    if (!isMiddlewareKind(kind)) {
      throw new HermesAgentError(
        HermesAgentErrorCode.UnknownHook,
        `Unknown middleware kind '${String(kind)}'; use tool_request, tool_execution or llm_request`,
      );
    }
    if (typeof middleware !== "function") {
      throw new HermesAgentError(
        HermesAgentErrorCode.InvalidOption,
        `Middleware '${kind}' must be a function, got ${typeof middleware}`,
      );
    }
    const list = this.#middleware[kind] as MiddlewareMap[K][];
    (this.#middleware as Record<K, MiddlewareMap[K][]>)[kind] = [...list, middleware];
    return () => {
      (this.#middleware as Record<K, MiddlewareMap[K][]>)[kind] = (
        this.#middleware[kind] as MiddlewareMap[K][]
      ).filter((entry) => entry !== middleware);
    };
  }

  /** True when at least one callback is registered for `name`. */
  hasHook(name: string): boolean {
    return this.#hooks.has(name);
  }

  /** The middleware of `kind`, in order (a snapshot). */
  middleware<K extends MiddlewareKind>(kind: K): readonly MiddlewareMap[K][] {
    return this.#middleware[kind] as MiddlewareMap[K][];
  }

  /**
   * Call every callback of `name` with `payload`, in registration order, and collect what they
   * return (`undefined` left out). Throws and rejections are logged and skipped.
   */
  async invokeHook(name: string, payload: Readonly<Record<string, unknown>>): Promise<unknown[]> {
    return this.invokeHookFast(name, payload);
  }

  /**
   * {@link HookBus.invokeHook} that answers synchronously when every callback does (the common
   * case), so the dispatch pipeline pays for a promise only when a hook is async.
   */
  invokeHookFast(
    name: string,
    payload: Readonly<Record<string, unknown>>,
  ): unknown[] | Promise<unknown[]> {
    const list = this.#hooks.get(name);
    if (list === undefined) return [];
    const results: unknown[] = [];
    for (let index = 0; index < list.length; index++) {
      let value: unknown;
      try {
        value = (list[index] as HookCallback)(payload);
      } catch (error) {
        this.#logger.warn(`Hook '${name}' callback failed: ${describe(error)}`);
        continue;
      }
      if (isThenable(value)) return this.#finishAsync(name, payload, list, index, value, results);
      if (value !== undefined && value !== null) results.push(value);
    }
    return results;
  }

  async #finishAsync(
    name: string,
    payload: Readonly<Record<string, unknown>>,
    list: readonly HookCallback[],
    index: number,
    pending: PromiseLike<unknown>,
    results: unknown[],
  ): Promise<unknown[]> {
    for (let at = index; at < list.length; at++) {
      try {
        let value = at === index ? pending : (list[at] as HookCallback)(payload);
        if (isThenable(value)) value = await value;
        if (value !== undefined && value !== null) results.push(value);
      } catch (error) {
        this.#logger.warn(`Hook '${name}' callback failed: ${describe(error)}`);
      }
    }
    return results;
  }

  /** Remove every hook and middleware. */
  clear(): void {
    this.#hooks.clear();
    this.#middleware.tool_request = [];
    this.#middleware.tool_execution = [];
    this.#middleware.llm_request = [];
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}

/** A short text for a thrown value, safe for logs. */
export function describe(error: unknown): string {
  try {
    return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  } catch {
    return "(unreadable error)";
  }
}
