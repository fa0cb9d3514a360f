import { killPids } from "@hermes-agent/test-utils";
import { spawn } from "node:child_process";
import { describe, expect, test } from "vitest";
import { liveProcessGroups, processStartTime } from "../src/process-table.js";

describe.skipIf(process.platform !== "linux")("liveProcessGroups", () => {
  test("finds our live groups and leaves a reused group id alone", async () => {
    const child = spawn("sleep", ["60"], { detached: true, stdio: "ignore" });
    await new Promise((resolve) => child.once("spawn", resolve));
    const pid = child.pid ?? 0;
    try {
      const start = processStartTime(pid);
      expect(start).toBeGreaterThan(0);
      expect(liveProcessGroups(new Map([[pid, start]]))).toEqual(new Set([pid]));
      expect(liveProcessGroups(new Map([[pid, undefined]]))).toEqual(new Set([pid]));
      // Same number, another process (different start time): not ours any more.
      expect(liveProcessGroups(new Map([[pid, (start ?? 0) + 1]]))).toEqual(new Set());
    } finally {
      killPids([pid]);
    }
    await new Promise((resolve) => child.once("exit", resolve));
    expect(liveProcessGroups(new Map([[pid, undefined]]))).toEqual(new Set());
  });
});
