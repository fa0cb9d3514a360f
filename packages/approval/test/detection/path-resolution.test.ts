// Where a path really points: symlinks in the tree (made by the line, or already on this
// machine's filesystem), CDPATH searched by `cd`, data moved into the tree from outside, and
// delete targets only known at run time that may be the root or a system directory. Commands
// are data: they are only classified here, never run; the links made point at `/`, `/etc`
// and a nonexistent directory, and nothing is deleted through them.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { initializeDetector, type CommandContext } from "../../src/detection/index.js";
import { verdictOf } from "./verdicts.js";

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

describe("links the line makes", () => {
  beforeAll(async () => {
    await initializeDetector();
  });

  it("judges a path through a link the line made as what the link points at", () => {
    expectIn(
      PROJECT,
      [
        "ln -s / r && rm -rf r/*",
        "ln -s / r; rm -rf r/etc",
        "ln -sfn /etc e; rm -rf e/ssh",
        "ln -s -f -n /etc e && rm -r e/",
        "ln --symbolic /usr/lib l && rm -rf l/",
        "ln -s ~ h && rm -rf h/*",
        "ln -s /etc links/ && rm -rf links/etc/ssh",
        "ln -s -t links / && rm -rf links/*",
        "cp -s / r && rm -rf r/*",
        "ln -s / r && cd r && rm -rf *",
        "ln -s / r && cd r/etc && rm -rf .",
        "ln -s / a && ln -s a/etc b && rm -rf b/ssh",
      ],
      "hardline",
    );
    expectIn(
      PROJECT,
      [
        "ln -s /srv/data d && rm -rf d/inner",
        "ln -s ../../other o && rm -rf o/inner",
        'ln -s "$x" r && rm -rf r/inner',
        "ln /etc/passwd p && echo x > p",
        "ln -s /etc/hosts h && echo x >> h",
      ],
      "flagged",
    );
  });

  it("asks before a link to the root, a system directory or the home is made", () => {
    expectIn(
      PROJECT,
      ["ln -s / r", "ln -sfn /etc e", "ln -s ~ h", "ln -s /usr/lib l", "sudo ln -s / /srv/r"],
      "dangerous",
    );
  });

  it("keeps ordinary links and deletes in the tree allowed", () => {
    expectIn(
      PROJECT,
      [
        "ln -s ../shared/config.yml config.yml",
        "ln -sf /usr/bin/python3 venv/bin/python",
        "ln -s build/out dist && rm -rf dist/cache",
        "ln -s src/lib lib && rm -rf lib/old",
        "rm -rf build && ln -s /tmp/cache build",
        "rm -f venv/bin/python",
      ],
      "safe",
    );
  });
});

describe("links already on this machine's filesystem", () => {
  let tree = "";
  let context: CommandContext = {};
  beforeAll(async () => {
    await initializeDetector();
    tree = mkdtempSync(path.join(tmpdir(), "hermes-links-"));
    mkdirSync(path.join(tree, "src"));
    symlinkSync("/", path.join(tree, "to-root"));
    symlinkSync("/etc", path.join(tree, "to-etc"));
    symlinkSync(path.join(tree, "to-etc"), path.join(tree, "chain"));
    symlinkSync("/hermes-nonexistent-dir/v4", path.join(tree, "dangling"));
    symlinkSync("src", path.join(tree, "inner-link"));
    context = { cwd: tree, workspace: tree, home: "/root", hostFilesystem: true };
  });
  afterAll(() => {
    rmSync(tree, { recursive: true, force: true });
  });

  it("follows them before judging a delete or a write", () => {
    expectIn(
      context,
      [
        "rm -rf to-root/*",
        "rm -rf to-root/etc",
        "rm -rf to-etc/ssh",
        "rm -rf chain/ssh",
        "rm -rf ./to-root/usr",
        "cd to-root && rm -rf *",
        "cd to-etc && rm -rf .",
        "pushd to-etc && rm -rf ssh",
        "cd chain; rm -rf ssh",
      ],
      "hardline",
    );
    expectIn(
      context,
      [
        "rm -rf dangling/inner",
        "cd dangling && rm -rf inner",
        "echo x > to-etc/passwd",
        "echo x > chain/hosts",
        "find to-root/ -delete",
        "find to-etc/ -name '*.conf' -delete",
      ],
      "flagged",
    );
    expectIn(
      { ...context, cwd: path.join(tree, "to-etc") },
      ["rm -rf ssh", "rm -rf *"],
      "hardline",
    );
  });

  it("leaves links that stay in the tree, and removing a link itself, alone", () => {
    expectIn(
      context,
      ["rm -rf inner-link/build", "rm -f to-root", "rm to-etc", "unlink dangling", "rm -rf src/x"],
      "safe",
    );
  });

  it("does not follow them when the paths are not this machine's", () => {
    const remote = { ...context, hostFilesystem: false };
    expect(verdictOf("rm -rf to-etc/ssh", remote)).toBe("safe");
  });
});

describe("CDPATH", () => {
  beforeAll(async () => {
    await initializeDetector();
  });

  it("judges a relative cd by the most dangerous place CDPATH may send it", () => {
    expectIn(
      PROJECT,
      [
        "CDPATH=/ ; cd etc && rm -rf ssh",
        "CDPATH=/; cd etc && rm -rf .",
        "export CDPATH=/; cd etc && rm -rf *",
        "CDPATH=/ cd etc && rm -rf .",
        "CDPATH=.:/ ; cd etc && rm -rf .",
        'CDPATH="/usr:/" ; cd lib && rm -rf .',
        "declare -x CDPATH=/; cd etc; rm -rf ssh",
        "CDPATH=$(echo /); cd etc && rm -rf inner",
        "read CDPATH <<< /x; cd etc && rm -rf inner",
      ],
      "hardline",
    );
    expectIn(
      PROJECT,
      ["CDPATH=/srv/data; cd v3 && rm -rf inner", "export CDPATH=/tmp/m; cd v3 && rm -rf inner"],
      "flagged",
    );
    expectIn({ ...PROJECT, environment: { CDPATH: "/" } }, ["cd etc && rm -rf ssh"], "hardline");
    expectIn(
      { ...PROJECT, environment: { CDPATH: "/srv" } },
      ["cd data && rm -rf inner"],
      "flagged",
    );
  });

  it("leaves cd ./dir, cd ../dir and an unset CDPATH alone", () => {
    expectIn(
      PROJECT,
      [
        "CDPATH=/; cd ./etc && rm -rf inner",
        "cd build && rm -rf inner",
        "unset CDPATH; cd build && rm -rf inner",
      ],
      "safe",
    );
  });
});

describe("data moved into the tree from outside", () => {
  beforeAll(async () => {
    await initializeDetector();
  });

  it("asks before taking data away from outside the tree", () => {
    expectIn(
      PROJECT,
      [
        "mv ~/Documents ./d",
        "mv /home/bob/project ./x",
        "mv /srv/data ./x",
        "mv /srv/data /opt/other .",
        "mv -t . /srv/data",
        "mv --target-directory=sub /srv/data",
      ],
      "dangerous",
    );
  });

  it("judges a later delete of the moved name as a delete outside the tree", () => {
    expectIn(
      PROJECT,
      [
        "mv /tmp/m/x47 ./moved47 && rm -rf moved47",
        "mv /tmp/m/x47 sub/ && rm -rf sub/x47",
        "mv /tmp/m/x47 sub/ && rm -rf sub",
        "mv /var/tmp/y ./y; rm -rf ./y/inner",
      ],
      "flagged",
    );
    expectIn(
      { ...PROJECT, movedIn: ["/home/alice/proj/moved"] },
      ["rm -rf moved", "rm -rf mov*"],
      "flagged",
    );
  });

  it("keeps moves inside the tree and from temp dirs allowed", () => {
    expectIn(
      PROJECT,
      ["mv build dist", "mv /tmp/out.tar.gz .", "mv src/a.ts src/b.ts && rm -rf build"],
      "safe",
    );
  });
});

describe("delete targets only known at run time", () => {
  beforeAll(async () => {
    await initializeDetector();
  });

  it("are hard-line when the line may hand them the root or a system directory", () => {
    expectIn(
      PROJECT,
      [
        'rm -rf "$(dirname /etc)"',
        'rm -rf "$(cd /; pwd)"',
        'cd /etc && rm -rf "${PWD%/*}"',
        'rm -rf "${PWD%/*}"',
        'cd / && cd /tmp && rm -rf "$OLDPWD"',
        'cd "$(dirname /etc)" && rm -rf *',
        "find / | xargs rm -rf",
        "ls / | xargs rm -rf",
        "ls -d /etc/* | xargs -n1 rm -rf",
        'set -- /etc; rm -rf "$1"',
        "read d <<< /etc; rm -rf $d",
        'mapfile -t a <<< /etc; rm -rf "${a[@]}"',
        'readarray a < <(echo /usr); rm -rf "${a[@]}"',
        "declare -n r=x; x=/etc; rm -rf $r",
        'x=/; rm -rf "$x"',
        'd=$(echo ~); rm -rf "$d"',
        'find "$(dirname /etc)" -delete',
        'rm --recursive "$(realpath /etc/..)"',
      ],
      "hardline",
    );
  });

  it("stay approval-tier when nothing in the line reaches a system path", () => {
    expectIn(
      PROJECT,
      ['rm -rf "$dir"', "rm -rf $(find . -name __pycache__)", "cat list | xargs rm -rf"],
      "dangerous",
    );
  });
});
