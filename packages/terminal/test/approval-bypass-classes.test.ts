// Bypass classes closed in detection, through the terminal tool with the real approval manager
// and nobody to ask (flagged commands are refused). Every payload is harmless if it runs: it
// removes a path that does not exist and touches a marker in the workspace; each test checks
// that the command was blocked and the marker never appeared.
import { describe, test } from "vitest";
import { expectEveryCommandBlocked } from "./blocked-commands.js";

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
  test("every variant is blocked and never runs; ordinary work still runs", async () => {
    await expectEveryCommandBlocked(COMMANDS, "echo $((1+2)) && touch MARK");
  });
});
