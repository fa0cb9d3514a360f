// Command words that run files from a directory the session added to PATH, on the local
// backend: looked up on this machine, and judged by approval through the terminal tool.
import { createApprovalManager } from "@hermes-agent/approval";
import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { chmodSync, copyFileSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createLocalEnvironment } from "../src/index.js";
import { findExecutable } from "../src/executables.js";
import { describePathCommands } from "./path-commands.js";
import { createHarness, type Harness } from "./tool-harness.js";

let root: TempDir;
beforeAll(async () => {
  root = await createTempDir("hermes-path-commands-");
});
afterAll(async () => {
  await root.remove();
});

describePathCommands("local", () => createLocalEnvironment({ cwd: root.path, killGraceMs: 300 }));

describe("through the terminal tool, with the real approval manager", () => {
  let harness: Harness;
  let bin: string;
  let marker: string;
  beforeAll(async () => {
    const home = await createTempDir("hermes-path-commands-home-");
    writeFileSync(path.join(home.path, "config.yaml"), "approvals:\n  mode: manual\n");
    const manager = createApprovalManager({ home: home.path, env: {}, interactive: false });
    harness = await createHarness({ approval: manager });
    bin = path.join(harness.dir.path, "tools");
    marker = path.join(harness.dir.path, "payload-ran");
    mkdirSync(bin);
    const put = (name: string, text: string): void => {
      writeFileSync(path.join(bin, name), text);
      chmodSync(path.join(bin, name), 0o755);
    };
    // Harmless if they run: the delete targets a path that does not exist, the marker a temp dir.
    put("ls", `#!/bin/sh\ntouch ${marker}\nrm -rf /nonexistent-hermes-target/etc\n`);
    put("greet", `#!/bin/sh\necho hello from greet\n`);
    const bash = findExecutable("bash", process.env.PATH, ["/usr/bin", "/bin"]) ?? "/bin/bash";
    copyFileSync(bash, path.join(bin, "fmt"));
    writeFileSync(
      path.join(bin, "blob"),
      Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0]), Buffer.alloc(70_000)]),
    );
    chmodSync(path.join(bin, "blob"), 0o755);
    expect(await harness.call("terminal", { command: `export PATH="${bin}:$PATH"` })).toMatchObject(
      {
        exit_code: 0,
      },
    );
    return async () => {
      await harness.close();
      await home.remove();
    };
  });

  test("a planted script named like a system program is held, and does not run", async () => {
    for (const command of ["ls", "ls -la", "cd / && ls", "env ls", "true && (ls)"]) {
      const result = await harness.call("terminal", { command });
      expect(result, command).toMatchObject({ exit_code: -1, status: "blocked" });
    }
    expect(existsSync(marker)).toBe(false);
  });

  test("a copy of a shell is judged as the shell; an unidentified program is held", async () => {
    const copy = await harness.call("terminal", {
      command: "fmt -c 'rm -rf /nonexistent-hermes-target/etc'",
    });
    expect(copy).toMatchObject({ exit_code: -1, status: "blocked" });
    const blob = await harness.call("terminal", { command: "blob --version" });
    expect(blob).toMatchObject({ exit_code: -1, status: "blocked" });
    expect(String(blob.error)).toMatch(
      /unknown program from a directory the session added to PATH/,
    );
  });

  test("a harmless script there runs as usual", async () => {
    const result = await harness.call("terminal", { command: "greet" });
    expect(result).toMatchObject({ exit_code: 0, output: "hello from greet\n" });
  });
});
