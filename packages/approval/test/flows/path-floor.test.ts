// The hard-line floor holds wherever a path really points: through a symlink in the tree
// (local backend: followed on this filesystem), through CDPATH, and for delete targets only
// known at run time that the line may make the root or a system directory. `approvals.mode:
// off` approves everything else, so only the floor stands between these and running. Commands
// are data: only checked here; the links made point at `/` and `/etc` and nothing runs.
import { mkdirSync, symlinkSync } from "node:fs";
import path from "node:path";
import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createApprovalManager, type ApprovalManager } from "../../src/index.js";
import { tempHome } from "./helpers.js";

let tree: TempDir;
let manager: ApprovalManager;

beforeAll(async () => {
  tree = await createTempDir("hermes-path-floor-");
  mkdirSync(path.join(tree.path, "src"));
  symlinkSync("/", path.join(tree.path, "to-root"));
  symlinkSync("/etc", path.join(tree.path, "to-etc"));
  const home = await tempHome('approvals:\n  mode: "off"\n');
  manager = createApprovalManager({ home: home.path, env: {}, interactive: false });
});
afterAll(async () => {
  await tree.remove();
});

const check = (command: string, envType = "local", cwd = tree.path) =>
  manager.checkDangerousCommand(command, {
    envType,
    sessionKey: "s",
    context: "unattended",
    commandContext: { cwd, workspace: tree.path, home: "/root" },
  });

describe("with approvals off, the floor still holds", () => {
  test.each([
    "rm -rf to-root/etc",
    "rm -rf to-root/*",
    "rm -rf to-etc/",
    "cd to-root && rm -rf *",
    "cd to-etc && rm -rf .",
    "pushd to-root && rm -rf usr",
    "find to-root/ -delete",
    "find to-root/ -name '*.conf' -delete",
    "ln -s / r && rm -rf r/*",
    "CDPATH=/ ; cd etc && rm -rf ssh",
    "export CDPATH=/; cd etc && rm -rf .",
    'rm -rf "$(dirname /etc)"',
    'rm -rf "$(cd /; pwd)"',
    'cd /etc/ssh && rm -rf "${PWD%/*}"',
    'cd / && cd /tmp && rm -rf "$OLDPWD"',
    'cd "$(dirname /etc)" && rm -rf *',
    "find / | xargs rm -rf",
    "ls / | xargs rm -rf",
    'set -- /etc; rm -rf "$1"',
    "read d <<< /etc; rm -rf $d",
    'mapfile -t a <<< /etc; rm -rf "${a[@]}"',
    "declare -n r=x; x=/etc; rm -rf $r",
    "chattr -R +i /",
    "chattr -R -a /",
    "setfacl -R -b /",
    "setfacl --recursive -m u:nobody:rwx /",
    "pwsh -c 'Remove-Item -Recurse -Force /etc'",
    "IFS=,; x=rm,-rf,/etc; $x",
  ])("%s is refused", async (command) => {
    const result = await check(command);
    expect(result, command).toMatchObject({ approved: false, outcome: "hardline" });
  });

  test("a workdir through a link is judged where it points", async () => {
    const result = await check("rm -rf ssh", "local", path.join(tree.path, "to-etc"));
    expect(result).toMatchObject({ approved: false, outcome: "hardline" });
  });

  test("removing the link itself, and work inside the tree, pass", async () => {
    for (const command of ["rm -f to-root", "rm -rf src/build", "unlink to-etc"])
      expect(await check(command), command).toMatchObject({ approved: true });
  });

  test("links are not followed on this machine for a backend whose paths are elsewhere", async () => {
    expect(await check("rm -rf to-etc/ssh", "ssh")).toMatchObject({ approved: true });
  });
});
