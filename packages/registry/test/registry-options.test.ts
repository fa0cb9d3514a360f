import { homedir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resolveHermesHome } from "@hermes-agent/core";
import { ToolRegistry } from "../src/index.js";
import { recordingLogger } from "./helpers/recording-logger.js";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe("Hermes home", () => {
  it("prefers the option, then HERMES_HOME, then ~/.hermes", () => {
    vi.stubEnv("HERMES_HOME", "/srv/hermes-env");
    expect(new ToolRegistry({ hermesHome: "/srv/explicit" }).hermesHome).toBe(
      path.resolve("/srv/explicit"),
    );
    expect(new ToolRegistry().hermesHome).toBe(path.resolve("/srv/hermes-env"));
    vi.stubEnv("HERMES_HOME", "");
    expect(resolveHermesHome()).toBe(path.join(homedir(), ".hermes"));
  });
});

describe("logging", () => {
  it("writes warnings and errors to stderr and drops lower levels by default", () => {
    const writes: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      writes.push(String(chunk));
      return true;
    });
    const logger = new ToolRegistry().logger;
    logger.debug("quiet detail");
    logger.info("quiet info");
    logger.warn("careful");
    logger.error("broken");
    expect(writes).toEqual([
      "[hermes-registry] WARN careful\n",
      "[hermes-registry] ERROR broken\n",
    ]);
  });

  it("reports tools left out by their check unless quiet", () => {
    const logger = recordingLogger();
    const registry = new ToolRegistry({ logger });
    registry.register({
      name: "gated",
      toolset: "t",
      schema: { parameters: { type: "object" } },
      handler: () => "ok",
      checkFn: () => false,
    });
    registry.getDefinitions(["gated"], { quiet: true });
    expect(logger.messages("debug")).toEqual([]);
    registry.invalidateCheckCache();
    registry.getDefinitions(["gated"]);
    expect(logger.messages("debug").join("\n")).toContain("'gated' left out");
  });
});

describe("edge cases", () => {
  it("treats a check that returns a promise as unavailable", () => {
    const registry = new ToolRegistry({ logger: recordingLogger() });
    const asyncCheck = (async () => true) as unknown as () => boolean;
    registry.register({
      name: "a",
      toolset: "t",
      schema: { parameters: { type: "object" } },
      handler: () => "ok",
      checkFn: asyncCheck,
    });
    expect(registry.getDefinitions(["a"])).toEqual([]);
  });

  it("still runs a tool whose schema cannot be compiled, with a warning", async () => {
    const logger = recordingLogger();
    const registry = new ToolRegistry({ logger });
    registry.register({
      name: "refs",
      toolset: "t",
      schema: {
        parameters: { type: "object", properties: { a: { $ref: "other.json#/definitions/a" } } },
      },
      handler: () => "ran",
    });
    expect(await registry.dispatch("refs", { a: 1 })).toBe("ran");
    expect(logger.messages("warn").join("\n")).toContain("cannot be compiled");
  });

  it("hands extra context keys to the handler", async () => {
    const registry = new ToolRegistry({ logger: recordingLogger() });
    registry.register({
      name: "ctx",
      toolset: "t",
      schema: { parameters: { type: "object" } },
      handler: (_args, ctx) => JSON.stringify({ user: ctx.userTask, aborted: ctx.signal.aborted }),
    });
    expect(await registry.dispatch("ctx", {}, { userTask: "write docs" })).toBe(
      '{"user":"write docs","aborted":false}',
    );
  });
});

// The extension point of the dispatch context: typed fields added by declaration merging.
declare module "../src/types.js" {
  interface DispatchContext {
    readonly userTask?: string;
  }
}
