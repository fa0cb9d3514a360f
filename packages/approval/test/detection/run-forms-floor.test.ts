import { beforeAll, describe, expect, it } from "vitest";
import { detectDangerousCommand, initializeDetector } from "../../src/detection/index.js";
import { createApprovalManager } from "../../src/index.js";
import { tempHome } from "../flows/helpers.js";
import { expectAll, verdictOf } from "./verdicts.js";

// Launchers, command-running forms, the hard-line floor and alias expansion. Commands are data:
// they are only classified here, never run.
describe("forms that run a command the analyser must see through", () => {
  beforeAll(async () => {
    await initializeDetector();
  });

  it("unwraps launchers that run their operands, whatever their options", () => {
    expectAll(
      [
        "setpriv rm -rf /",
        "setpriv --reuid=1000 --regid 1000 --clear-groups rm -rf /etc",
        "prlimit --nofile=100 --nproc=10 rm -rf /",
        "capsh -- -c 'rm -rf /'",
        "capsh --drop=cap_net_raw -- -c 'rm -rf /usr'",
        "numactl --interleave=all rm -rf /etc",
        "numactl -N 0 -m 0 rm -rf /boot",
        "cgexec -g cpu:grp rm -rf /etc",
        "systemd-inhibit --why=upgrade rm -rf /etc",
        "proot -0 -r /tmp/rootfs rm -rf /etc",
        "runcon -t unconfined_t rm -rf /etc",
        "runcon system_u:system_r:unconfined_t:s0 rm -rf /etc",
        "setarch x86_64 -R rm -rf /etc",
        "linux64 rm -rf /etc",
        "start-stop-daemon --start --exec /bin/rm -- -rf /etc",
        "start-stop-daemon -S -x /bin/rm -- -rf /usr",
        "daemonize /bin/rm -rf /etc",
        "xvfb-run -a rm -rf /etc",
        "mpirun -np 2 --host a,b rm -rf /etc",
        "srun -n 1 -p batch rm -rf /etc",
        "sem -j 2 rm -rf /etc",
        "ssh-agent rm -rf /etc",
        "chronic rm -rf /etc",
        "nocache rm -rf /etc",
        "setuidgid bob rm -rf /etc",
        "softlimit -m 100000 rm -rf /etc",
        "envdir ./env rm -rf /etc",
        "sudo setpriv --no-new-privs prlimit --cpu=10 rm -rf /",
      ],
      "hardline",
    );
  });

  it("moves the command when a wrapper changes directory", () => {
    expectAll(
      [
        "env -C / rm -rf etc",
        "env --chdir=/ rm -rf usr",
        "env --chdir / rm -rf boot",
        "sudo --chdir=/ rm -rf etc",
        "sudo -D / rm -rf var",
        "chroot / rm -rf etc",
        "daemonize -c / /bin/rm -rf etc",
        "nsenter --wd=/ rm -rf etc",
      ],
      "hardline",
    );
    expectAll(["env -C build rm -rf out", "sudo -D ./app rm -rf cache"], "safe");
  });

  it("judges a command word the environment or a default may set", () => {
    expectAll(
      [
        "${BASH:-/bin/true} -c 'rm -rf /'",
        "$BASH -c 'rm -rf /'",
        "${SHELL} -c 'rm -rf /etc'",
        "${x:-ls} -rf /",
        "${x:=true} -rf /etc",
        "${x:+rm} -rf /",
        "$UNKNOWN -rf /",
        '"$0" -c "rm -rf /"',
      ],
      "hardline",
    );
    expectAll(["${EDITOR:-vi} notes.txt", "${PAGER:-less} README.md"], "safe");
    expect(verdictOf("rm -rf ${dir:-build}")).toBe("dangerous");
  });

  it("reads mapfile callbacks, argument-borne code, git's environment settings", () => {
    expectAll(
      [
        "mapfile -C 'rm -rf / #' -c 1 a <<< x",
        "readarray -c 1 -C 'rm -rf /etc #' lines < list.txt",
        'python3 -c "import sys; exec(sys.argv[1])" "import os; os.system(\'rm -rf /\')"',
        "python3 -c 'import os,sys; os.system(sys.argv[1])' 'rm -rf /etc'",
        "perl -e 'system @ARGV' rm -rf /",
        "node -e 'require(\"child_process\").execSync(process.argv[1])' 'rm -rf /'",
        "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.zz GIT_CONFIG_VALUE_0='!rm -rf /' git zz",
        "env GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.pager GIT_CONFIG_VALUE_0='rm -rf /etc' git log",
      ],
      "hardline",
    );
    expectAll(
      [
        "python3 -c 'import sys; exec(sys.argv[1])' \"$CODE\"",
        'GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.zz GIT_CONFIG_VALUE_0="$X" git zz',
      ],
      "flagged",
    );
    expectAll(
      [
        "python3 -c 'import sys; print(sys.argv[1])' hello",
        "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=user.name GIT_CONFIG_VALUE_0=bob git commit -m x",
        "mapfile -t lines < list.txt",
      ],
      "safe",
    );
  });

  it("follows bash's alias tables, eval alias and aliases ending in a blank", () => {
    expectAll(
      [
        "eval alias ll2=rm\nll2 -rf /",
        "eval 'alias ll2=rm'; ll2 -rf /etc",
        "builtin alias zz=rm; zz -rf /",
        "BASH_ALIASES[ll3]=rm\nll3 -rf /",
        "BASH_ALIASES+=([q]='rm -rf'); q /etc",
        "declare -A BASH_ALIASES=([z]=rm); z -rf /",
        "BASH_CMDS[l]=/bin/rm; l -rf /",
        "BASH_CMDS[ls]=/bin/rm\nls -rf /usr",
        "alias s='command '; alias l=rm\ns l -rf /",
        "alias s='sudo '; alias t='nice '; alias l=rm; s t l -rf /etc",
      ],
      "hardline",
    );
  });

  it("judges an unknown program's operands that read as a dangerous command", () => {
    expectAll(["frobnicate rm -rf /etc", "mytool --quiet bash -c 'rm -rf /'"], "hardline");
    expectAll(
      ["mytool rm build", "helper install rm", "echo rm -rf /", "grep -r 'rm -rf /' docs"],
      "safe",
    );
  });

  it("keeps the machine's floor hard-line", () => {
    expectAll(
      [
        "mv / /tmp",
        "mv /etc /tmp/etc",
        "mv ~ /tmp/h",
        "mv -t /tmp /usr",
        "echo b > /proc/sysrq-trigger",
        "printf c | sudo tee /proc/sysrq-trigger",
        "parted /dev/sda mklabel gpt",
        "parted -s /dev/nvme0n1 mktable msdos",
        "sfdisk --delete /dev/sda",
        "mdadm --zero-superblock /dev/sdb1",
        "setpriv mv / /tmp/x",
      ],
      "hardline",
    );
    expectAll(["mv ./build /tmp/old-build", "parted /dev/sda print"], "safe");
  });

  it("decides an alias or function bomb quickly and within the work budget", () => {
    const lines = ["alias a0=:"];
    for (let i = 1; i <= 5; i++)
      lines.push(
        `alias a${i}='${Array(12)
          .fill(`a${i - 1}`)
          .join(";")}'`,
      );
    for (const command of [`${lines.join("\n")}\na5`, lines.join("; ")]) {
      expect(() => detectDangerousCommand(command)).not.toThrow();
    }
    const deep = ["alias b0=:"];
    for (let i = 1; i <= 9; i++)
      deep.push(`alias b${i}='b${i - 1} b${i - 1} && b${i - 1}; b${i - 1}'`);
    deep.push("b9 && alias c=rm && c -rf /");
    const found = detectDangerousCommand(deep.join("\n"));
    expect(found).not.toBeNull();
  });
});

describe("deny globs see long options as their short letters", () => {
  beforeAll(async () => {
    await initializeDetector();
  });

  it.each([
    "rm --recursive --force ./x",
    "rm --rec --fo ./x",
    "rm -r --force ./x",
    "rm --force -r ./x",
    "setpriv rm --recursive --force ./x",
    "capsh -- -c 'rm --recursive --force ./x'",
  ])("%j is denied by `rm -rf *`", async (command) => {
    const home = await tempHome('approvals:\n  mode: "off"\n  deny:\n    - "rm -rf *"\n');
    const manager = createApprovalManager({ home: home.path, env: {}, interactive: false });
    const result = await manager.checkDangerousCommand(command, { envType: "local" });
    expect(result).toMatchObject({ approved: false, userDeny: true });
  });

  it("leaves other rm lines to the mode", async () => {
    const home = await tempHome('approvals:\n  mode: "off"\n  deny:\n    - "rm -rf *"\n');
    const manager = createApprovalManager({ home: home.path, env: {}, interactive: false });
    const result = await manager.checkDangerousCommand("rm --verbose ./x", { envType: "local" });
    expect(result.approved).toBe(true);
  });
});
