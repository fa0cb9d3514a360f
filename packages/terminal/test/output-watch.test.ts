import { describe, expect, test } from "vitest";
import { OutputWatch } from "../src/output-watch.js";

describe("OutputWatch", () => {
  test("reports lines containing a pattern, across chunk boundaries", () => {
    const watch = new OutputWatch(["listening on", "ERROR"]);
    expect(watch.feed("starting\nlisten", 0)).toEqual({ kind: "none" });
    expect(watch.feed("ing on :8080\nok\n", 10)).toEqual({
      kind: "match",
      pattern: "listening on",
      lines: "listening on :8080",
      suppressed: 0,
    });
  });

  test("one notice per window; dropped matches are counted and reported with the next notice", () => {
    const watch = new OutputWatch(["tick"], { minIntervalMs: 1000 });
    expect(watch.feed("tick 1\n", 0)).toMatchObject({ kind: "match", lines: "tick 1" });
    expect(watch.feed("tick 2\ntick 3\n", 500)).toEqual({ kind: "none" });
    expect(watch.feed("tick 4\n", 1500)).toEqual({
      kind: "match",
      pattern: "tick",
      lines: "tick 4",
      suppressed: 2,
    });
  });

  test("three windows in a row with dropped matches turn the watch off", () => {
    const watch = new OutputWatch(["x"], { minIntervalMs: 1000, strikeLimit: 3 });
    expect(watch.feed("x\n", 0).kind).toBe("match");
    expect(watch.feed("x\n", 100).kind).toBe("none"); // strike 1
    expect(watch.feed("x\n", 1000).kind).toBe("match");
    expect(watch.feed("x\n", 1100).kind).toBe("none"); // strike 2
    expect(watch.feed("x\n", 2000).kind).toBe("match");
    expect(watch.feed("x\n", 2100)).toEqual({ kind: "disabled", suppressed: 1 }); // strike 3
    expect(watch.active).toBe(false);
    expect(watch.feed("x\n", 9000)).toEqual({ kind: "none" });
  });

  test("a quiet window clears the strikes", () => {
    const watch = new OutputWatch(["x"], { minIntervalMs: 1000, strikeLimit: 2 });
    expect(watch.feed("x\n", 0).kind).toBe("match");
    expect(watch.feed("x\n", 100).kind).toBe("none"); // strike 1
    expect(watch.feed("x\n", 1000).kind).toBe("match"); // window without drops follows
    expect(watch.feed("x\n", 2500).kind).toBe("match"); // that window was clean: strikes reset
    expect(watch.feed("x\n", 2600).kind).toBe("none"); // strike 1 again, not 2
    expect(watch.active).toBe(true);
  });

  test("at most 20 lines and 2 000 characters per notice; empty patterns are ignored", () => {
    const watch = new OutputWatch(["", "hit"]);
    const many = Array.from({ length: 30 }, (_, i) => `hit ${String(i)} ${"y".repeat(150)}`);
    const outcome = watch.feed(`${many.join("\n")}\n`, 0);
    expect(outcome.kind).toBe("match");
    if (outcome.kind !== "match") return;
    expect(outcome.lines.endsWith("\n...(truncated)")).toBe(true);
    expect(outcome.lines.split("\n").length).toBeLessThanOrEqual(21);
    expect(new OutputWatch([""]).active).toBe(false);
  });
});
