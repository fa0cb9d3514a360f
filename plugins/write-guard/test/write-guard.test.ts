import { existsSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { createRuntime, type HermesRuntime } from "hermes-agent";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { AuditRecord } from "../src/index.js";

let temp: TempDir;
let home: string;
let project: string;
let outside: string;
const runtimes: HermesRuntime[] = [];

beforeEach(async () => {
  temp = await createTempDir("hermes-write-guard-");
  home = path.join(temp.path, "home");
  project = path.join(temp.path, "project");
  outside = path.join(temp.path, "outside");
  for (const folder of [home, project, outside]) mkdirSync(folder);
});
afterEach(async () => {
  for (const runtime of runtimes.splice(0)) await runtime.close();
  await temp.remove();
});

/** Install the plugin as a user plugin folder whose entry re-exports this package's source. */
function installPlugin(): void {
  const dir = path.join(home, "plugins", "write-guard");
  mkdirSync(dir, { recursive: true });
  const manifest = readFileSync(new URL("../plugin.yaml", import.meta.url), "utf8");
  writeFileSync(path.join(dir, "plugin.yaml"), manifest.replace(/^main: .*$/m, ""));
  const source = pathToFileURL(path.resolve(import.meta.dirname, "../src/index.ts")).href;
  writeFileSync(path.join(dir, "index.mjs"), `export { plugin } from ${JSON.stringify(source)};\n`);
}

/** A runtime with the plugin enabled and a real `write_file` tool that writes files. */
async function startRuntime(settings: string[] = []): Promise<HermesRuntime> {
  installPlugin();
  writeFileSync(
    path.join(home, "config.yaml"),
    [
      "plugins:",
      "  enabled: [write-guard]",
      "  entries:",
      "    write-guard:",
      ...settings,
      "",
    ].join("\n"),
  );
  const runtime = await createRuntime({
    hermesHome: home,
    cwd: project,
    env: { PATH: process.env.PATH, HOME: temp.path },
    approval: "deny",
    toolPackages: [],
    logger: {
      debug: () => undefined,
      info: () => undefined,
      warn: () => undefined,
      error: () => undefined,
    },
  });
  runtimes.push(runtime);
  runtime.registry.register({
    name: "write_file",
    toolset: "file",
    schema: {
      parameters: {
        type: "object",
        properties: { path: { type: "string" }, content: { type: "string" } },
        required: ["path", "content"],
      },
    },
    handler: async (args: { path: string; content: string }) => {
      await writeFile(path.resolve(project, args.path), args.content);
      return JSON.stringify({ bytes_written: args.content.length });
    },
  });
  return runtime;
}

function parse(text: string): Record<string, unknown> {
  return JSON.parse(text) as Record<string, unknown>;
}

describe("pre_tool_call policy", () => {
  test("writes inside the project go through; outside, nothing is written", async () => {
    const runtime = await startRuntime();
    expect(
      parse(await runtime.handleFunctionCall("write_file", { path: "notes.txt", content: "ok" })),
    ).toEqual({
      bytes_written: 2,
    });
    expect(readFileSync(path.join(project, "notes.txt"), "utf8")).toBe("ok");

    const target = path.join(outside, "escape.txt");
    const blocked = parse(
      await runtime.handleFunctionCall("write_file", { path: target, content: "x" }),
    );
    expect(blocked.error).toMatch(/^write-guard: writing to '.*escape\.txt' is not allowed/);
    expect(blocked.error).toMatch(/plugins\.entries\.write-guard\.allowed_paths/);
    expect(existsSync(target)).toBe(false);
  });

  test("relative escapes and symlinks pointing outside are caught", async () => {
    symlinkSync(outside, path.join(project, "link"));
    const runtime = await startRuntime();
    for (const file of ["../outside/a.txt", "link/b.txt"]) {
      const result = parse(
        await runtime.handleFunctionCall("write_file", { path: file, content: "x" }),
      );
      expect(result.error).toMatch(/not allowed/);
    }
    expect(existsSync(path.join(outside, "a.txt"))).toBe(false);
    expect(existsSync(path.join(outside, "b.txt"))).toBe(false);
  });

  test("V4A patches are checked file by file", async () => {
    const runtime = await startRuntime();
    runtime.registry.register({
      name: "patch",
      toolset: "file",
      schema: { parameters: { type: "object", properties: { patch: { type: "string" } } } },
      handler: () => JSON.stringify({ success: true }),
    });
    const inside = "*** Begin Patch\n*** Update File: src/app.ts\n@@\n-a\n+b\n*** End Patch\n";
    expect(
      parse(await runtime.handleFunctionCall("patch", { mode: "patch", patch: inside })),
    ).toEqual({
      success: true,
    });
    const escaping = `*** Begin Patch\n*** Add File: src/ok.ts\n+x\n*** Add File: ${outside}/evil.ts\n+y\n*** End Patch\n`;
    expect(
      parse(await runtime.handleFunctionCall("patch", { mode: "patch", patch: escaping })).error,
    ).toMatch(/evil\.ts' is not allowed/);
  });

  test("allowed_paths from config widen the policy; other tools are not checked", async () => {
    const runtime = await startRuntime([
      "      allowed_paths:",
      `        - ${project}`,
      `        - ${outside}`,
    ]);
    const target = path.join(outside, "allowed.txt");
    expect(
      parse(await runtime.handleFunctionCall("write_file", { path: target, content: "y" })),
    ).toEqual({
      bytes_written: 1,
    });
    expect(existsSync(target)).toBe(true);
  });

  test("a bad setting fails the plugin with a message naming it; the runtime still starts", async () => {
    const runtime = await startRuntime(["      audit: sometimes"]);
    const status = runtime.plugins.manager.get("write-guard");
    expect(status?.state).toBe("failed");
    expect(status?.message).toMatch(/plugins\.entries\.write-guard\.audit/);
  });
});

describe("post_tool_call audit", () => {
  test("every call is logged with its outcome and target paths, never its content", async () => {
    const runtime = await startRuntime();
    await runtime.handleFunctionCall(
      "write_file",
      { path: "a.txt", content: "secret-content" },
      { taskId: "t1" },
    );
    await runtime.handleFunctionCall("write_file", {
      path: path.join(outside, "b.txt"),
      content: "z",
    });
    const logFile = path.join(home, "plugin-data", "write-guard", "audit.jsonl");
    const text = readFileSync(logFile, "utf8");
    expect(text).not.toMatch(/secret-content/);
    const records = text
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as AuditRecord);
    expect(
      records.map((record) => [record.tool, record.status, record.paths, record.taskId]),
    ).toEqual([
      ["write_file", "ok", ["a.txt"], "t1"],
      ["write_file", "blocked", [path.join(outside, "b.txt")], null],
    ]);
    expect(records[1]?.errorType).toBe("plugin_block");
    expect(statSync(logFile).mode & 0o777).toBe(0o600);
  });

  test("the /write-guard command shows the policy", async () => {
    const runtime = await startRuntime();
    const answer = await runtime.plugins.commands.get("write-guard")?.handler({ args: "" });
    expect(answer).toContain(project);
    expect(answer).toMatch(/Audit log: .*audit\.jsonl/);
  });
});
