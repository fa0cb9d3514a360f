import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SPILL_PREVIEW_CHARS, spillDirectory, ToolRegistry } from "../src/index.js";
import { recordingLogger } from "./helpers/recording-logger.js";

let home: string;
beforeEach(async () => {
  home = await mkdtemp(path.join(tmpdir(), "registry-spill-"));
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await rm(home, { recursive: true, force: true });
});

function registryReturning(
  result: string,
  extra: { maxResultSizeChars?: number; hermesHome?: string } = {},
): ToolRegistry {
  const registry = new ToolRegistry({
    logger: recordingLogger(),
    hermesHome: extra.hermesHome ?? home,
  });
  registry.register({
    name: "mcp__big__dump",
    toolset: "mcp-big",
    schema: { description: "d", parameters: { type: "object" } },
    handler: () => result,
    ...(extra.maxResultSizeChars === undefined
      ? {}
      : { maxResultSizeChars: extra.maxResultSizeChars }),
  });
  return registry;
}

describe("oversized results", () => {
  it("leaves a result within the cap alone", async () => {
    expect(
      await registryReturning("x".repeat(100_000)).dispatch("mcp__big__dump", {}),
    ).toHaveLength(100_000);
    await expect(readdir(spillDirectory(home))).rejects.toThrow();
  });

  it("writes a result over the default cap to a spill file and returns a preview and the path", async () => {
    const lines = Array.from({ length: 20_000 }, (_, i) => `line ${i}`).join("\n");
    const output = (await registryReturning(lines).dispatch("mcp__big__dump", {})) as string;
    const file = /Full output saved to: (\S+)/.exec(output)?.[1];
    expect(file).toBeDefined();
    expect(path.dirname(file ?? "")).toBe(path.join(home, "cache", "spillover"));
    expect(await readFile(file ?? "", "utf8")).toBe(lines);
    expect(output).toContain(`(${lines.length} characters,`);
    expect(output).toContain("read_file");
    expect(output.startsWith("<persisted-output>")).toBe(true);
    expect(output).toContain("line 0\nline 1\n");
    expect(output.length).toBeLessThan(SPILL_PREVIEW_CHARS + 600);
  });

  it("spills under HERMES_HOME when the registry names no home", async () => {
    vi.stubEnv("HERMES_HOME", home);
    const registry = new ToolRegistry({ logger: recordingLogger() });
    registry.register({
      name: "plugin_dump",
      toolset: "plugin-x",
      schema: { parameters: { type: "object" } },
      handler: async () => "p".repeat(100_001),
    });
    const output = (await registry.dispatch("plugin_dump", {})) as string;
    const file = /Full output saved to: (\S+)/.exec(output)?.[1] ?? "";
    expect(path.dirname(file)).toBe(spillDirectory(home));
    expect(await readFile(file, "utf8")).toHaveLength(100_001);
  });

  it("honours a tool's own cap", async () => {
    const output = (await registryReturning("y".repeat(500), { maxResultSizeChars: 100 }).dispatch(
      "mcp__big__dump",
      {},
    )) as string;
    expect(output).toContain("Full output saved to:");
  });

  it("truncates inline with a notice when the file cannot be written", async () => {
    const blocker = path.join(home, "not-a-dir");
    await writeFile(blocker, "file in the way");
    const registry = registryReturning("z".repeat(2_000), {
      maxResultSizeChars: 1_000,
      hermesHome: blocker,
    });
    const output = (await registry.dispatch("mcp__big__dump", {})) as string;
    expect(output).toMatch(
      /\[Truncated: tool response was 2000 chars\. Full output could not be saved/,
    );
    expect(output.length).toBeLessThanOrEqual(1_000);
    expect(output.startsWith("zzz")).toBe(true);
  });

  it("keeps emoji whole in the preview and in the inline truncation", async () => {
    const blocker = path.join(home, "not-a-dir");
    await writeFile(blocker, "file in the way");
    // One of the two prefixes puts each cut in the middle of a surrogate pair.
    for (const prefix of ["", "a"]) {
      const emoji = prefix + "😀".repeat(60_000);
      const spilled = (await registryReturning(emoji).dispatch("mcp__big__dump", {})) as string;
      expect(spilled).toContain("Full output saved to:");
      expect(JSON.stringify(spilled)).not.toMatch(/\\ud83d/i);

      const cut = (await registryReturning(prefix + "😀".repeat(1_000), {
        maxResultSizeChars: 1_001,
        hermesHome: blocker,
      }).dispatch("mcp__big__dump", {})) as string;
      expect(cut).toContain("[Truncated:");
      expect(JSON.stringify(cut)).not.toMatch(/\\ud83d/i);
    }
  });
});
