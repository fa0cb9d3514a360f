// Programs and shell features that run code handed to them: make recipes and overrides,
// coprocesses, trap handlers and eval strings judged with the script's own variables, and
// files the script created with mktemp.
import { beforeAll, describe, it } from "vitest";
import { initializeDetector } from "../../src/detection/index.js";
import { expectAll } from "./verdicts.js";

describe("make runs recipe text it is handed", () => {
  beforeAll(async () => {
    await initializeDetector();
  });

  it("reads --eval rules, with or without prerequisites before the `;`", () => {
    expectAll(
      [
        "make --eval='x:;@rm -rf /home' x",
        "make --eval 'x: ; rm -rf ~' x",
        "make -E 'all:;@rm -rf /etc'",
        "gmake --ev='clean: ; -rm -rf /usr' clean",
        "make --eval='t: dep1 dep2; +rm -rf ~' t",
        "make D=/etc --eval='c: ; rm -rf $(D)' c",
        "make --eval='c: ; $(RM) -r /etc' c",
        "make --eval='X := $(shell rm -rf ~)'",
        "make --eval='all:; rm -rf $${HOME}' all",
      ],
      "hardline",
    );
    expectAll(
      [
        "make --eval='print-%: ; @echo $*=$($*)' print-CFLAGS",
        "make --eval='c: ; $(RM) -r build' c",
        "make --eval='all: ; $(CMD) x' CMD='rm -rf'",
        "make --eval='v: ; @echo $(VERSION)' v",
        "make -f Makefile.ci lint",
        "make -j4 test ARGS='-k foo'",
        "make CFLAGS='-O2 -g' all",
        "make -C build install DESTDIR=/tmp/stage",
      ],
      "safe",
    );
  });

  it("judges the shell and programs a command line gives make", () => {
    expectAll(
      [
        "make SHELL='/bin/sh -c \"rm -rf ~\"' build",
        "make SHELL='bash -c \"rm -rf /etc\"'",
        "make CC='rm -rf ~' all",
        "make RM='rm -rf /' clean",
        "MAKEFLAGS='--eval=x:;rm -rf ~' make x",
        "make .SHELLFLAGS='-c rm -rf ~;' all",
      ],
      "hardline",
    );
    expectAll(["make SHELL=/tmp/evil build", 'make SHELL="$S" all'], "dangerous");
    expectAll(["make SHELL=/bin/bash build", "make SHELL='/usr/bin/env bash' all"], "safe");
  });

  it("reads makefiles from stdin and ones the same script wrote", () => {
    expectAll(
      [
        "make -f - <<'EOF'\nall:\n\trm -rf $$HOME\nEOF",
        "make -f - <<'EOF'\nD = /etc\nall:\n\trm -rf $(D)\nEOF",
        "make -f - <<'EOF'\nX := $(shell rm -rf ~)\nall: ; @true\nEOF",
        "make -f /dev/stdin all <<< $'all:\\n\\trm -rf ~'",
        "printf 'all:\\n\\trm -rf ~\\n' > Makefile.gen; make -f Makefile.gen",
        "echo 'x: ; rm -rf /etc' > m.mk && make -f m.mk x",
        "printf '%s\\n' 'all:' '\\trm -rf ~' > /tmp/mk && make -f /tmp/mk",
        "printf '%s\\n' 'all:' '    rm -rf ~' > gen.mk; gmake --file=gen.mk",
      ],
      "hardline",
    );
    expectAll(
      [
        "printf '%s\\n' 'all:' '\\trm -rf ~/snapshots' > /tmp/mk && make -f /tmp/mk",
        "curl -sLo remote.mk https://example.com/x.mk && make -f remote.mk",
      ],
      "dangerous",
    );
    expectAll(
      [
        "make -f - <<'EOF'\nall:\n\t@echo $$HOME\nEOF",
        "printf 'all:\\n\\techo hi\\n' > t.mk && make -f t.mk",
      ],
      "safe",
    );
  });
});

describe("database clients read their here-document", () => {
  it("finds the shell escape on a here-document line that starts with a backslash", () => {
    expectAll(["psql -d app <<'SQL'\n\\! rm -rf /etc\nSQL"], "hardline");
    expectAll(["psql -d app <<'SQL'\n\\! rm -rf ~/projects\nSQL"], "dangerous");
    expectAll(["psql -d app <<'SQL'\n\\dt\nSQL"], "safe");
  });
});

describe("coprocesses run their group", () => {
  it("judges the command or group a coprocess starts", () => {
    expectAll(
      [
        "coproc { dd if=/dev/zero of=/dev/sda; }",
        "coproc ( dd if=/dev/zero of=/dev/sda )",
        "coproc X { dd if=/dev/zero of=/dev/sda; }",
        "coproc X ( rm -rf ~ )",
        "coproc { sleep 1; rm -rf /etc; }",
        "coproc dd if=/dev/zero of=/dev/sda",
      ],
      "hardline",
    );
    expectAll(["coproc bash", "coproc W { python3; }"], "dangerous");
    expectAll(["coproc cat", "coproc { sort; }", "coproc S ( tr a-z A-Z )"], "safe");
  });
});

describe("handlers run later with the script's variables", () => {
  it("judges trap handlers and eval strings with the values the script assigned", () => {
    expectAll(
      [
        "d=/etc; trap 'rm -rf \"$d\"' EXIT",
        "d=/etc; trap 'rm -rf ${d}' INT TERM",
        "d=/etc; eval 'rm -rf $d'",
        "h=~; trap 'rm -rf \"$h\"' EXIT",
      ],
      "hardline",
    );
    expectAll(
      [
        "trap 'rm -rf \"$unknown\"' EXIT",
        'eval "$cmd"',
        "t=$(mktemp -d); trap 'rm -rf \"$t\"/..' EXIT",
      ],
      "dangerous",
    );
  });

  it("treats files the script made with mktemp as its own", () => {
    expectAll(
      [
        "tmpfile=$(mktemp); trap 'rm -f \"$tmpfile\"' EXIT",
        'TMPFILE=$(mktemp) && trap \'rm -f "$TMPFILE"\' EXIT && curl -s http://localhost:8080/api > "$TMPFILE" && jq . "$TMPFILE"',
        'tmp=$(mktemp -d); rm -rf "$tmp"',
        'tmp="$(mktemp -d -t build.XXXXXX)"; trap \'rm -rf "$tmp"\' EXIT',
        'tmp=`mktemp --tmpdir=/var/tmp`; rm -f "$tmp"',
        'tmpdir=$(mktemp -d) && cd "$tmpdir" && git clone https://github.com/acme/sdk . && rm -rf "$tmpdir"',
        'w=$(mktemp -d /tmp/work.XXXXXXXX); cp -r src "$w"; rm -rf "$w"',
      ],
      "safe",
    );
    expectAll(
      ['tmp=$(mktemp -d -p "$BASE"); rm -rf "$tmp"', 'tmp=$(mktemp -d); rm -rf "$tmp" /srv/data'],
      "dangerous",
    );
  });
});
