import { describe, expect, it } from "vitest";
import { CHECK_GRACE_MS, CHECK_TTL_MS, ToolRegistry } from "../src/index.js";
import { recordingLogger } from "./helpers/recording-logger.js";

function setup(initial: boolean) {
  let now = 1_000_000;
  let answer = initial;
  let runs = 0;
  const registry = new ToolRegistry({ logger: recordingLogger(), now: () => now });
  registry.register({
    name: "flaky",
    toolset: "net",
    schema: { description: "d", parameters: { type: "object" } },
    handler: () => "ok",
    checkFn: () => {
      runs++;
      return answer;
    },
  });
  const visible = () => registry.getDefinitions(["flaky"]).length === 1;
  return {
    registry,
    visible,
    advance: (ms: number) => (now += ms),
    set: (value: boolean) => (answer = value),
    runs: () => runs,
  };
}

describe("check cache", () => {
  it("reuses a result for the TTL, then runs the check again", () => {
    const t = setup(true);
    expect(t.visible()).toBe(true);
    t.advance(CHECK_TTL_MS - 1);
    expect(t.visible()).toBe(true);
    expect(t.runs()).toBe(1);
    t.advance(1);
    t.visible();
    expect(t.runs()).toBe(2);
  });

  it("serves a failure within the grace period after a success as available, without caching it", () => {
    const t = setup(true);
    t.visible();
    t.set(false);
    t.advance(CHECK_TTL_MS);
    expect(t.visible()).toBe(true);
    expect(t.visible()).toBe(true);
    expect(t.runs()).toBe(3);
    t.advance(CHECK_GRACE_MS - CHECK_TTL_MS);
    expect(t.visible()).toBe(false);
    const runs = t.runs();
    t.advance(CHECK_TTL_MS - 1);
    expect(t.visible()).toBe(false);
    expect(t.runs()).toBe(runs);
  });

  it("caches a failure with no earlier success for the TTL", () => {
    const t = setup(false);
    expect(t.visible()).toBe(false);
    t.set(true);
    t.advance(CHECK_TTL_MS - 1);
    expect(t.visible()).toBe(false);
    t.advance(1);
    expect(t.visible()).toBe(true);
  });

  it("runs checks again after invalidateCheckCache", () => {
    const t = setup(false);
    expect(t.visible()).toBe(false);
    t.set(true);
    t.registry.invalidateCheckCache();
    expect(t.visible()).toBe(true);
    expect(t.runs()).toBe(2);
  });
});
