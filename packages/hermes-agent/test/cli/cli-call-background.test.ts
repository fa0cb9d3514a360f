import { createTempDir, isProcessAlive, type TempDir } from "@hermes-agent/test-utils";
import { afterEach, beforeEach, expect, test } from "vitest";
import { runCliProcess } from "../helpers/cli-process.js";

let home: TempDir;
beforeEach(async () => {
  home = await createTempDir("hermes-cli-background-");
});
afterEach(async () => {
  await home.remove();
});

test(
  "call of a background command says the process ends with the command, and it does",
  { timeout: 60_000 },
  async () => {
    const run = await runCliProcess(home.path, [
      "call",
      "terminal",
      '{"command":"sleep 313","background":true}',
    ]);
    expect(run.code, run.stderr).toBe(0);
    const answer = JSON.parse(run.stdout) as { session_id: string; pid: number; hint: string };
    expect(answer.session_id).toMatch(/^proc_/);
    expect(answer.hint).toContain("the background process ends with it");
    expect(answer.hint).not.toContain("poll' or 'wait'");
    expect(isProcessAlive(answer.pid)).toBe(false);
  },
);
