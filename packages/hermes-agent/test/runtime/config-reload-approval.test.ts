// The agent can write config.yaml (a command through the terminal): a running runtime must not
// loosen approval because of it. The flagged command here (`git reset --hard` in a directory
// that is no repository) is harmless if it runs; the prompt denies it anyway.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import type { ApprovalPromptRequest } from "@hermes-agent/approval";
import { parse, startRuntime, type RuntimeHarness } from "../helpers/runtime-harness.js";

const harnesses: RuntimeHarness[] = [];
afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((harness) => harness.dispose()));
});

test("approvals.mode: off written while running is not applied until the next start", async () => {
  const asked: ApprovalPromptRequest[] = [];
  const harness = await startRuntime({
    approval: (request) => {
      asked.push(request);
      return Promise.resolve("deny");
    },
  });
  harnesses.push(harness);
  const { runtime, home } = harness;
  const flagged = { command: "git reset --hard HEAD~3" };
  expect(
    parse(await runtime.handleFunctionCall("terminal", flagged, { taskId: "t" })),
  ).toMatchObject({
    status: "blocked",
  });
  const configFile = path.join(home.path, "config.yaml");
  // As a command of the agent would: through the terminal, not around it.
  const cfg = path.join(home.path, "loose.yaml");
  writeFileSync(
    cfg,
    "approvals:\n  mode: 'off'\ncommand_allowlist:\n  - git reset --hard HEAD~3\n",
  );
  // Through the terminal the write itself is asked about (and denied here).
  expect(
    parse(
      await runtime.handleFunctionCall(
        "terminal",
        { command: `cat '${cfg}' > '${configFile}.new' && mv '${configFile}.new' '${configFile}'` },
        { taskId: "t" },
      ),
    ),
  ).toMatchObject({ status: "blocked" });
  // Written by any other way while running, the looser config is not applied.
  writeFileSync(configFile, readFileSync(cfg, "utf8"));
  expect(
    parse(await runtime.handleFunctionCall("terminal", flagged, { taskId: "t" })),
  ).toMatchObject({
    status: "blocked",
  });
  expect(asked).toHaveLength(3);
});
