import { readdir, readFile, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  ConfigError,
  ConfigTextEditor,
  editConfig,
  getConfigPath,
  loadConfig,
  setConfigValue,
} from "../src/index.js";
import { spawnFixture, waitForExit } from "./helpers.js";

const USER_CONFIG = `# Hermes settings — hand-written, keep my notes!
model:   hermes-4-405b      # the main model

terminal:
  backend: local   # local for now
  timeout: 180
  # passthrough for my tooling
  env_passthrough:
    - GOPATH
    - CARGO_HOME

approvals:
  mode: manual
  deny: ['sudo *', "rm -rf /srv/*"]

command_allowlist:
  - git status   # harmless
  - make test

# MCP servers
mcp_servers:
  fs: { command: npx, args: [-y, "@modelcontextprotocol/server-filesystem", /tmp] }
`;

let home: TempDir;
let file: string;
beforeEach(async () => {
  home = await createTempDir();
  file = getConfigPath(home.path);
  await writeFile(file, USER_CONFIG);
});
afterEach(async () => {
  await home.remove();
});

/** The lines of `after` that differ from `before`, assuming one contiguous change. */
function changedRegion(before: string, after: string): { removed: string; added: string } {
  let start = 0;
  while (start < before.length && before[start] === after[start]) start++;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && before[endBefore - 1] === after[endAfter - 1]) {
    endBefore--;
    endAfter--;
  }
  return { removed: before.slice(start, endBefore), added: after.slice(start, endAfter) };
}

describe("comment-preserving edits", () => {
  test("setting one scalar changes only that value; the rest is byte-identical", async () => {
    await setConfigValue(["terminal", "timeout"], 240, { home: home.path });
    const after = await readFile(file, "utf8");
    expect(after).toBe(USER_CONFIG.replace("  timeout: 180\n", "  timeout: 240\n"));
    expect(changedRegion(USER_CONFIG, after)).toEqual({ removed: "18", added: "24" });
    expect((await loadConfig({ home: home.path })).terminal.timeout).toBe(240);
  });

  test("a value's trailing comment survives", async () => {
    await setConfigValue(["terminal", "backend"], "docker", { home: home.path });
    expect(await readFile(file, "utf8")).toBe(
      USER_CONFIG.replace("backend: local   # local", "backend: docker   # local"),
    );
  });

  test("appending to a block list adds one line at its indentation", async () => {
    await editConfig(
      (doc) => {
        expect(doc.addToList(["command_allowlist"], "npm run build")).toBe(true);
        expect(doc.addToList(["command_allowlist"], "make test")).toBe(false);
      },
      { home: home.path },
    );
    const after = await readFile(file, "utf8");
    expect(after).toBe(
      USER_CONFIG.replace("  - make test\n", "  - make test\n  - npm run build\n"),
    );
  });

  test("a new key in an existing section is inserted after its last key", async () => {
    await setConfigValue(["approvals", "timeout"], 60, { home: home.path });
    const after = await readFile(file, "utf8");
    expect(after).toBe(
      USER_CONFIG.replace(`"rm -rf /srv/*"]\n`, `"rm -rf /srv/*"]\n  timeout: 60\n`),
    );
  });

  test("a new section is appended at the end", async () => {
    await setConfigValue(["code_execution", "timeout"], 120, { home: home.path });
    const after = await readFile(file, "utf8");
    expect(after.startsWith(USER_CONFIG)).toBe(true);
    expect(after.slice(USER_CONFIG.length)).toBe("code_execution:\n  timeout: 120\n");
  });

  test("deleting a key removes only its lines", async () => {
    const result = await editConfig(
      (doc) => {
        expect(doc.delete(["approvals", "deny"])).toBe(true);
        expect(doc.delete(["approvals", "missing"])).toBe(false);
      },
      { home: home.path },
    );
    expect(result.changed).toBe(true);
    expect(await readFile(file, "utf8")).toBe(
      USER_CONFIG.replace(`  deny: ['sudo *', "rm -rf /srv/*"]\n`, ""),
    );
  });

  test("a flow list is rewritten in place; other lines are untouched", async () => {
    await editConfig(
      (doc) => {
        doc.addToList(["approvals", "deny"], "shutdown*");
      },
      { home: home.path },
    );
    const after = await readFile(file, "utf8");
    const region = changedRegion(USER_CONFIG, after);
    expect(region.added).toContain("shutdown*");
    expect(
      after.split("\n").filter((line) => !USER_CONFIG.split("\n").includes(line)),
    ).toHaveLength(1);
    expect((await loadConfig({ home: home.path })).approvals.deny).toEqual([
      "sudo *",
      "rm -rf /srv/*",
      "shutdown*",
    ]);
  });

  test("removing from a block list keeps the other items and their comments", async () => {
    await editConfig(
      (doc) => {
        expect(doc.removeFromList(["terminal", "env_passthrough"], "GOPATH")).toBe(true);
      },
      { home: home.path },
    );
    const config = await loadConfig({ home: home.path });
    expect(config.terminal.env_passthrough).toEqual(["CARGO_HOME"]);
    expect(await readFile(file, "utf8")).toContain("# passthrough for my tooling\n");
    expect(await readFile(file, "utf8")).toContain("  - git status   # harmless\n");
  });

  test("an edit that changes nothing writes nothing", async () => {
    const result = await setConfigValue(["terminal", "timeout"], 180, { home: home.path });
    expect(result.changed).toBe(false);
  });

  test("a missing file is created with the key", async () => {
    const other = await createTempDir();
    try {
      await setConfigValue(["command_allowlist"], ["git status"], { home: other.path });
      expect(await readFile(getConfigPath(other.path), "utf8")).toBe(
        "command_allowlist:\n  - git status\n",
      );
    } finally {
      await other.remove();
    }
  });

  test("the in-memory editor reads its own edits", () => {
    const editor = new ConfigTextEditor("a: 1\n");
    editor.set(["b", "c"], [1, 2]);
    expect(editor.get(["b", "c"])).toEqual([1, 2]);
    expect(editor.has(["b"])).toBe(true);
    expect(() => editor.set([], 1)).toThrow(/key path/);
  });

  test("an entry rewritten as a whole keeps the comment above it once", () => {
    const editor = new ConfigTextEditor(
      "# top\nmodel: x\n# permanent approvals\ncommand_allowlist: []\n# after\nother: 1\n",
    );
    editor.set(["command_allowlist", 0], "git status");
    expect(editor.text).toBe(
      "# top\nmodel: x\n# permanent approvals\ncommand_allowlist: [ git status ]\n# after\nother: 1\n",
    );
  });

  test("a key path with an empty key is refused, nothing is written", () => {
    const editor = new ConfigTextEditor("a: 1\n");
    expect(() => editor.set(["a", "", "b"], 1)).toThrow(/empty key/);
    expect(editor.text).toBe("a: 1\n");
  });
});

describe("safety", () => {
  test("bad YAML on disk is never overwritten", async () => {
    const broken = "terminal:\n  backend: [local\n";
    await writeFile(file, broken);
    const error = await setConfigValue(["terminal", "timeout"], 1, { home: home.path }).catch(
      (e: unknown) => e,
    );
    expect(ConfigError.isInstance(error)).toBe(true);
    expect((error as ConfigError).line).toBeDefined();
    expect(await readFile(file, "utf8")).toBe(broken);
  });

  test("an edit that would make the config invalid is refused and nothing is written", async () => {
    const error = await setConfigValue(["terminal", "timeout"], "soon", { home: home.path }).catch(
      (e: unknown) => e,
    );
    expect((error as ConfigError).code).toBe("CONFIG_INVALID");
    expect((error as ConfigError).key).toBe("terminal.timeout");
    expect(await readFile(file, "utf8")).toBe(USER_CONFIG);
  });

  test("a writer killed midway leaves the old file intact, and the next edit cleans up", async () => {
    const child = spawnFixture("interrupted-writer.ts", [home.path]);
    const exited = waitForExit(child);
    await new Promise<void>((resolve, reject) => {
      child.stdout?.on("data", (chunk: Buffer) => {
        if (chunk.toString().includes("about-to-rename")) resolve();
      });
      child.on("close", () => reject(new Error("writer exited before reaching the rename")));
    });
    expect((await readdir(home.path)).some((name) => name.endsWith(".tmp"))).toBe(true);
    child.kill("SIGKILL");
    await exited;
    expect(await readFile(file, "utf8")).toBe(USER_CONFIG);

    await setConfigValue(["terminal", "timeout"], 200, { home: home.path });
    expect((await readdir(home.path)).filter((name) => name.endsWith(".tmp"))).toEqual([]);
    expect((await loadConfig({ home: home.path })).terminal.timeout).toBe(200);
  });

  test("a lock held by a live writer makes an edit wait, then fail with a clear error", async () => {
    await writeFile(`${file}.lock`, `${hostname()} ${process.pid} someone-else`);
    const error = await setConfigValue(["terminal", "timeout"], 1, {
      home: home.path,
      lockTimeoutMs: 150,
    }).catch((e: unknown) => e);
    expect((error as ConfigError).code).toBe("CONFIG_LOCKED");
    expect((error as ConfigError).message).toContain("config.yaml.lock");
    expect(await readFile(file, "utf8")).toBe(USER_CONFIG);
  });

  test("a lock left by a dead writer is taken over at once", async () => {
    await writeFile(`${file}.lock`, `${hostname()} 2147483646 dead-writer`);
    await setConfigValue(["terminal", "timeout"], 75, { home: home.path, lockTimeoutMs: 1000 });
    expect((await loadConfig({ home: home.path })).terminal.timeout).toBe(75);
    expect((await readdir(home.path)).filter((name) => name.includes(".lock"))).toEqual([]);
  });

  test("two concurrent editors in separate processes both keep every edit", async () => {
    const runs = ["alpha", "beta"].map((prefix) =>
      waitForExit(spawnFixture("concurrent-editor.ts", [home.path, prefix, "8"])),
    );
    const results = await Promise.all(runs);
    for (const result of results) expect(result, result.stderr).toMatchObject({ code: 0 });
    const config = await loadConfig({ home: home.path });
    for (const prefix of ["alpha", "beta"]) {
      for (let i = 0; i < 8; i++) expect(config.command_allowlist).toContain(`${prefix}-${i}`);
    }
    expect(config.command_allowlist).toContain("git status");
    expect(await readFile(file, "utf8")).toContain(
      "# Hermes settings — hand-written, keep my notes!",
    );
  });

  test("an edit re-applies onto content changed underneath it", async () => {
    let calls = 0;
    await editConfig(
      async (doc) => {
        calls++;
        if (calls === 1) await writeFile(file, USER_CONFIG + "extra_key: from-someone-else\n");
        doc.set(["terminal", "timeout"], 90);
      },
      { home: home.path },
    );
    expect(calls).toBe(2);
    const config = await loadConfig({ home: home.path });
    expect(config.extra_key).toBe("from-someone-else");
    expect(config.terminal.timeout).toBe(90);
  });
});
