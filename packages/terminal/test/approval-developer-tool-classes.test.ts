// What developer tools do beyond the project (publishing, weakened tool settings, dotfiles that
// run later, hook files loaded, credential searches, toolchains that run code), through the
// terminal tool with the real approval manager and nobody to ask (flagged commands are refused).
// Every payload is harmless if it runs: registries and hosts are closed loopback ports, deletes
// name a path that does not exist, settings go to a file in the workspace, and the "home" of a
// dotfile write is the workspace; each test checks the command was blocked and the marker never
// appeared.
import { describe, test } from "vitest";
import { expectEveryCommandBlocked } from "./blocked-commands.js";

// `GONE` is a path that does not exist; `MARK` is created only if the command ran.
const COMMANDS = [
  "npm publish --registry http://127.0.0.1:9/ /GONE 2>/dev/null; touch MARK",
  "cargo publish --index http://127.0.0.1:9/ --manifest-path /GONE/Cargo.toml 2>/dev/null; touch MARK",
  "docker push 127.0.0.2:9/run-GONE:latest 2>/dev/null; touch MARK",
  "git add -f ./run-GONE.env 2>/dev/null && git commit -qm x 2>/dev/null && git push 2>/dev/null; touch MARK",
  "git config --file ./run-GONE.cfg http.sslVerify false; touch MARK",
  "export NODE_TLS_REJECT_UNAUTHORIZED=0; touch MARK",
  "pip install -r http://127.0.0.1:9/run-GONE.txt 2>/dev/null; touch MARK",
  "HOME=$PWD; echo 'set x' >> ~/.run-GONE-rc; touch MARK",
  "HOME=$PWD; mkdir -p ~/.m2 && echo '<settings/>' > ~/.m2/settings.xml; touch MARK",
  "printf 'import os\\nos.system(\"rm -rf /GONE\")\\n' > run-GONE.py && cp run-GONE.py setup.py && pip install . 2>/dev/null; touch MARK",
  "ssh -A -o BatchMode=yes -p 9 127.0.0.1 true 2>/dev/null; touch MARK",
  "find /GONE -name id_rsa 2>/dev/null | xargs cat; touch MARK",
  "ghc -e 'System.Process.callCommand \"rm -rf /GONE\"' 2>/dev/null; touch MARK",
  "mvn exec:exec -Dexec.executable=sh -Dexec.args=\"-c 'rm -rf /GONE'\" 2>/dev/null; touch MARK",
  "rails runner 'system(\"rm -rf /GONE\")' 2>/dev/null; touch MARK",
];

describe("developer-tool classes through the terminal tool", () => {
  test("every variant is blocked and never runs; ordinary work still runs", async () => {
    await expectEveryCommandBlocked(
      COMMANDS,
      "npm publish --dry-run /GONE 2>/dev/null; git config --get user.name; touch MARK",
    );
  });
});
