import { chmodSync, existsSync, readdirSync, statSync, symlinkSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  BACKENDS,
  createFileToolsHarness,
  type FileToolsHarness,
} from "./support/file-tools-harness.js";

describe.each(BACKENDS)("write_file on %s", (backend) => {
  let h: FileToolsHarness;
  beforeAll(async () => {
    h = await createFileToolsHarness(backend);
  });
  afterAll(async () => {
    await h.close();
  });

  test("writes the file, creating parent directories, and reports where", async () => {
    const result = await h.call("write_file", { path: "deep/er/new.txt", content: "hello\n" });
    expect(result).toEqual({
      bytes_written: 6,
      dirs_created: true,
      resolved_path: `${h.root}/deep/er/new.txt`,
      files_modified: [`${h.root}/deep/er/new.txt`],
    });
    expect(h.get("deep/er/new.txt")).toBe("hello\n");
  });

  test("missing or mistyped fields get Hermes' messages", async () => {
    expect((await h.call("write_file", { content: "x" })).error).toBe(
      "write_file: missing required field 'path'. Re-emit the tool call with both 'path' and 'content' set.",
    );
    expect((await h.call("write_file", { path: "x.txt" })).error).toBe(
      "write_file: missing required field 'content'. The tool call included a path but no content argument — this is almost always a dropped-arg bug under context pressure. Re-emit the tool call with the full content payload, or use execute_code with hermes_tools.write_file() for very large files.",
    );
    expect((await h.call("write_file", { path: "x.txt", content: 42 })).error).toBe(
      "write_file: 'content' must be a string, got int.",
    );
    expect((await h.call("write_file", { path: "x.txt", content: ["a"] })).error).toBe(
      "write_file: 'content' must be a string, got list.",
    );
  });

  test("system paths, the docker socket and the runtime's config are refused", async () => {
    expect(
      (await h.call("write_file", { path: "/etc/hermes-never-written.conf", content: "x" })).error,
    ).toBe(
      "Refusing to write to sensitive system path: /etc/hermes-never-written.conf\nUse the terminal tool with sudo if you need to modify system files.",
    );
    expect(
      String((await h.call("write_file", { path: "/run/docker.sock", content: "x" })).error),
    ).toMatch(/^Refusing to write to sensitive system path/);
    const config = path.join(h.hermesHome, "config.yaml");
    expect(
      (await h.call("write_file", { path: config, content: "approvals: {mode: off}\n" })).error,
    ).toBe(
      `Refusing to write to Hermes config file: ${config}\nAgent cannot modify security-sensitive configuration. Edit ~/.hermes/config.yaml directly or use 'hermes-agent config set' instead.`,
    );
    expect(
      String(
        (await h.call("write_file", { path: path.join(h.hermesHome, ".env"), content: "A=1\n" }))
          .error,
      ),
    ).toMatch(/^Refusing to write to Hermes config file/);
    expect(existsSync(config)).toBe(false);
  });

  test("content with a lone surrogate is refused, nothing is written", async () => {
    const result = await h.call("write_file", {
      path: "broken.txt",
      content: "emoji half: \ud83d!",
    });
    expect(result.error).toBe(
      "Refusing to write 'broken.txt': content contains a lone surrogate character ('\\ud83d') that cannot be encoded as UTF-8. The file was NOT created or modified.",
    );
    expect(existsSync(path.join(h.hostDir, "broken.txt"))).toBe(false);
    expect(
      (await h.call("write_file", { path: "ok.txt", content: "emoji: \ud83d\ude00\n" })).error,
    ).toBeUndefined();
  });

  test("read_file output pasted back as content is refused", async () => {
    const result = await h.call("write_file", {
      path: "pasted.py",
      content: "1|import os\n2|print(os.getcwd())\n3|\n",
    });
    expect(result.error).toBe(
      "Refusing to write internal read_file display text as file content. Strip read_file line-number prefixes or reconstruct the intended file contents before writing.",
    );
    expect(existsSync(path.join(h.hostDir, "pasted.py"))).toBe(false);
    const ok = await h.call("write_file", {
      path: "table.md",
      content: "| a | b |\n1|value\nplain\n",
    });
    expect(ok.error).toBeUndefined();
  });

  test("the mode is kept, CRLF and a BOM survive, no temp file is left", async () => {
    h.put("script.sh", "\ufeffecho one\r\necho two\r\n");
    chmodSync(path.join(h.hostDir, "script.sh"), 0o751);
    await h.call("write_file", { path: "script.sh", content: "echo three\necho four\n" });
    expect(h.get("script.sh")).toBe("\ufeffecho three\r\necho four\r\n");
    expect(statSync(path.join(h.hostDir, "script.sh")).mode & 0o777).toBe(0o751);
    expect(readdirSync(h.hostDir).filter((name) => name.startsWith(".hermes-tmp"))).toEqual([]);
  });

  test("writing through a symlink writes its target", async () => {
    h.put("real-target.txt", "old\n");
    symlinkSync("real-target.txt", path.join(h.hostDir, "link.txt"));
    await h.call("write_file", { path: "link.txt", content: "new\n" });
    expect(h.get("real-target.txt")).toBe("new\n");
  });

  test("a file changed since the task read it gets a staleness warning", async () => {
    const taskId = `stale-${backend}`;
    h.put("shared.txt", "v1\n");
    await h.call("read_file", { path: "shared.txt" }, taskId);
    h.put("shared.txt", "v2 from someone else\n");
    h.touch("shared.txt", 1_900_000_000);
    const result = await h.call("write_file", { path: "shared.txt", content: "v3\n" }, taskId);
    expect(result._warning).toBe(
      "Warning: shared.txt was modified since you last read it (external edit or concurrent agent). The content you read may be stale. Consider re-reading the file to verify before writing.",
    );
    const again = await h.call("write_file", { path: "shared.txt", content: "v4\n" }, taskId);
    expect(again._warning).toBeUndefined();
  });

  test("concurrent writers to one path are serialised and leave a whole file", async () => {
    const contents = Array.from({ length: 6 }, (_, i) => `${String(i).repeat(2000)}\n`);
    const results = await Promise.all(
      contents.map((content) => h.call("write_file", { path: "race.txt", content })),
    );
    expect(results.every((r) => r.error === undefined)).toBe(true);
    expect(contents).toContain(h.get("race.txt"));
  });

  test("a syntax check reports errors the write introduced, not earlier ones", async () => {
    const broken = await h.call("write_file", { path: "data.json", content: '{"a": 1,}' });
    expect(broken.lint).toMatchObject({ status: "error" });
    const stillBroken = await h.call("write_file", { path: "data.json", content: '{"a": 2,}' });
    expect(stillBroken.lint).toEqual({ status: "ok", output: "" });
    const fixed = await h.call("write_file", { path: "data.json", content: '{"a": 2}' });
    expect(fixed.lint).toEqual({ status: "ok", output: "" });
    expect(
      (await h.call("write_file", { path: "c.yaml", content: "a: [1, 2\n" })).lint,
    ).toMatchObject({ status: "error" });
    expect((await h.call("write_file", { path: "c.toml", content: "a = \n" })).lint).toMatchObject({
      status: "error",
    });
    const py = await h.call("write_file", { path: "m.py", content: "def f(:\n    pass\n" });
    expect(py.lint).toMatchObject({ status: "error", output: expect.stringContaining("line 1") });
    expect((await h.call("write_file", { path: "notes.txt", content: "{" })).lint).toBeUndefined();
  });

  test("a relative path outside the workspace is written with a warning", async () => {
    const result = await h.call("write_file", { path: "../escaped-write.txt", content: "x\n" });
    expect(String(result._warning)).toMatch(
      /^Relative path '..\/escaped-write.txt' resolved to .* which is OUTSIDE the active workspace/,
    );
    if (backend !== "namespace") {
      expect(existsSync(path.join(path.dirname(h.hostDir), "escaped-write.txt"))).toBe(true);
      await h.call("write_file", { path: "../escaped-write.txt", content: "" });
    }
  });
});
