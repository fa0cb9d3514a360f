import { silentLogger } from "@hermes-agent/core";
import { ToolRegistry } from "@hermes-agent/registry";
import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { afterEach, beforeEach, expect, test } from "vitest";
import {
  registerTerminalTools,
  resolveTerminalOptions,
  type TerminalRuntime,
} from "../src/index.js";
import { recordingApprove } from "./tool-harness.js";

let dir: TempDir;
let runtime: TerminalRuntime | undefined;
beforeEach(async () => {
  dir = await createTempDir();
});
afterEach(async () => {
  await runtime?.shutdown();
  runtime = undefined;
  await dir.remove();
});

test("the registry's default limit does not cut a terminal command that is within its own timeout", async () => {
  // A registry whose default limit is far shorter than the command: the terminal tool's own
  // limit (its timeout plus an allowance) applies instead, as a 600 s command needs under 300 s.
  const registry = new ToolRegistry({ logger: silentLogger, defaultTimeoutMs: 200 });
  runtime = registerTerminalTools(registry, {
    approval: recordingApprove(),
    settings: resolveTerminalOptions({ config: { terminal: { cwd: dir.path } } }),
  });
  const out = await registry.dispatch(
    "terminal",
    { command: "sleep 0.6; echo finished", timeout: 5 },
    { signal: new AbortController().signal },
  );
  const result = JSON.parse(String(out)) as Record<string, unknown>;
  expect(String(result["output"]).trim()).toBe("finished");
  expect(result["exit_code"]).toBe(0);
});
