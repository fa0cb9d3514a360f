import { beforeAll, describe, it } from "vitest";
import { initializeDetector } from "../../src/detection/index.js";
import { expectAll } from "./verdicts.js";

// Payloads are data: every command here is only parsed, never run.
describe("wrappers and tool options that run commands", () => {
  beforeAll(async () => {
    await initializeDetector();
  });

  it("reads su, sudo -s/-i and doas the way they run commands", () => {
    expectAll(
      [
        "su -lc 'rm -rf /'",
        "su -c 'rm -rf ~' root",
        "su - root -c 'rm -rf /etc'",
        "su --command='rm -rf /' bob",
        "su --comm 'rm -rf /'",
        "su --session-command 'rm -rf ~'",
        "runuser -u bob -- sh -c 'rm -rf ~'",
        "sudo -s 'rm -rf /'",
        "sudo -s rm -rf /",
        "sudo -i rm -rf /usr",
        "sudo --shell 'rm -rf /'",
        "sudo --sh rm -rf /etc",
        "sudo -u root -- rm -rf /",
        "sudo -E -H -u root env rm -rf /",
      ],
      "hardline",
    );
    expectAll(
      [
        "sudo -i",
        "sudo -s",
        "sudo -sE",
        "sudo --login",
        "sudo --user=root --shell",
        "sudo bash",
        "sudo /bin/sh",
        "sudo env /bin/sh",
        "sudo -u root zsh -l",
        "sudo su",
        "sudo su -",
        "su",
        "su -",
        "su -l root",
        "doas -s",
        "pkexec /bin/sh",
        "pkexec",
        "sudo find . -exec /bin/sh \\; -quit",
        "sudo python3",
        "sudo setcap cap_setuid+ep /usr/bin/python3",
        "setcap cap_net_raw+ep ./tool",
      ],
      "flagged",
    );
    expectAll(
      ["sudo apt-get update", "sudo -u postgres psql -c 'select 1'", "su -c 'ls /tmp' bob"],
      "safe",
    );
  });

  it("reads terminal multiplexers, script and expect", () => {
    expectAll(
      [
        "script -qc 'rm -rf ~' /dev/null",
        "script -q -c 'rm -rf ~' /dev/null",
        "script --command 'rm -rf /' log",
        "script --comm='rm -rf /' log",
        "tmux new-session -d 'rm -rf ~'",
        "tmux new -d -s x 'rm -rf ~'",
        "tmux new-window 'rm -rf /etc'",
        "tmux split-window -h 'rm -rf ~'",
        "tmux send-keys -t 0 'rm -rf ~' Enter",
        "tmux send -t s:0 'rm -rf /' C-m",
        "tmux run-shell 'rm -rf ~'",
        "tmux new -d \\; send-keys 'rm -rf ~' Enter",
        "screen -dm bash -c 'rm -rf ~'",
        "screen -dmS job rm -rf ~",
        "screen -S s -X stuff 'rm -rf ~^M'",
        "expect -c 'spawn rm -rf ~'",
        "expect -c 'spawn sh; send \"rm -rf ~\\r\"'",
        "expect -c 'exec rm -rf /etc'",
        "expect <<< 'spawn rm -rf ~'",
        'expect -c "spawn sh -c {rm -rf ~}"',
      ],
      "hardline",
    );
    expectAll(
      ["tmux ls", "tmux attach -t main", "screen -ls", "script -q out.log", "expect -c 'spawn ls'"],
      "safe",
    );
  });

  it("reads git options and subcommands that run commands", () => {
    expectAll(
      [
        "git clone --upload-pack='rm -rf ~' x y",
        "git clone -u 'rm -rf ~' x y",
        "git clone --upload-pack 'rm -rf ~' repo",
        "git fetch --upload-pack='rm -rf /' origin",
        "git ls-remote --upload-pack='rm -rf ~' origin",
        "git push --receive-pack='rm -rf ~' origin",
        "git rebase -x 'rm -rf ~' HEAD~3",
        "git rebase --exec='rm -rf ~' main",
        "git rebase -i --exec 'rm -rf /' main",
        "git rebase --exe 'rm -rf /' main",
        "git submodule foreach 'rm -rf ~'",
        "git submodule foreach --recursive rm -rf ~",
        "git bisect run rm -rf ~",
        "git -C /tmp/r submodule foreach 'rm -rf ~'",
        "git -c core.sshCommand='rm -rf ~' fetch",
        "git -c core.pager='rm -rf ~' log",
        "git -c core.fsmonitor='rm -rf ~' status",
        "git -c alias.x='!rm -rf ~' x",
      ],
      "hardline",
    );
    expectAll(["git -c core.hooksPath=/tmp/h commit -m x"], "flagged");
    expectAll(
      ["git clone https://example.com/r.git", "git rebase -i main", "git submodule update --init"],
      "safe",
    );
  });

  it("reads SQL client shell escapes", () => {
    expectAll(
      [
        "psql -c '\\! rm -rf ~'",
        "psql --command='\\! rm -rf ~'",
        "echo '\\! rm -rf ~' | psql",
        "psql <<< '\\! rm -rf /'",
        "psql -c \"COPY t FROM PROGRAM 'rm -rf ~'\"",
        "psql -c '\\o |rm -rf ~'",
        "mysql -e '\\! rm -rf ~'",
        "mysql -e 'system rm -rf ~'",
        "sqlite3 db '.shell rm -rf ~'",
        "sqlite3 db '.system rm -rf ~'",
        "sqlite3 -cmd '.shell rm -rf ~' db",
        "echo '.system rm -rf /' | sqlite3 db",
        "sqlite3 db '.once |rm -rf ~'",
        "sqlite3 x.db \".system 'rm -rf ~'\"",
      ],
      "hardline",
    );
    expectAll(["psql -c 'select 1'", "sqlite3 db '.tables'", "psql -c '\\dt'"], "safe");
  });

  it("reads sed, make and package scripts", () => {
    expectAll(
      [
        "sed 'e rm -rf ~' f",
        "sed -e '1e rm -rf ~' f",
        "sed '$e rm -rf ~' f",
        "sed '/x/e rm -rf /' f",
        "sed 's/.*/rm -rf ~/e' f",
        "sed -n 's/^/x/;1e rm -rf ~' f",
        "sed --expression='1e rm -rf /etc' f",
        "make -f - <<< $'all:\\n\\trm -rf ~'",
        "make -f /dev/stdin <<< $'all:\\n\\trm -rf ~'",
        "make --eval=$'all:\\n\\trm -rf ~'",
        "make -E $'x:\\n\\trm -rf /' x",
        "make --eval='X := $(shell rm -rf ~)'",
        "npm pkg set scripts.postinstall='rm -rf ~' && npm install",
        "npm pkg set 'scripts.build=rm -rf /' && npm run build",
        "npx -c 'rm -rf ~'",
        "npx --call='rm -rf ~'",
        "npm exec -c 'rm -rf /'",
      ],
      "hardline",
    );
    expectAll(
      [
        "sed 's/x/y/w /etc/passwd' f",
        "sed -n 'w /etc/shadow' f",
        "sed 'e' script.txt",
        "sed '1!G;h;$!d' f | sed 's/x/y/e'",
      ],
      "flagged",
    );
    expectAll(
      [
        "sed -n '1p' f",
        "sed -i 's/a/b/g' src/x.ts",
        "sed '/^#/d' f",
        "sed 's/e/E/g' f",
        "make -j4",
        "make test",
        "npm pkg set name=foo",
        "npx prettier --check .",
      ],
      "safe",
    );
  });

  it("reads containers, remote runners and option values that are not subcommands", () => {
    expectAll(
      [
        "docker run --rm -v $HOME:/h busybox rm -rf /h",
        "docker run -v /:/host alpine rm -rf /host/etc",
        "podman run --rm -v /etc:/e alpine rm -rf /e",
        "pssh -h hosts.txt 'rm -rf /'",
        "ansible all -m shell -a 'rm -rf /'",
        "ansible all -b -m command -a 'rm -rf ~'",
      ],
      "hardline",
    );
    expectAll(
      [
        "docker exec app sh -c 'rm -rf /data'",
        "ansible all -b -m command -a 'reboot'",
        "hermes -p work gateway stop",
        "hermes --profile work gateway restart",
        "git reset --h",
        "git reset --har HEAD~1",
        "sudo --stdi rm x",
        "sudo --ask true",
        "rm --recurs --force /",
        "git -C dir push --force",
        "docker -H tcp://127.0.0.1:1 run --privileged -v /:/h alpine",
      ],
      "flagged",
    );
    expectAll(
      ["docker run --rm alpine echo hi", "ansible all -m ping", "hermes -p work status"],
      "safe",
    );
  });
});
