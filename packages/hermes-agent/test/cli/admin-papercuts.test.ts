import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { runCliProcess, type CliRun } from "../helpers/cli-process.js";

let home: TempDir;
beforeEach(async () => {
  home = await createTempDir("hermes-cli-admin-");
});
afterEach(async () => {
  await home.remove();
});

function cli(args: readonly string[], extraEnv: Record<string, string> = {}): Promise<CliRun> {
  return runCliProcess(home.path, args, extraEnv);
}

async function write(relative: string, text: string): Promise<string> {
  const file = path.join(home.path, relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
  return file;
}

describe("approvals, plugins and chat", { timeout: 90_000 }, () => {
  test("approvals revoke with Hermes' key removes the scoped entries 'always' stored", async () => {
    const config = await write(
      "config.yaml",
      "# permanent approvals\ncommand_allowlist:\n  - rm-outside-worktree@temp\n  - git status\n",
    );
    const revoked = await cli(["approvals", "revoke", "recursive delete"]);
    expect(revoked.code).toBe(0);
    expect(await readFile(config, "utf8")).toBe(
      "# permanent approvals\ncommand_allowlist:\n  - git status\n",
    );
  });

  test("plugins enable of a plugin that fails to load leaves config.yaml as it was (exit 1)", async () => {
    await write("plugins/broken/plugin.yaml", "name: broken\nversion: 0.1.0\n");
    await write("plugins/broken/index.mjs", 'throw new Error("this plugin is broken");\n');
    const original = "# my settings\nterminal:\n  timeout: 60\n";
    const config = await write("config.yaml", original);
    const enabled = await cli(["plugins", "enable", "broken"]);
    expect(enabled.code).toBe(1);
    expect(enabled.stderr).toContain("'broken' failed to load, so it was not enabled");
    expect(await readFile(config, "utf8")).toBe(original);
  });

  test("chat without a model endpoint refuses at start and says what to set", async () => {
    const chat = await cli(["chat"]);
    expect(chat.code).toBe(1);
    expect(chat.stderr).toContain("chat needs a model endpoint");
    expect(chat.stderr).toContain("model.base_url");
    expect(chat.stdout).not.toContain("hermes-agent chat:");
  });
});
