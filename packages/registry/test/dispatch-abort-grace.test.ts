import { describe, expect, it } from "vitest";
import { ToolRegistry, type ToolSpec } from "../src/index.js";
import { recordingLogger } from "./helpers/recording-logger.js";

function registryWith(
  handler: ToolSpec["handler"],
  abortGraceMs?: number,
  extra: Partial<ToolSpec> = {},
): ToolRegistry {
  const registry = new ToolRegistry({
    logger: recordingLogger(),
    ...(abortGraceMs === undefined ? {} : { abortGraceMs }),
  });
  registry.register({
    name: "shell",
    toolset: "test",
    schema: { description: "d", parameters: { type: "object", properties: {} } },
    handler,
    ...extra,
  });
  return registry;
}

/** A handler like the terminal's: on abort it stops and answers with what it printed so far. */
const interruptible: ToolSpec["handler"] = (_args, ctx) =>
  new Promise((resolve) => {
    ctx.signal.addEventListener(
      "abort",
      () => {
        // The process group takes a moment to exit before the answer is ready.
        setTimeout(() => {
          resolve(JSON.stringify({ output: "before\n[Command interrupted]", exit_code: 130 }));
        }, 30);
      },
      { once: true },
    );
  });

const parse = (text: unknown) => JSON.parse(String(text)) as Record<string, unknown>;

describe("a call whose caller aborts", () => {
  it("answers with the tool's own interrupted result when it comes within the grace", async () => {
    const registry = registryWith(interruptible);
    const caller = new AbortController();
    const pending = registry.dispatch("shell", {}, { signal: caller.signal });
    caller.abort(new Error("user pressed Ctrl-C"));
    expect(parse(await pending)).toEqual({
      output: "before\n[Command interrupted]",
      exit_code: 130,
    });
  });

  it("answers with the tool's own result also for a tool with a time limit of its own", async () => {
    const registry = registryWith(interruptible, undefined, { timeoutMs: 60_000 });
    const caller = new AbortController();
    const pending = registry.dispatch("shell", {}, { signal: caller.signal });
    caller.abort();
    expect(parse(await pending)).toMatchObject({ exit_code: 130 });
  });

  it("is cancelled when the tool does not answer within the grace", async () => {
    const registry = registryWith(() => new Promise(() => undefined), 30);
    const caller = new AbortController();
    const pending = registry.dispatch("shell", {}, { signal: caller.signal });
    caller.abort();
    expect(parse(await pending)).toEqual({
      error: "Tool 'shell' was cancelled",
      error_type: "aborted",
      tool: "shell",
    });
  });

  it("is cancelled as soon as the tool rejects on the abort", async () => {
    const registry = registryWith(
      (_args, ctx) =>
        new Promise((_resolve, reject) => {
          ctx.signal.addEventListener("abort", () => reject(new Error("aborted")), {
            once: true,
          });
        }),
      // A grace no test would wait for: the rejection must end the wait.
      600_000,
    );
    const caller = new AbortController();
    const pending = registry.dispatch("shell", {}, { signal: caller.signal });
    caller.abort();
    expect(parse(await pending)["error_type"]).toBe("aborted");
  });

  it("with abortGraceMs 0 is cancelled at once, whatever the tool would answer", async () => {
    const registry = registryWith(interruptible, 0);
    const caller = new AbortController();
    const pending = registry.dispatch("shell", {}, { signal: caller.signal });
    caller.abort();
    expect(parse(await pending)["error_type"]).toBe("aborted");
  });

  it("rejects an abortGraceMs that is not a number of milliseconds", () => {
    expect(() => new ToolRegistry({ abortGraceMs: -1 })).toThrow(/abortGraceMs/);
    expect(() => new ToolRegistry({ abortGraceMs: Number.NaN })).toThrow(/abortGraceMs/);
  });
});
