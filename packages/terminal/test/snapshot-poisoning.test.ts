// A command must not be able to change what the next command of its session runs: the saved
// shell state is checked before it is restored, and what the next command restores is the
// state as checked, written again (never the file a command could have rewritten).
import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createLocalEnvironment, type LocalEnvironmentOptions } from "../src/index.js";
import { POISONING_CASES } from "./snapshot-poisoning-cases.js";
import { createHarness, recordingApprove } from "./tool-harness.js";
import { findExecutable } from "../src/executables.js";

const HAS_BWRAP = findExecutable("bwrap", process.env.PATH, ["/usr/bin", "/bin"]) !== undefined;

let dir: TempDir;
let cases = 0;
beforeAll(async () => {
  dir = await createTempDir("hermes-poison-");
});
afterAll(async () => {
  await dir.remove();
});

/** A fresh workspace and marker path for one case. */
function place(): { workspace: string; marker: string } {
  const workspace = path.join(dir.path, `case-${++cases}`);
  mkdirSync(workspace);
  return { workspace, marker: path.join(workspace, "payload-ran") };
}

const LEVELS: readonly { name: string; options: LocalEnvironmentOptions }[] = [
  { name: "no sandbox", options: {} },
  ...(HAS_BWRAP
    ? [
        {
          name: "workspace-write sandbox",
          options: { backendOptions: { sandbox: "workspace-write" } },
        },
      ]
    : []),
];

describe.each(LEVELS)("planted shell state, local backend ($name)", ({ options }) => {
  test.each(POISONING_CASES)("$name", async ({ plant, discards }) => {
    const { workspace, marker } = place();
    const env = await createLocalEnvironment({ cwd: workspace, killGraceMs: 300, ...options });
    try {
      expect((await env.execute("export KEEP=kept; alias greet='echo hi'")).exitCode).toBe(0);
      const planted = await env.execute(plant.replaceAll("MARK", marker));
      expect(planted.output).toContain("planted");
      const next = await env.execute('echo "hello $KEEP"');
      const after = await env.execute('echo "again $KEEP"');
      expect(existsSync(marker)).toBe(false);
      if (discards) {
        expect(next.output).toMatch(/shell state saved by the previous command was discarded/);
        // A discarded state is gone, not half restored.
        expect(next.output).toContain("hello \n");
        expect(after.output).not.toMatch(/discarded/);
      } else {
        expect(next.output).toContain("hello kept");
        expect(next.output).not.toMatch(/discarded/);
      }
      const context = await env.shellContext?.();
      expect(JSON.stringify(context)).not.toContain("__hermes");
    } finally {
      await env.cleanup();
    }
  });
});

test("the terminal tool: a planted state never runs, and approval sees the state that is restored", async () => {
  const approve = recordingApprove();
  const harness = await createHarness({ approval: approve });
  try {
    for (const { plant } of POISONING_CASES.slice(0, 6)) {
      const marker = path.join(harness.dir.path, "payload-ran");
      await harness.call("terminal", { command: "export KEEP=kept; alias greet='echo hi'" });
      await harness.call("terminal", { command: plant.replaceAll("MARK", marker) });
      const next = await harness.call("terminal", { command: "echo hello" });
      expect(next.output).toMatch(/hello/);
      expect(existsSync(marker)).toBe(false);
      const last = approve.calls.at(-1)?.options.commandContext;
      expect(last?.aliases).toEqual({});
      expect(last?.stateError).toBeUndefined();
    }
  } finally {
    await harness.close();
  }
});

test("the session's exported variables and PATH reach approval, as the next command sees them", async () => {
  const approve = recordingApprove();
  const harness = await createHarness({ approval: approve });
  try {
    await harness.call("terminal", {
      command: `export TOOL=rm PATH="${harness.dir.path}/bin:$PATH" ODD=$'a\\nb "q" $x'`,
    });
    await harness.call("terminal", { command: "echo $TOOL" });
    const context = approve.calls.at(-1)?.options.commandContext;
    expect(context?.environment?.TOOL).toBe("rm");
    expect(context?.environment?.ODD).toBe('a\nb "q" $x');
    expect(context?.environment?.PATH?.startsWith(`${harness.dir.path}/bin:`)).toBe(true);
    const shown = await harness.call("terminal", { command: 'printf "%s|" "$TOOL" "$ODD"' });
    expect(shown.output).toBe('rm|a\nb "q" $x|');
  } finally {
    await harness.close();
  }
});
