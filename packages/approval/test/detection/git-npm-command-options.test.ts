import { beforeAll, describe, it } from "vitest";
import { initializeDetector } from "../../src/detection/index.js";
import { expectAll } from "./verdicts.js";

// Options of git and npm whose value is a command git or npm runs. Commands are only parsed.
describe("git and npm options that run commands", () => {
  beforeAll(async () => {
    await initializeDetector();
  });

  it("analyses the command they run", () => {
    expectAll(
      [
        "git difftool -y -x 'rm -rf ~' HEAD~1",
        "git difftool --extcmd='rm -rf ~' main",
        "git -C repo difftool --no-prompt --extcmd 'kill -9 -1'",
        "git grep -O'rm -rf ~' TODO",
        "git grep --open-files-in-pager='rm -rf /' x",
        "git -c protocol.ext.allow=always clone 'ext::sh -c rm% -rf% ~' /tmp/x",
        "git -c protocol.ext.allow=always fetch 'ext::bash -c reboot'",
        "git -c protocol.ext.allow=always ls-remote 'ext::rm -rf ~'",
        "npm explore lodash -- rm -rf ~",
        "npm explore left-pad -- sh -c 'kill -9 -1'",
      ],
      "hardline",
    );
  });

  it("leaves ordinary uses alone", () => {
    expectAll(
      [
        "git difftool -y HEAD~1",
        "git difftool --tool=meld main",
        "git grep -O TODO",
        "git grep -n -e foo -- src",
        "git clone https://github.com/a/b.git",
        "npm explore lodash -- ls",
        "npm explore lodash",
      ],
      "safe",
    );
  });
});
