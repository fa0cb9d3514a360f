// Interpreter capability and bash data-flow classes closed in detection, through the terminal
// tool with the real approval manager and nobody to ask (flagged commands are refused). Every
// payload is harmless if it runs: it removes or writes a path that does not exist and touches a
// marker in the workspace; each test checks the command was blocked and the marker never
// appeared.
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
  const home = await createTempDir("hermes-interpreter-classes-");
  dirs.push(home);
  writeFileSync(path.join(home.path, "config.yaml"), "approvals:\n  mode: manual\n");
  const manager = createApprovalManager({ home: home.path, env: {}, interactive: false });
  harness = await createHarness({ approval: manager });
  return harness;
}

// `GONE` is a path that does not exist; `MARK` is created only if the command ran.
const COMMANDS = [
  "rm 2>/dev/null -rf /GONE; touch MARK",
  "r\\\nm -rf /GONE; touch MARK",
  "p='\\$(rm -rf /GONE)'; v=${p@P}; touch MARK",
  "echo 'rm -rf /GONE' | cat > >(bash); touch MARK",
  "tee ./run-GONE.sh <<< 'rm -rf /GONE' >/dev/null && bash ./run-GONE.sh; touch MARK",
  "bash 3<<<'rm -rf /GONE' /dev/fd/3; touch MARK",
  "coproc bash; touch MARK",
  "LD_PRELOAD=/tmp/hermes-nonexistent.so true; touch MARK",
  "node -e \"process.getBuiltinModule('child_process').execSync('rm -rf /GONE')\"; touch MARK",
  "node -e \"module.constructor._load('child' + '_process').execSync('rm -rf /GONE')\"; touch MARK",
  "python3 -c \"exec(bytes.fromhex('696d706f7274206f733b206f732e73797374656d2827726d202d7266202f6865726d65732d6e6f6e6578697374656e742d6865782f782729'))\"; touch MARK",
  "python3 -c \"getattr(__import__('os'), 'sys' + 'tem')('rm -rf /GONE')\"; touch MARK",
  'perl -e \'open(my $f, "-|", "rm -rf /GONE")\'; touch MARK',
  'php -r \'$f="sys"."tem"; $f("rm -rf /GONE");\'; touch MARK',
  'ruby -e \'File.write("/etc/GONE", "")\'; touch MARK',
  'awk \'BEGIN { print "x" > "/etc/GONE" }\'; touch MARK',
  "psql -f <(echo 'DROP TABLE hermes_nonexistent;') 2>/dev/null; touch MARK",
];

describe("interpreter and data-flow classes through the terminal tool", () => {
  test("every variant is blocked and never runs", async () => {
    const h = await setup();
    for (const [index, template] of COMMANDS.entries()) {
      const marker = path.join(h.dir.path, `marker-${index}`);
      const command = template
        .replaceAll("/GONE", `/hermes-nonexistent-${index}/x`)
        .replaceAll("run-GONE", `run-${index}`)
        .replaceAll("MARK", marker);
      const result = await h.call("terminal", { command });
      expect(result, command).toMatchObject({ exit_code: -1, status: "blocked" });
      expect(existsSync(marker), command).toBe(false);
    }
    // Ordinary interpreter and loop work still runs.
    const marker = path.join(h.dir.path, "marker-ok");
    const ok = `for d in a b; do echo "$d"; done && node -e "console.log(1)" && touch ${marker}`;
    expect(await h.call("terminal", { command: ok })).toMatchObject({ exit_code: 0 });
    expect(existsSync(marker)).toBe(true);
  });
});
