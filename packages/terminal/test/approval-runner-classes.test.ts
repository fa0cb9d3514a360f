// Programs that run code handed to them (make, coprocesses, trap handlers, dc, parallel, xargs,
// find -execdir, deno, Lisp one-liners, startup-file variables, files a tool runs), through
// the terminal tool with the real approval manager and nobody to ask (flagged commands are
// refused). Every payload is harmless if it runs: it removes a path that does not exist or
// writes a file in the workspace and touches a marker there; each test checks the command was
// blocked and the marker never appeared.
import { describe, test } from "vitest";
import { expectEveryCommandBlocked } from "./blocked-commands.js";

// `GONE` is a path that does not exist; `MARK` is created only if the command ran.
const COMMANDS = [
  "make --eval='x: ; @rm -rf /GONE' x; touch MARK",
  "make -f - <<'EOF'\nall:\n\trm -rf /GONE\nEOF\ntouch MARK",
  "make SHELL='sh -c \"rm -rf /GONE\"' -n; touch MARK",
  "coproc { rm -rf /GONE; }; touch MARK",
  "d=/GONE; trap 'rm -rf \"$d\"' EXIT; touch MARK",
  "dc -e '!rm -rf /GONE'; touch MARK",
  "echo 'rm -rf /GONE' | parallel; touch MARK",
  "ls /GONE 2>/dev/null | xargs -I{} mv ~/{} /tmp/; touch MARK",
  "find . -maxdepth 0 -execdir sh -c 'rm -rf /GONE' \\; ; touch MARK",
  "guile -c '(system \"rm -rf /GONE\")' 2>/dev/null; touch MARK",
  "BASH_ENV=./run-GONE.sh bash -c true; touch MARK",
  "printf 'rm -rf /GONE\\n' > .envrc && direnv allow 2>/dev/null; touch MARK",
  "deno run -A https://127.0.0.1:9/run-GONE.ts 2>/dev/null; touch MARK",
];

describe("code-runner classes through the terminal tool", () => {
  test("every variant is blocked and never runs; ordinary work still runs", async () => {
    await expectEveryCommandBlocked(
      COMMANDS,
      't=$(mktemp) && trap \'rm -f "$t"\' EXIT && echo ok > "$t" && touch MARK',
    );
  });
});
