import { registerTerminalTools } from "@hermes-agent/terminal";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createFileToolsHarness, type FileToolsHarness } from "./support/file-tools-harness.js";

describe("registerFileTools", () => {
  let h: FileToolsHarness;
  beforeAll(async () => {
    h = await createFileToolsHarness("local");
  });
  afterAll(async () => {
    await h.close();
  });

  test("registers the four tools in toolset 'file' with Hermes' emojis and result cap", () => {
    const entries = ["read_file", "write_file", "patch", "search_files"].map((name) =>
      h.registry.getEntry(name),
    );
    expect(
      entries.map((entry) => [
        entry?.name,
        entry?.toolset,
        entry?.emoji,
        entry?.maxResultSizeChars,
      ]),
    ).toEqual([
      ["read_file", "file", "📖", 100_000],
      ["write_file", "file", "✍️", 100_000],
      ["patch", "file", "🔧", 100_000],
      ["search_files", "file", "🔎", 100_000],
    ]);
    const definitions = h.registry.getDefinitions([
      "read_file",
      "write_file",
      "patch",
      "search_files",
    ]);
    expect(definitions.map((definition) => definition.function.name).sort()).toEqual([
      "patch",
      "read_file",
      "search_files",
      "write_file",
    ]);
  });

  test("relative paths follow the task's terminal cwd, per task", async () => {
    registerTerminalTools(h.registry, { runtime: h.runtime });
    h.put("sub/where.txt", "in sub\n");
    h.put("where.txt", "at root\n");
    mkdirSync(path.join(h.hostDir, "sub"), { recursive: true });
    const cd = await h.call("terminal", { command: "cd sub" }, "task-a");
    expect(cd.exit_code).toBe(0);
    expect((await h.call("read_file", { path: "where.txt" }, "task-a")).content).toBe("1|in sub");
    expect((await h.call("read_file", { path: "where.txt" }, "task-b")).content).toBe("1|at root");
    const written = await h.call("write_file", { path: "made-here.txt", content: "x\n" }, "task-a");
    expect(written.resolved_path).toBe(path.join(h.hostDir, "sub", "made-here.txt"));
  });

  test("the tools are available only when the terminal backend is", () => {
    expect(h.registry.getEntry("read_file")?.checkFn?.()).toBe(true);
  });
});
