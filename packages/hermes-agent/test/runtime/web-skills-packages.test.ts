import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import { parse, startRuntime, type RuntimeHarness } from "../helpers/runtime-harness.js";

const harnesses: RuntimeHarness[] = [];
afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((harness) => harness.dispose()));
});

async function start(env: Record<string, string | undefined> = {}): Promise<RuntimeHarness> {
  const harness = await startRuntime({
    env: { PATH: process.env.PATH, LANG: "C.UTF-8", ...env },
  });
  harnesses.push(harness);
  return harness;
}

test("the runtime registers the web and skills tools; web_search waits for a provider key", async () => {
  const { runtime } = await start();
  const names = runtime.getToolDefinitions().map((d) => d.function.name);
  expect(names).toEqual(
    expect.arrayContaining(["web_extract", "skills_list", "skill_view", "skill_manage"]),
  );
  expect(names).not.toContain("web_search");
  const blocked = parse(
    await runtime.handleFunctionCall("web_extract", { urls: ["http://127.0.0.1:9/"] }),
  );
  expect(blocked).toEqual({
    results: [
      {
        url: "http://127.0.0.1:9/",
        title: "",
        content: "",
        error: "Blocked: URL targets a private or internal network address",
      },
    ],
  });
  const keyed = await start({ SEARXNG_URL: "http://127.0.0.1:9" });
  expect(keyed.runtime.getToolDefinitions().map((d) => d.function.name)).toContain("web_search");
});

// Compares the value instead of printing it: printing a credential needs an approval.
const SAME_TOKEN = 'if [ "${DEPLOY_TOKEN-}" = tok-123 ]; then echo same; else echo differ; fi';

test("a loaded skill's required variables reach terminal commands started afterwards", async () => {
  const harness = await start({ DEPLOY_TOKEN: "tok-123" });
  const skillDir = path.join(harness.home.path, "skills", "devops", "deploy");
  mkdirSync(skillDir, { recursive: true });
  writeFileSync(
    path.join(skillDir, "SKILL.md"),
    "---\nname: deploy\ndescription: Deploy\nrequired_environment_variables: [DEPLOY_TOKEN]\n---\nRun it.\n",
  );
  const { runtime } = harness;
  const before = parse(
    await runtime.handleFunctionCall("terminal", { command: SAME_TOKEN }, { taskId: "a" }),
  );
  expect(before.output).toBe("differ\n");
  const view = parse(await runtime.handleFunctionCall("skill_view", { name: "deploy" }));
  expect(view).toMatchObject({
    success: true,
    setup_needed: false,
    path: "devops/deploy/SKILL.md",
  });
  const after = parse(
    await runtime.handleFunctionCall("terminal", { command: SAME_TOKEN }, { taskId: "b" }),
  );
  expect(after.output).toBe("same\n");
});
