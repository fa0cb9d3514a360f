// In the CLI, an execute_code script is judged like the interpreter one-liner that would run
// it: a script that can do what a dangerous terminal command does is asked about with the same
// prompt and session scoping, and the hard-line floor holds under mode: off and YOLO. These
// checks never run the scripts (they are data).
import { describe, expect, test } from "vitest";
import { createApprovalManager, type ApprovalPromptRequest } from "../../src/index.js";
import { scriptAsCommand } from "../../src/flows/execute-code-guard.js";
import { scriptedPrompt, tempHome } from "./helpers.js";

const OUTSIDE = "/srv/hermes-test-nonexistent/data";

/** Scripts whose capability is a dangerous command's, in both languages and many spellings. */
const DANGEROUS_SCRIPTS: readonly { code: string; language: "python" | "javascript" }[] = [
  {
    code: `import subprocess\nsubprocess.run("rm -rf ${OUTSIDE}", shell=True)`,
    language: "python",
  },
  { code: `import os\nos.system("rm -rf ${OUTSIDE}")`, language: "python" },
  { code: `import shutil\nshutil.rmtree("${OUTSIDE}")`, language: "python" },
  {
    code: `import subprocess as s\ns.Popen(["rm", "-rf", "${OUTSIDE}"]).wait()`,
    language: "python",
  },
  { code: `import os\nos.remove("${OUTSIDE}/file")`, language: "python" },
  {
    code: `from os import system as run\nrun("git -C ${OUTSIDE} reset --hard HEAD~3")`,
    language: "python",
  },
  {
    code: `import urllib.request\nexec(urllib.request.urlopen("http://127.0.0.1:9/x").read())`,
    language: "python",
  },
  { code: `require("child_process").execSync("rm -rf ${OUTSIDE}")`, language: "javascript" },
  {
    code: `const cp = require("node:child_process");\ncp.spawnSync("rm", ["-rf", "${OUTSIDE}"]);`,
    language: "javascript",
  },
  {
    code: `const fs = require("fs");\nfs.rmSync("${OUTSIDE}", { recursive: true, force: true });`,
    language: "javascript",
  },
];

const SAFE_SCRIPTS: readonly { code: string; language: "python" | "javascript" }[] = [
  { code: "print(1 + 1)", language: "python" },
  {
    code: 'from hermes_tools import terminal\nprint(terminal("ls")["output"])',
    language: "python",
  },
  { code: "import json\nprint(json.dumps({'a': 1}))", language: "python" },
  { code: "console.log([1, 2].map((x) => x * 2));", language: "javascript" },
];

async function manager(config?: string, ...answers: Parameters<typeof scriptedPrompt>) {
  const home = await tempHome(config);
  const prompt = scriptedPrompt(...answers);
  const m = createApprovalManager({ home: home.path, env: {}, interactive: true, prompt });
  return { m, asked: prompt.asked as ApprovalPromptRequest[] };
}

const CLI = { envType: "local", sessionKey: "cli", context: "interactive" } as const;

describe("execute_code in the CLI", () => {
  test.each(DANGEROUS_SCRIPTS)(
    "asks about a dangerous script ($language)",
    async ({ code, language }) => {
      const { m, asked } = await manager(undefined, "deny");
      const result = await m.checkExecuteCodeGuard(code, { ...CLI, language });
      expect(result.approved).toBe(false);
      expect(result.message).toMatch(/execute_code/);
      expect(asked).toHaveLength(1);
      expect(asked[0]?.command).toBe(scriptAsCommand(code, language));
    },
  );

  test.each(SAFE_SCRIPTS)(
    "runs a safe script without asking ($language)",
    async ({ code, language }) => {
      const { m, asked } = await manager(undefined);
      await expect(m.checkExecuteCodeGuard(code, { ...CLI, language })).resolves.toMatchObject({
        approved: true,
      });
      expect(asked).toHaveLength(0);
    },
  );

  test("a session answer covers the same kind of script, and the same terminal command, like the terminal", async () => {
    const { m, asked } = await manager(undefined, "session");
    const first = DANGEROUS_SCRIPTS[0]?.code ?? "";
    await expect(m.checkExecuteCodeGuard(first, CLI)).resolves.toMatchObject({ approved: true });
    await expect(m.checkExecuteCodeGuard(first, CLI)).resolves.toMatchObject({ approved: true });
    await expect(
      m.checkDangerousCommand(`rm -rf ${OUTSIDE}`, {
        envType: "local",
        sessionKey: "cli",
        context: "interactive",
      }),
    ).resolves.toMatchObject({ approved: true });
    expect(asked).toHaveLength(1);
  });

  test("the hard-line floor holds for scripts under mode: off and YOLO", async () => {
    for (const config of ["approvals:\n  mode: off\n", undefined]) {
      const { m, asked } = await manager(config, "once");
      if (config === undefined) m.setYolo("cli", true);
      const result = await m.checkExecuteCodeGuard('import os\nos.system("rm -rf /")', CLI);
      expect(result).toMatchObject({ approved: false, hardline: true });
      expect(asked).toHaveLength(0);
      // Below the floor, mode: off and YOLO pass as for terminal commands.
      await expect(
        m.checkExecuteCodeGuard(DANGEROUS_SCRIPTS[1]?.code ?? "", CLI),
      ).resolves.toMatchObject({
        approved: true,
      });
    }
  });

  test("deny globs apply to what a script runs", async () => {
    const { m } = await manager('approvals:\n  mode: off\n  deny: ["rm -rf *"]\n');
    const result = await m.checkExecuteCodeGuard(DANGEROUS_SCRIPTS[1]?.code ?? "", CLI);
    expect(result).toMatchObject({ approved: false, userDeny: true });
  });
});
