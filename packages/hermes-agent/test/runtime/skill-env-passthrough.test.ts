import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import type { RuntimeOptions } from "../../src/index.js";
import { parse, startRuntime, type RuntimeHarness } from "../helpers/runtime-harness.js";

const harnesses: RuntimeHarness[] = [];
afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((harness) => harness.dispose()));
});

async function start(options: RuntimeOptions = {}): Promise<RuntimeHarness> {
  const harness = await startRuntime({
    ...options,
    env: {
      PATH: process.env.PATH,
      LANG: "C.UTF-8",
      DEPLOY_TOKEN: "tok-123",
      // Secret-looking variables of the agent's own environment that no skill asked for.
      OTHER_API_KEY: "never-in-a-child",
      DEPLOY_SECRET: "never-either",
    },
  });
  harnesses.push(harness);
  return harness;
}

function writeSkill(home: string, name: string, variables: readonly string[]): void {
  const dir = path.join(home, "skills", "devops", name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, "SKILL.md"),
    `---\nname: ${name}\ndescription: ${name} things\n` +
      `required_environment_variables: [${variables.join(", ")}]\n---\nRun it.\n`,
  );
}

// Says which of the three variables a command sees ("tok" when it has the right value), without
// printing a credential (which needs an approval).
const PROBE =
  "for n in DEPLOY_TOKEN OTHER_API_KEY DEPLOY_SECRET; do " +
  'if [ -z "${!n+x}" ]; then printf "unset "; ' +
  'elif [ "${!n}" = tok-123 ]; then printf "tok "; else printf "other "; fi; done; echo';

async function probe(harness: RuntimeHarness, taskId: string): Promise<unknown> {
  const result = parse(
    await harness.runtime.handleFunctionCall("terminal", { command: PROBE }, { taskId }),
  );
  return result.output;
}

test("a skill loaded after a task's terminal started reaches that terminal's next command", async () => {
  const harness = await start();
  writeSkill(harness.home.path, "deploy", ["DEPLOY_TOKEN"]);
  expect(await probe(harness, "a")).toBe("unset unset unset \n");

  const view = parse(await harness.runtime.handleFunctionCall("skill_view", { name: "deploy" }));
  expect(view).toMatchObject({ success: true, setup_needed: false });
  expect(await probe(harness, "a")).toBe("tok unset unset \n");
  // A task started afterwards sees it too, and so does a background process.
  expect(await probe(harness, "b")).toBe("tok unset unset \n");
  const background = parse(
    await harness.runtime.handleFunctionCall(
      "terminal",
      { command: PROBE, background: true },
      { taskId: "a" },
    ),
  );
  const waited = parse(
    await harness.runtime.handleFunctionCall(
      "process",
      { action: "wait", session_id: background.session_id, timeout: 30 },
      { taskId: "a" },
    ),
  );
  expect(waited.output).toBe("tok unset unset \n");
});

test("deleting the skill takes its variables away from existing terminals", async () => {
  const harness = await start();
  writeSkill(harness.home.path, "deploy", ["DEPLOY_TOKEN"]);
  await harness.runtime.handleFunctionCall("skill_view", { name: "deploy" });
  expect(await probe(harness, "a")).toBe("tok unset unset \n");
  // A command exporting it again does not keep it past the skill either.
  await harness.runtime.handleFunctionCall(
    "terminal",
    { command: 'export DEPLOY_TOKEN="$DEPLOY_TOKEN"' },
    { taskId: "a" },
  );

  const deleted = parse(
    await harness.runtime.handleFunctionCall("skill_manage", { action: "delete", name: "deploy" }),
  );
  expect(deleted.success).toBe(true);
  expect(await probe(harness, "a")).toBe("unset unset unset \n");
  expect(await probe(harness, "c")).toBe("unset unset unset \n");
});

test("a variable two skills need stays until the last of them is deleted", async () => {
  const harness = await start();
  writeSkill(harness.home.path, "deploy", ["DEPLOY_TOKEN"]);
  writeSkill(harness.home.path, "release", ["DEPLOY_TOKEN"]);
  await harness.runtime.handleFunctionCall("skill_view", { name: "deploy" });
  await harness.runtime.handleFunctionCall("skill_view", { name: "release" });
  await harness.runtime.handleFunctionCall("skill_manage", { action: "delete", name: "deploy" });
  expect(await probe(harness, "a")).toBe("tok unset unset \n");
  await harness.runtime.handleFunctionCall("skill_manage", { action: "delete", name: "release" });
  expect(await probe(harness, "a")).toBe("unset unset unset \n");
});

test("execute_code scripts see a loaded skill's variables, and not a deleted skill's", async () => {
  // A human who approves: the CLI context, where execute_code runs.
  const harness = await start({ approval: () => Promise.resolve("once" as const) });
  writeSkill(harness.home.path, "deploy", ["DEPLOY_TOKEN"]);
  const code =
    "import os\n" +
    "seen = lambda n: 'unset' if n not in os.environ else ('tok' if os.environ[n] == 'tok-123' else 'other')\n" +
    "print([seen(n) for n in ('DEPLOY_TOKEN', 'OTHER_API_KEY', 'DEPLOY_SECRET')])";
  const run = async (): Promise<unknown> =>
    parse(await harness.runtime.handleFunctionCall("execute_code", { code }, { taskId: "a" }))
      .output;
  expect(await run()).toBe("['unset', 'unset', 'unset']\n");
  await harness.runtime.handleFunctionCall("skill_view", { name: "deploy" });
  expect(await run()).toBe("['tok', 'unset', 'unset']\n");
  await harness.runtime.handleFunctionCall("skill_manage", { action: "delete", name: "deploy" });
  expect(await run()).toBe("['unset', 'unset', 'unset']\n");
});
