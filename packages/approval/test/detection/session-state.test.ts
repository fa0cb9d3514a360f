import { mkdtempSync, rmSync, writeFileSync, chmodSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { initializeDetector, type CommandContext } from "../../src/detection/index.js";
import { expectAll, verdictOf } from "./verdicts.js";

// State carried between calls (the session's working tree, exported variables, HERMES_HOME,
// files written earlier) and the secrets it exposes. Commands are data: only classified here.
const PROJECT: CommandContext = {
  cwd: "/home/alice/proj",
  workspace: "/home/alice/proj",
  home: "/home/alice",
};

function expectIn(
  context: CommandContext,
  commands: readonly string[],
  expected: "hardline" | "dangerous" | "flagged" | "safe",
): void {
  for (const command of commands) {
    const verdict = verdictOf(command, context);
    if (expected === "flagged") expect(verdict, command).not.toBe("safe");
    else expect(verdict, command).toBe(expected);
  }
}

describe("the session the command runs in", () => {
  let dir = "";
  beforeAll(async () => {
    await initializeDetector();
    dir = mkdtempSync(path.join(tmpdir(), "sec-shell-"));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it("keeps the working tree where the context puts it, whatever cd does", () => {
    expectIn(
      PROJECT,
      [
        "cd .. && rm -rf other-project",
        "cd ../.. && rm -rf alice",
        "cd ~ && rm -rf Documents",
        "cd && rm -rf .config",
        "cd - && rm -rf build",
        "pushd /tmp/m && rm -rf v22",
        "popd; rm -rf src",
        'cd "$DIR" && rm -rf data',
      ],
      "flagged",
    );
    expectIn(
      PROJECT,
      ["cd build && rm -rf out", "cd src/../build && rm -rf out", "rm -rf dist"],
      "safe",
    );
    expectIn({ ...PROJECT, cwd: "/tmp/m" }, ["rm -rf v22"], "flagged");
    expectAll(["cd .. && rm -rf other-project", "cd sub && cd ../.. && rm -rf x"], "flagged");
    expectAll(["cd build && rm -rf out"], "safe");
  });

  it("reads the session's exported variables", () => {
    const exported = { ...PROJECT, environment: { x: "rm", PATH: "/usr/bin:/bin" } };
    expectIn(exported, ["${x:-ls} -rf /", "$x -rf /etc", "${x:+sudo} ${x} -rf /"], "hardline");
    const unset = { ...PROJECT, environment: { PATH: "/usr/bin:/bin" } };
    expectIn(unset, ["${x:-ls} -la", "${PAGER:-less} README.md"], "safe");
  });

  it("treats the agent's files under the effective HERMES_HOME as secrets, read by anything", () => {
    const context = { ...PROJECT, hermesHome: "/srv/agent-home" };
    expectIn(
      context,
      [
        "cat /srv/agent-home/.env",
        'echo "$(< /srv/agent-home/.env)" | rev',
        "while read l; do echo $l; done < /srv/agent-home/.env",
        "git diff --no-index /dev/null /srv/agent-home/.env",
        "sqlite3 /srv/agent-home/state.db .dump",
        "cd /srv/agent-home && base64 auth.json",
        "cp /tmp/x /srv/agent-home/config.yaml",
        "setpriv cp /tmp/x /srv/agent-home/config.yaml",
        "python3 tool.py --out /srv/agent-home/config.yaml",
      ],
      "flagged",
    );
    expectIn(context, ["cat /srv/agent-home/config.yaml", "ls -la /srv/agent-home"], "safe");
    expectAll(
      [
        "git diff --no-index /dev/null ~/.hermes/.env",
        "sqlite3 ~/.hermes/state.db .dump",
        "x=$(< ~/.hermes/.env); echo ${x}",
      ],
      "flagged",
    );
  });

  it("finds the agent's environment however its path is spelled", () => {
    expectAll(
      [
        "cat /proc/self/../$PPID/environ",
        "p=$(awk '{print $4}' /proc/$PPID/stat); cd /proc/$p && tr '\\0' '\\n' < environ | rev",
        "cd /proc/1 && strings environ",
        "cat < /proc/1/environ",
        "ps eww",
        "ps auxe",
        "ps e -p 1",
      ],
      "flagged",
    );
    expectAll(["ps aux", "ps -ef", "ps -e -o pid,comm"], "safe");
  });

  it("flags a destructive program or a shell put under another name", () => {
    expectAll(
      [
        "cp /bin/rm bin/tidy",
        "ln -s /bin/rm bin/ls",
        "ln -sf /usr/bin/bash ./lint",
        "cat /bin/dd > ./copy",
        "install -m 755 ./x ~/bin/sudo",
        "cp ./wrapper ~/.local/bin/git",
      ],
      "flagged",
    );
    expectAll(["cp /bin/ls ./ls", "cp build/app ~/bin/app"], "safe");
  });

  it("flags writes of files that run code later", () => {
    expectAll(
      [
        "printf 'import os\\n' > ~/.local/lib/python3.11/site-packages/zz.pth",
        "echo 'echo hi' > .husky/pre-commit",
        "printf '[alias]\\n\\tzz = !echo hi\\n' >> r/.git/config",
        "tee -a .git/config < extra.cfg",
      ],
      "flagged",
    );
  });

  it("judges scripts run or sourced from files by their content", () => {
    const bad = path.join(dir, "bad.sh");
    const good = path.join(dir, "good.sh");
    const py = path.join(dir, "tool");
    const envrc = path.join(dir, ".envrc");
    writeFileSync(bad, "#!/bin/sh\nrm -rf /\n");
    writeFileSync(good, "#!/bin/sh\necho hello\n");
    writeFileSync(py, "#!/usr/bin/env python3\nimport os\nos.system('rm -rf /etc')\n");
    writeFileSync(envrc, "rm -rf /usr\n");
    chmodSync(py, 0o755);
    const here: CommandContext = { cwd: dir, workspace: dir, home: "/home/alice" };
    expectIn(
      here,
      [
        "bash bad.sh",
        "sh -e ./bad.sh",
        "source bad.sh",
        ". ./bad.sh",
        "./bad.sh",
        `bash ${bad}`,
        "./tool",
        "BASH_ENV=bad.sh bash -c true",
        "env BASH_ENV=./bad.sh bash -c 'echo hi'",
        "direnv allow",
        `direnv allow ${dir}`,
      ],
      "hardline",
    );
    expectIn({ ...here, environment: { BASH_ENV: bad } }, ["bash -c 'echo hi'"], "hardline");
    expectIn(here, ["bash good.sh", "source good.sh", "./good.sh", "bash missing.sh"], "safe");
    const big = path.join(dir, "big.sh");
    writeFileSync(big, `${"# filler line\n".repeat(6_000)}echo done\n`);
    expectIn(here, ["bash big.sh"], "dangerous");
  });
});
