// Interpreter capability and bash data-flow classes closed in detection, through the terminal
// tool with the real approval manager and nobody to ask (flagged commands are refused). Every
// payload is harmless if it runs: it removes or writes a path that does not exist and touches a
// marker in the workspace; each test checks the command was blocked and the marker never
// appeared.
import { describe, test } from "vitest";
import { expectEveryCommandBlocked } from "./blocked-commands.js";

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
  test("every variant is blocked and never runs; ordinary work still runs", async () => {
    await expectEveryCommandBlocked(
      COMMANDS,
      'for d in a b; do echo "$d"; done && node -e "console.log(1)" && touch MARK',
    );
  });
});
