import { beforeAll, describe, it } from "vitest";
import { initializeDetector } from "../../src/detection/index.js";
import { expectAll } from "./verdicts.js";

// Code installed to run later by itself: unit files, login items, timers, git hooks.
// Commands are only parsed, never run.
describe("persistence", () => {
  beforeAll(async () => {
    await initializeDetector();
  });

  it("flags units, login items, timers and hooks installed to run later", () => {
    expectAll(
      [
        "sudo systemctl enable --now /tmp/agent.service",
        "systemctl --user enable ./helper.service",
        "systemctl link /opt/x/x.service",
        "systemctl --user reenable $HOME/u.service",
        "cp agent.desktop ~/.config/autostart/",
        "install -m 644 x.desktop ~/.config/autostart",
        "mv helper.service ~/.config/systemd/user/",
        "cp com.x.plist ~/Library/LaunchAgents",
        "launchctl load -w ~/Library/LaunchAgents/com.update.helper.plist",
        "launchctl bootstrap gui/501 /tmp/x.plist",
        "launchctl submit -l x -- /tmp/x.sh",
        "echo 'make lint' > .git/hooks/pre-commit && chmod +x .git/hooks/pre-commit",
        "cp scripts/hook ../repo/.git/hooks/post-checkout",
        "tee .git/hooks/pre-push <<< 'true'",
        "systemd-run --user --on-calendar='*:0/5' /tmp/beacon.sh",
        "systemd-run --on-boot=60 /tmp/x.sh",
        "sudo systemd-run --on-active 30 --timer-property=AccuracySec=1s /tmp/x",
      ],
      "flagged",
    );
  });

  it("leaves ordinary service and hook handling alone", () => {
    expectAll(
      [
        "systemctl status nginx",
        "systemctl --user enable --now syncthing.service",
        "sudo systemctl enable docker",
        "launchctl list",
        "ls ~/.config/autostart/",
        "cat .git/hooks/pre-commit.sample",
        "ls .git/hooks",
        "systemd-run --user --scope make",
        "systemd-run --wait -p MemoryMax=1G ./bench.sh",
      ],
      "safe",
    );
  });
});
