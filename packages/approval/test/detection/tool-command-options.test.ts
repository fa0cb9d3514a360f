import { beforeAll, describe, it } from "vitest";
import { initializeDetector } from "../../src/detection/index.js";
import { expectAll } from "./verdicts.js";

// Tools that write files or run shell commands through their own options or scripts.
// Commands are only parsed, never run.
describe("find output files, strace output pipes and ed shell escapes", () => {
  beforeAll(async () => {
    await initializeDetector();
  });

  it("flags writes into sensitive files and commands the tools run", () => {
    expectAll(
      [
        "find . -maxdepth 0 -fprintf ~/.bashrc 'echo hi\\n'",
        "sudo find . -maxdepth 0 -fprintf /etc/cron.d/x '* * * * * root /tmp/x\\n'",
        "find /tmp -fprint ~/.ssh/authorized_keys",
        "find . -fls /etc/profile.d/x.sh",
      ],
      "flagged",
    );
    expectAll(
      [
        "strace -o '!rm -rf ~' true",
        "strace -f --output='|kill -9 -1' ls",
        "ltrace -o'!reboot' true",
        "ed -s /dev/null <<< '!rm -rf ~'",
        "ed file.txt <<EOF\n1p\n!reboot\nq\nEOF",
        "red -s x <<< 'r !rm -rf /'",
      ],
      "hardline",
    );
  });

  it("leaves ordinary uses alone", () => {
    expectAll(
      [
        "find . -name '*.ts' -fprint /tmp/files.txt",
        "find . -fprintf out.txt '%p\\n'",
        "strace -o trace.log ls",
        "strace -f -o /tmp/s.txt ./app",
        "ed -s file.txt <<< $',s/foo/bar/g\\nw\\nq'",
        "ed -s notes.txt <<< '!ls'",
      ],
      "safe",
    );
  });
});
