// execute_code in an interactive runtime: a script that can do what a dangerous terminal
// command does is asked about (the terminal's prompt and session scoping) before it runs, and
// under terminal.sandbox the script runs inside the same sandbox as terminal commands. Every
// payload only touches directories this test made.
import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import type { ApprovalPromptRequest, PromptAnswer } from "@hermes-agent/approval";
import { createRuntime, type HermesRuntime } from "../../src/index.js";
import { parse } from "../helpers/runtime-harness.js";

const HAS_BWRAP = ["/usr/bin/bwrap", "/bin/bwrap"].some((file) => existsSync(file));

interface Setup {
  readonly runtime: HermesRuntime;
  readonly home: string;
  readonly workspace: string;
  readonly outside: string;
  readonly asked: ApprovalPromptRequest[];
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

async function setup(answers: PromptAnswer[], configYaml = ""): Promise<Setup> {
  const root: TempDir = await createTempDir("hermes-exec-approval-");
  const home = path.join(root.path, "home");
  const workspace = path.join(root.path, "workspace");
  const outside = path.join(root.path, "outside");
  for (const dir of [home, workspace, outside]) mkdirSync(dir);
  writeFileSync(path.join(home, "config.yaml"), configYaml);
  writeFileSync(path.join(home, ".env"), "OPENAI_API_KEY=sk-test-not-a-real-key\n");
  const asked: ApprovalPromptRequest[] = [];
  const runtime = await createRuntime({
    hermesHome: home,
    env: { PATH: process.env.PATH, HOME: root.path, LANG: "C.UTF-8" },
    cwd: workspace,
    approval: (request) => {
      asked.push(request);
      return Promise.resolve(answers.shift() ?? "deny");
    },
  });
  cleanups.push(async () => {
    await runtime.close();
    await root.remove();
  });
  return { runtime, home, workspace, outside, asked };
}

const run = async (runtime: HermesRuntime, code: string, language?: string) =>
  parse(
    await runtime.handleFunctionCall(
      "execute_code",
      { code, ...(language === undefined ? {} : { language }) },
      { taskId: "t1" },
    ),
  );

/** Scripts that delete the directory `VICTIM`, in several spellings. */
const DELETING: readonly { code: string; language?: string }[] = [
  { code: 'import subprocess\nsubprocess.run("rm -rf VICTIM", shell=True)' },
  { code: 'import os\nos.system("rm -rf VICTIM")' },
  { code: 'import shutil\nshutil.rmtree("VICTIM")' },
  { code: 'import subprocess as s\ns.run(["rm", "-rf", "VICTIM"])' },
  { code: 'require("child_process").execSync("rm -rf VICTIM")', language: "javascript" },
  {
    code: 'require("fs").rmSync("VICTIM", { recursive: true, force: true })',
    language: "javascript",
  },
];

describe("execute_code with a human at the prompt", () => {
  test.each(DELETING)(
    "a deleting script is asked about, and a denial keeps it from running ($code)",
    async ({ code, language }) => {
      const { runtime, outside, asked } = await setup(["deny"]);
      const victim = path.join(outside, "victim");
      mkdirSync(victim);
      const result = await run(runtime, code.replaceAll("VICTIM", victim), language);
      expect(asked).toHaveLength(1);
      expect(asked[0]?.command).toMatch(/^(python3 -c|node -e) '/);
      expect(JSON.stringify(result)).toMatch(/denied|BLOCKED/i);
      expect(existsSync(victim)).toBe(true);
    },
  );

  test("an approved script runs; a session answer covers the same kind of script", async () => {
    const { runtime, outside, asked } = await setup(["session"]);
    for (const name of ["v1", "v2"]) {
      const victim = path.join(outside, name);
      mkdirSync(victim);
      const result = await run(runtime, `import shutil\nshutil.rmtree("${victim}")\nprint("gone")`);
      expect(result).toMatchObject({ status: "success", output: "gone\n" });
      expect(existsSync(victim)).toBe(false);
    }
    expect(asked).toHaveLength(1);
  });

  test("a harmless script runs without a question", async () => {
    const { runtime, asked } = await setup([]);
    expect(await run(runtime, "print(6 * 7)")).toMatchObject({ status: "success", output: "42\n" });
    expect(asked).toHaveLength(0);
  });
});

describe.skipIf(!HAS_BWRAP)("execute_code under terminal.sandbox: workspace-write", () => {
  test("the script runs inside the sandbox: no writes outside the workspace, no Hermes home", async () => {
    const { runtime, home, workspace, outside } = await setup(
      [],
      "terminal:\n  sandbox: workspace-write\n",
    );
    const code = [
      "import os",
      `for target in [${JSON.stringify(path.join(outside, "escaped.txt"))}, "inside.txt"]:`,
      "    try:",
      "        open(target, 'w').write('x')",
      "        print('wrote', os.path.basename(target))",
      "    except OSError as error:",
      "        print('refused', os.path.basename(target), error.errno)",
      "try:",
      `    print('home', os.listdir(${JSON.stringify(home)}))`,
      "except OSError as error:",
      "    print('home hidden', error.errno)",
    ].join("\n");
    const result = await run(runtime, code);
    expect(result.status).toBe("success");
    expect(result.output).toContain("refused escaped.txt");
    expect(result.output).toContain("wrote inside.txt");
    expect(result.output).not.toContain(".env");
    // Naming the runtime's credential file is refused before anything runs.
    const envRead = await run(
      runtime,
      `print(open(${JSON.stringify(path.join(home, ".env"))}).read())`,
    );
    expect(envRead.status).not.toBe("success");
    expect(JSON.stringify(envRead)).not.toContain("sk-test-not-a-real-key");
    expect(existsSync(path.join(outside, "escaped.txt"))).toBe(false);
    expect(existsSync(path.join(workspace, "inside.txt"))).toBe(true);
  });
});
