// Approval through the terminal tool with the real approval manager: it sees each command where
// it runs (workdir, earlier cd, the session's aliases and functions), deny globs hold against
// spellings of the same command with `approvals.mode: off`, root-targeting forms are hard-line,
// and the person deciding sees the code a command runs. Every payload is harmless if it runs
// (markers in temp dirs, nonexistent paths), and each test checks that it did not run.
import { readFileSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import {
  createApprovalManager,
  type ApprovalManager,
  type GatewayApprovalRequest,
} from "@hermes-agent/approval";
import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { afterEach, describe, expect, test } from "vitest";
import { runProcessTool, runTerminalTool } from "../src/index.js";
import { createHarness, type Harness } from "./tool-harness.js";

const VARIANTS = JSON.parse(
  readFileSync(new URL("fixtures/deny-bypass-terminal.json", import.meta.url), "utf8"),
) as { rule: string; variants: string[] };

let harness: Harness | undefined;
const dirs: TempDir[] = [];
afterEach(async () => {
  await harness?.close();
  harness = undefined;
  while (dirs.length > 0) await dirs.pop()?.remove();
});

async function tempDir(): Promise<TempDir> {
  const dir = await createTempDir("hermes-approval-ctx-");
  dirs.push(dir);
  return dir;
}

/** A real manager with nobody to ask (flagged commands are refused), over its own config. */
async function setup(config: string): Promise<{ manager: ApprovalManager; configFile: string }> {
  const home = await tempDir();
  const configFile = path.join(home.path, "config.yaml");
  writeFileSync(configFile, config);
  const manager = createApprovalManager({ home: home.path, env: {}, interactive: false });
  harness = await createHarness({ approval: manager });
  return { manager, configFile };
}

const blocked = { exit_code: -1, status: "blocked" };

describe("approval sees the command's directory", () => {
  test("workdir in a system directory", async () => {
    await setup("approvals:\n  mode: manual\n");
    const h = harness as Harness;
    // In /etc, where writing `passwd` would matter; the directory written to does not exist.
    const write = await h.call("terminal", {
      command: "echo x > hermes-nonexistent-dir/passwd",
      workdir: "/etc",
    });
    expect(write).toMatchObject(blocked);
    expect(String(write.error)).toContain("write into /etc");
    const remove = await h.call("terminal", {
      command: "rm -f hermes-nonexistent-*.conf",
      workdir: "/etc",
    });
    expect(remove).toMatchObject(blocked);
    // The same commands in the workspace are ordinary work.
    mkdirSync(path.join(h.dir.path, "out"));
    expect(
      await h.call("terminal", { command: "echo x > out/passwd && rm -f out/*.conf" }),
    ).toMatchObject({ exit_code: 0 });
  });

  test("after cd in an earlier call, and after cd earlier in the same line", async () => {
    await setup("approvals:\n  mode: manual\n");
    const h = harness as Harness;
    expect(await h.call("terminal", { command: "cd /etc" })).toMatchObject({ exit_code: 0 });
    const result = await h.call("terminal", { command: "rm -f hermes-nonexistent-*.conf" });
    expect(result).toMatchObject(blocked);
    expect(
      await h.call("terminal", { command: "cd /etc && rm -f hermes-nonexistent-*.conf" }),
    ).toMatchObject(blocked);
  });

  test("cd / then find . -delete is hard-line, even with approvals.mode: off", async () => {
    await setup('approvals:\n  mode: "off"\n');
    const h = harness as Harness;
    const result = await h.call("terminal", {
      command: "cd / && find . -maxdepth 0 -name hermes-nonexistent -delete",
    });
    expect(result).toMatchObject(blocked);
    expect(String(result.error)).toMatch(/^BLOCKED \(hardline\): find deleting from the root/);
    await h.call("terminal", { command: "cd /" });
    expect(
      await h.call("terminal", { command: "find . -maxdepth 0 -name hermes-nonexistent -delete" }),
    ).toMatchObject(blocked);
    expect(
      await h.call("terminal", { command: '"$HERMES_NONEXISTENT_CMD" --version /' }),
    ).toMatchObject(blocked);
  });
});

describe("session approvals are scoped by target class", () => {
  test("a session approval for a temp-dir delete does not cover a system path", async () => {
    const home = await tempDir();
    writeFileSync(path.join(home.path, "config.yaml"), "approvals:\n  mode: manual\n");
    const asked: string[] = [];
    const answers = ["session", "deny"] as const;
    const manager = createApprovalManager({
      home: home.path,
      env: {},
      prompt: {
        version: 1,
        ask(request) {
          asked.push(request.command);
          return Promise.resolve(answers[asked.length - 1] ?? "deny");
        },
      },
    });
    harness = await createHarness({ approval: manager });
    const h = harness;
    const cache = await tempDir();
    writeFileSync(path.join(cache.path, "a.o"), "x");
    writeFileSync(path.join(cache.path, "keep.c"), "x");
    const first = `find ${cache.path} -name '*.o' -delete`;
    expect(await h.call("terminal", { command: first })).toMatchObject({ exit_code: 0 });
    expect(existsSync(path.join(cache.path, "a.o"))).toBe(false);
    // Same rule in a temp dir: remembered, not asked.
    expect(
      await h.call("terminal", { command: `find ${cache.path} -name '*.tmp' -delete` }),
    ).toMatchObject({ exit_code: 0 });
    // Same rule on a system path: asked again (and denied); nothing matched there anyway.
    expect(
      await h.call("terminal", {
        command: "find /etc -maxdepth 0 -name hermes-nonexistent -delete",
      }),
    ).toMatchObject(blocked);
    expect(asked).toEqual([first, "find /etc -maxdepth 0 -name hermes-nonexistent -delete"]);
    expect(existsSync(path.join(cache.path, "keep.c"))).toBe(true);
  });
});

describe("approval sees the session's aliases and functions", () => {
  test("an alias defined in an earlier call", async () => {
    const { configFile } = await setup('approvals:\n  mode: "off"\n');
    const h = harness as Harness;
    const victim = await tempDir();
    writeFileSync(path.join(victim.path, "keep"), "x");
    expect(await h.call("terminal", { command: "alias ls=rm" })).toMatchObject({ exit_code: 0 });
    await writeFile(configFile, "approvals:\n  mode: manual\n");
    const result = await h.call("terminal", { command: `ls -rf ${victim.path}` });
    expect(result).toMatchObject(blocked);
    expect(String(result.error)).toContain("delete");
    expect(existsSync(path.join(victim.path, "keep"))).toBe(true);
  });

  test("a function defined in an earlier call (also with a multi-line string in it)", async () => {
    const { configFile } = await setup('approvals:\n  mode: "off"\n');
    const h = harness as Harness;
    const victim = await tempDir();
    writeFileSync(path.join(victim.path, "keep"), "x");
    const define = `tidy() { echo "a\n}\nb"; rm -rf ${victim.path}; }`;
    expect(await h.call("terminal", { command: define })).toMatchObject({ exit_code: 0 });
    await writeFile(configFile, "approvals:\n  mode: manual\n");
    expect(await h.call("terminal", { command: "tidy" })).toMatchObject(blocked);
    expect(await h.call("terminal", { command: "echo ok && tidy" })).toMatchObject(blocked);
    expect(existsSync(path.join(victim.path, "keep"))).toBe(true);
  });

  test("a snapshot the terminal cannot read holds the command instead of guessing", async () => {
    await setup("approvals:\n  mode: manual\n");
    const h = harness as Harness;
    const env = await h.runtime.environment("default");
    Object.defineProperty(env, "shellContext", {
      value: () => Promise.reject(new Error("unreadable")),
    });
    const result = await h.call("terminal", { command: "ls" });
    expect(result).toMatchObject(blocked);
    expect(String(result.error)).toContain("could not be read");
  });
});

describe("deny globs with approvals.mode: off", () => {
  test.each(VARIANTS.variants)("%j is refused and does not run", async (template) => {
    await setup(`approvals:\n  mode: "off"\n  deny:\n    - ${JSON.stringify(VARIANTS.rule)}\n`);
    const h = harness as Harness;
    const marker = path.join(h.dir.path, "marker");
    const command = template
      .replaceAll("MARKER", marker)
      .replaceAll("LOCK", path.join(h.dir.path, "lock"));
    const result = await h.call("terminal", { command });
    expect(result).toMatchObject(blocked);
    expect(String(result.error)).toMatch(/^BLOCKED: this command (matches|cannot be checked)/);
    expect(existsSync(marker)).toBe(false);
  });

  test("an alias of the session is expanded before matching", async () => {
    const { configFile } = await setup('approvals:\n  mode: "off"\n');
    const h = harness as Harness;
    const marker = path.join(h.dir.path, "marker");
    await h.call("terminal", { command: "alias mk=touch" });
    await writeFile(configFile, `approvals:\n  mode: "off"\n  deny: ["touch *"]\n`);
    expect(await h.call("terminal", { command: `mk ${marker}` })).toMatchObject(blocked);
    expect(existsSync(marker)).toBe(false);
    expect(await h.call("terminal", { command: "echo fine" })).toMatchObject({ exit_code: 0 });
  });
});

describe("the person deciding sees the code", () => {
  test("the gateway request shows a substitution and masks a literal secret", async () => {
    const { manager } = await setup("approvals:\n  mode: manual\n");
    const h = harness as Harness;
    const sent: GatewayApprovalRequest[] = [];
    manager.registerGatewayNotify("chat", (request) => {
      sent.push(request);
      setImmediate(() => manager.resolveGatewayApproval("chat", "deny"));
    });
    const marker = path.join(h.dir.path, "marker");
    const run = (command: string) => h.call("terminal", { command }, { sessionKey: "chat" });
    expect(
      await run(`API_TOKEN="$(touch ${marker})" git push --force origin hermes-nonexistent`),
    ).toMatchObject(blocked);
    expect(
      await run("API_TOKEN=sk-live-abc123 git push --force origin hermes-nonexistent"),
    ).toMatchObject(blocked);
    expect(sent.map((request) => request.command)).toEqual([
      `API_TOKEN="$(touch ${marker})" git push --force origin hermes-nonexistent`,
      "API_TOKEN=*** git push --force origin hermes-nonexistent",
    ]);
    expect(sent[0]?.targetClasses).toEqual(["workspace"]);
    expect(existsSync(marker)).toBe(false);
  });
});

describe("malformed calls", () => {
  test("terminal and process with missing or non-object arguments return a tool error", async () => {
    await setup("approvals:\n  mode: manual\n");
    const { runtime } = harness as Harness;
    for (const args of [undefined, null, "ls", 3, ["ls"]]) {
      const terminal = await runTerminalTool(runtime, args as never);
      expect(terminal).toMatchObject({ exit_code: -1, status: "error" });
      expect(String(terminal.error)).toMatch(/^Invalid arguments: expected an object/);
      const proc = await runProcessTool(runtime, args as never);
      expect(String(proc.error)).toMatch(/^Invalid arguments: expected an object/);
    }
    expect(await runTerminalTool(runtime, { command: "echo ok" }, null as never)).toMatchObject({
      exit_code: 0,
    });
  });
});
