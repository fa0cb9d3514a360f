import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { ToolRegistry, type ToolCallContext, type ToolSpec } from "../src/index.js";
import { recordingLogger } from "./helpers/recording-logger.js";

function registryWith(
  handler: ToolSpec["handler"],
  options: { defaultTimeoutMs?: number; abortGraceMs?: number } = {},
): ToolRegistry {
  // A short grace: these handlers never answer after the abort.
  const registry = new ToolRegistry({ logger: recordingLogger(), abortGraceMs: 20, ...options });
  registry.register({
    name: "probe",
    toolset: "test",
    schema: { description: "d", parameters: { type: "object", properties: {} } },
    handler,
  });
  return registry;
}

function parse(output: unknown): Record<string, unknown> {
  return JSON.parse(output as string) as Record<string, unknown>;
}

describe("calls carrying the caller's signal (the agent's calls)", () => {
  it("hand the handler the caller's keys, the tool name and a signal of its own", async () => {
    let seen: ToolCallContext | undefined;
    const registry = registryWith((_args, ctx) => {
      seen = ctx;
      return "ok";
    });
    const caller = new AbortController();
    const metadata = { turn: 3 };
    expect(
      await registry.dispatch("probe", {}, { taskId: "t-1", metadata, signal: caller.signal }),
    ).toBe("ok");
    expect(seen).toMatchObject({ taskId: "t-1", metadata, toolName: "probe" });
    expect(Object.keys(seen ?? {}).sort()).toEqual(["metadata", "signal", "taskId", "toolName"]);
    expect(seen?.signal).not.toBe(caller.signal);
    expect(seen?.signal.aborted).toBe(false);
  });

  it("add one abort listener to the caller's signal however many calls it carries", async () => {
    const registry = registryWith(async () => "ok");
    const caller = new AbortController();
    for (let i = 0; i < 50; i++) {
      expect(await registry.dispatch("probe", {}, { taskId: "t", signal: caller.signal })).toBe(
        "ok",
      );
    }
    expect(getEventListeners(caller.signal, "abort")).toHaveLength(1);
  });

  it("are all cancelled by one abort, each handler's signal aborted with the caller's reason", async () => {
    const signals: AbortSignal[] = [];
    const registry = registryWith(
      (_args, ctx) =>
        new Promise(() => {
          signals.push(ctx.signal);
        }),
    );
    const caller = new AbortController();
    const pending = [1, 2, 3].map(() =>
      registry.dispatch("probe", {}, { taskId: "t", signal: caller.signal }),
    );
    const reason = new Error("user pressed stop");
    caller.abort(reason);
    for (const result of await Promise.all(pending)) {
      expect(parse(result)).toEqual({
        error: "Tool 'probe' was cancelled",
        error_type: "aborted",
        tool: "probe",
      });
    }
    expect(signals).toHaveLength(3);
    for (const signal of signals) {
      expect(signal.aborted).toBe(true);
      expect(signal.reason).toBe(reason);
    }
  });

  it("are cancelled when the caller aborts while an async handler is still starting", async () => {
    const caller = new AbortController();
    const registry = registryWith(() => {
      caller.abort();
      return new Promise(() => undefined);
    });
    const result = parse(await registry.dispatch("probe", {}, { signal: caller.signal }));
    expect(result["error_type"]).toBe("aborted");
  });

  it("time out under the registry's default timeout and abort the handler", async () => {
    let handlerSignal: AbortSignal | undefined;
    const registry = registryWith(
      (_args, ctx) => {
        handlerSignal = ctx.signal;
        return new Promise(() => undefined);
      },
      { defaultTimeoutMs: 30 },
    );
    const caller = new AbortController();
    const result = parse(await registry.dispatch("probe", {}, { signal: caller.signal }));
    expect(result).toMatchObject({
      error: "Tool 'probe' timed out after 0.03s",
      error_type: "timeout",
      tool: "probe",
    });
    expect(handlerSignal?.aborted).toBe(true);
    expect(caller.signal.aborted).toBe(false);
    // A later call with the same caller signal starts with a signal that is not aborted.
    let later: AbortSignal | undefined;
    const again = registryWith((_args, ctx) => {
      later = ctx.signal;
      return "ok";
    });
    expect(await again.dispatch("probe", {}, { signal: caller.signal })).toBe("ok");
    expect(later?.aborted).toBe(false);
  });

  it("after a deadline passed, get a fresh signal from the same registry", async () => {
    const signals: AbortSignal[] = [];
    let hang = true;
    const registry = registryWith(
      (_args, ctx) => {
        signals.push(ctx.signal);
        return hang ? new Promise(() => undefined) : "ok";
      },
      { defaultTimeoutMs: 20 },
    );
    const caller = new AbortController();
    expect(parse(await registry.dispatch("probe", {}, { signal: caller.signal }))).toMatchObject({
      error_type: "timeout",
    });
    hang = false;
    expect(await registry.dispatch("probe", {}, { signal: caller.signal })).toBe("ok");
    expect(signals[0]?.aborted).toBe(true);
    expect(signals[1]?.aborted).toBe(false);
  });

  it("with no default timeout, still follow the caller's abort", async () => {
    let handlerSignal: AbortSignal | undefined;
    const registry = registryWith(
      (_args, ctx) => {
        handlerSignal = ctx.signal;
        return new Promise(() => undefined);
      },
      { defaultTimeoutMs: Number.POSITIVE_INFINITY },
    );
    const caller = new AbortController();
    const pending = registry.dispatch("probe", {}, { signal: caller.signal });
    caller.abort();
    expect(parse(await pending)["error_type"]).toBe("aborted");
    expect(handlerSignal?.aborted).toBe(true);
  });

  it("swallow a rejection that arrives after the call was cancelled", async () => {
    let fail: ((error: Error) => void) | undefined;
    const registry = registryWith(
      () =>
        new Promise((_resolve, reject) => {
          fail = reject;
        }),
    );
    const caller = new AbortController();
    const pending = registry.dispatch("probe", {}, { signal: caller.signal });
    caller.abort();
    expect(parse(await pending)["error_type"]).toBe("aborted");
    fail?.(new Error("late failure"));
    // An unhandled rejection would fail the run; give it the turns it needs to surface.
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
});
