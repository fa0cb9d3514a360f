// Bypass classes closed in detection, through the terminal tool with the real approval manager
// and nobody to ask (flagged commands are refused). Every payload is harmless if it runs: it
// removes a path that does not exist and touches a marker in the workspace; each test checks
// that the command was blocked and the marker never appeared.
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createApprovalManager } from "@hermes-agent/approval";
import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { afterEach, describe, expect, test } from "vitest";
import { createHarness, type Harness } from "./tool-harness.js";

let harness: Harness | undefined;
const dirs: TempDir[] = [];
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  while (dirs.length > 0) await dirs.pop()?.remove();
});

async function setup(): Promise<Harness> {
  const home = await createTempDir("hermes-bypass-classes-");
  dirs.push(home);
  writeFileSync(path.join(home.path, "config.yaml"), "approvals:\n  mode: manual\n");
  const manager = createApprovalManager({ home: home.path, env: {}, interactive: false });
  harness = await createHarness({ approval: manager });
  return harness;
}

// `GONE` is a path that does not exist; `MARK` is created only if the command ran.
const COMMANDS = [
  "rm$IFS-rf$IFS/GONE; touch MARK",
  "x='a[$(rm -rf /GONE)]'; echo $((x)); touch MARK",
  "let 'y=a[$(rm -rf /GONE)]'; touch MARK",
  "trap 'rm -rf /GONE' EXIT; touch MARK",
  "printf '\\x72\\x6d -rf /GONE' | sh; touch MARK",
  "hash -p /bin/rm ls; ls -rf /GONE; touch MARK",
  "alias ls=rm\nls -rf /GONE; touch MARK",
  "node -e \"const c=require('child_process'); c.execSync('rm -rf /GONE')\"; touch MARK",
  "python3 -c \"import subprocess as s; s.run('rm -rf /GONE', shell=True)\"; touch MARK",
  "script -qc 'rm -rf /GONE' /dev/null; touch MARK",
  "sed -n '1e rm -rf /GONE' /dev/null; touch MARK",
  "git -c alias.x='!rm -rf /GONE' x; touch MARK",
  "cat /proc/$PPID/environ > /dev/null; touch MARK",
  "cat ~/.hermes/.env > /dev/null; touch MARK",
];

describe("bypass classes through the terminal tool", () => {
  test("every variant is blocked and never runs", async () => {
    const h = await setup();
    for (const [index, template] of COMMANDS.entries()) {
      const marker = path.join(h.dir.path, `marker-${index}`);
      const command = template
        .replaceAll("/GONE", `/hermes-nonexistent-${index}/x`)
        .replaceAll("MARK", marker);
      const result = await h.call("terminal", { command });
      expect(result, command).toMatchObject({ exit_code: -1, status: "blocked" });
      expect(existsSync(marker), command).toBe(false);
    }
    // The same tool runs ordinary work.
    const marker = path.join(h.dir.path, "marker-ok");
    expect(await h.call("terminal", { command: `echo $((1+2)) && touch ${marker}` })).toMatchObject(
      {
        exit_code: 0,
      },
    );
    expect(existsSync(marker)).toBe(true);
  });
});
