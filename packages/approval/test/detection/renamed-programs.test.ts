import { beforeAll, describe, it } from "vitest";
import { initializeDetector } from "../../src/detection/index.js";
import { expectAll } from "./verdicts.js";

// A program copied or linked to a new name still runs as itself, also behind a wrapper or a
// PATH override. Commands are only parsed, never run.
describe("programs run under another name", () => {
  beforeAll(async () => {
    await initializeDetector();
  });

  it("judges the real program", () => {
    expectAll(
      [
        "ln -s /sbin/reboot ./build && sudo ./build",
        "ln -sf /usr/bin/dd ~/bin/copy && sudo ~/bin/copy if=/dev/zero of=/dev/sda",
        "cat /bin/rm > ./lint && chmod +x ./lint && ./lint -rf $HOME",
        "cat /bin/rm > tool; chmod +x tool; nice -n 5 ./tool -rf ~",
        "mkdir -p /tmp/b && ln -sf /bin/rm /tmp/b/echo && env PATH=/tmp/b echo -rf ~",
        "cp /sbin/reboot /tmp/b/ls && PATH=/tmp/b:/usr/bin timeout 5 ls",
        "ln /bin/rm ./x; doas ./x -rf /",
      ],
      "hardline",
    );
  });

  it("leaves ordinary copies and wrappers alone", () => {
    expectAll(
      [
        "ln -s /usr/bin/python3 ./py && sudo ./py --version",
        "cat a.txt > b.txt && nice ./b.txt",
        "cp /bin/ls ./myls && sudo ./myls -la",
        "env PATH=/opt/tools/bin make",
      ],
      "safe",
    );
  });
});
