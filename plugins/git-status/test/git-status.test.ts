import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PluginManager } from "@hermes-agent/plugin-loader";
import { createRecordingHost } from "@hermes-agent/plugin-loader/testing";
import { silentLogger } from "@hermes-agent/core";
import { ToolRegistry } from "@hermes-agent/registry";
import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createGitStatusTool, gitAvailable } from "../src/index.js";

let temp: TempDir;
let repo: string;
let home: string;
beforeEach(async () => {
  temp = await createTempDir("hermes-git-status-");
  repo = path.join(temp.path, "repo");
  home = path.join(temp.path, "home");
  mkdirSync(repo);
  git("init", "--quiet", "--initial-branch=main");
  writeFileSync(path.join(repo, "committed.txt"), "one\n");
  writeFileSync(path.join(repo, "renamed-from.txt"), "two\n");
  git("add", ".");
  git("commit", "--quiet", "-m", "first");
  writeFileSync(path.join(repo, "committed.txt"), "changed\n");
  git("mv", "renamed-from.txt", "renamed-to.txt");
  writeFileSync(path.join(repo, "new file.txt"), "untracked\n");
});
afterEach(async () => {
  await temp.remove();
});

function git(...args: string[]): string {
  return execFileSync(
    "git",
    ["-c", "user.name=Test", "-c", "user.email=test@example.invalid", ...args],
    { cwd: repo, encoding: "utf8", env: { PATH: process.env.PATH, HOME: temp.path } },
  );
}

/** Install the plugin as a user plugin folder whose entry re-exports this package's source. */
async function loadPlugin(config: Record<string, unknown> = {}) {
  const dir = path.join(home, "plugins", "git-status");
  mkdirSync(dir, { recursive: true });
  const manifest = readFileSync(new URL("../plugin.yaml", import.meta.url), "utf8");
  writeFileSync(path.join(dir, "plugin.yaml"), manifest.replace(/^main: .*$/m, ""));
  const source = pathToFileURL(path.resolve(import.meta.dirname, "../src/index.ts")).href;
  writeFileSync(path.join(dir, "index.mjs"), `export { plugin } from ${JSON.stringify(source)};\n`);
  const registry = new ToolRegistry({ logger: silentLogger });
  const manager = new PluginManager({
    registry,
    host: createRecordingHost(registry),
    config: { plugins: { enabled: ["git-status"], entries: { "git-status": config } } },
    hermesHome: home,
    cwd: repo,
    env: { PATH: process.env.PATH },
    npmRoots: [],
    logger: silentLogger,
  });
  const report = await manager.load();
  return { registry, manager, report };
}

describe("git_status through the plugin loader", () => {
  test("loads, and summarises the repository the runtime works in", async () => {
    const { registry, report } = await loadPlugin();
    expect(report.plugins[0]).toMatchObject({
      key: "git-status",
      state: "loaded",
      tools: ["git_status"],
    });
    const result = JSON.parse(String(await registry.dispatch("git_status", {}))) as Record<
      string,
      unknown
    >;
    expect(result).toEqual({
      path: repo,
      branch: "main",
      upstream: null,
      ahead: 0,
      behind: 0,
      clean: false,
      staged: ["renamed-to.txt"],
      modified: ["committed.txt"],
      untracked: ["new file.txt"],
      conflicted: [],
      truncated: false,
    });
  });

  test("the repo comes from plugins.entries.git-status.repo; paths are relative to it", async () => {
    mkdirSync(path.join(repo, "sub"));
    const { registry } = await loadPlugin({ repo });
    const result = JSON.parse(
      String(await registry.dispatch("git_status", { path: "sub", max_files: 1 })),
    );
    expect(result).toMatchObject({ path: path.join(repo, "sub"), branch: "main" });
  });

  test("the zod schema is what the model sees, and it validates the arguments", async () => {
    const { registry } = await loadPlugin();
    const [definition] = registry.getDefinitions(["git_status"]);
    expect(definition?.function.parameters).toMatchObject({
      type: "object",
      properties: { path: { type: "string" }, max_files: { type: "integer", maximum: 1000 } },
    });
    const invalid = JSON.parse(String(await registry.dispatch("git_status", { max_files: 0 }))) as {
      error: string;
    };
    expect(invalid.error).toMatch(/max_files/);
  });

  test("outside a repository, or a missing folder, is an error the model can read", async () => {
    const { registry } = await loadPlugin({ repo: temp.path });
    const notRepo = JSON.parse(String(await registry.dispatch("git_status", {}))) as {
      error: string;
    };
    expect(notRepo.error).toMatch(/git status failed .*not a git repository/i);
    const missing = JSON.parse(String(await registry.dispatch("git_status", { path: "nope" }))) as {
      error: string;
    };
    expect(missing.error).toBe(`No such folder: ${path.join(temp.path, "nope")}`);
  });
});

describe("availability", () => {
  test("without git on PATH the tool is hidden from the model", () => {
    const emptyBin = path.join(temp.path, "bin");
    mkdirSync(emptyBin);
    expect(gitAvailable({ PATH: emptyBin })).toBe(false);
    expect(gitAvailable({ PATH: process.env.PATH })).toBe(true);
    const registry = new ToolRegistry({ logger: silentLogger });
    registry.register(createGitStatusTool({ defaultPath: repo, env: { PATH: emptyBin } }));
    expect(registry.getDefinitions(["git_status"])).toEqual([]);
  });
});
