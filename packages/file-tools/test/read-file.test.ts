import { symlinkSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  BACKENDS,
  createFileToolsHarness,
  type FileToolsHarness,
} from "./support/file-tools-harness.js";

describe.each(BACKENDS)("read_file on %s", (backend) => {
  let h: FileToolsHarness;
  beforeAll(async () => {
    h = await createFileToolsHarness(backend);
  });
  afterAll(async () => {
    await h.close();
  });

  test("returns numbered lines with Hermes' fields", async () => {
    h.put("notes.txt", "alpha\nbeta\ngamma\n");
    expect(await h.call("read_file", { path: "notes.txt" })).toEqual({
      content: "1|alpha\n2|beta\n3|gamma",
      total_lines: 3,
      file_size: 17,
      truncated: false,
      is_binary: false,
      is_image: false,
    });
  });

  test("pages with offset and limit and says where to continue", async () => {
    h.put("many.txt", Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join("\n"));
    const page = await h.call("read_file", { path: "many.txt", offset: 11, limit: 5 });
    expect(page.content).toBe("11|line 11\n12|line 12\n13|line 13\n14|line 14\n15|line 15");
    expect(page.truncated).toBe(true);
    expect(page.total_lines).toBe(30);
    expect(page.hint).toBe("Use offset=16 to continue reading (showing 11-15 of 30 lines)");
  });

  test("out-of-range integers are clamped; numeric strings are accepted", async () => {
    h.put("clamp.txt", "a\nb\nc\n");
    const result = await h.call("read_file", { path: "clamp.txt", offset: "2", limit: 999_999 });
    expect(result.content).toBe("2|b\n3|c");
    const negative = await h.call("read_file", { path: "clamp.txt", offset: -4, limit: 0 });
    expect(negative.content).toBe("1|a");
    const notNumber = await h.call("read_file", { path: "clamp.txt", offset: "zero" });
    expect(String(notNumber.error)).toContain("offset");
  });

  test("an absolute path in the workspace reads the same file", async () => {
    h.put("abs.txt", "absolute\n");
    const result = await h.call("read_file", { path: `${h.root}/abs.txt` });
    expect(result.content).toBe("1|absolute");
  });

  test("a missing file suggests similar names", async () => {
    h.put("config.yaml", "a: 1\n");
    h.put("config.json", "{}\n");
    const result = await h.call("read_file", { path: "config.yml" });
    expect(result.error).toBe("File not found: config.yml");
    expect(result.similar_files).toEqual(
      expect.arrayContaining(["./config.yaml", "./config.json"]),
    );
  });

  test("binary files are refused by extension and by content", async () => {
    h.put("logo.png", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]));
    expect(await h.call("read_file", { path: "logo.png" })).toEqual({
      error:
        "Cannot read binary file 'logo.png' (.png). Use vision_analyze for images, or terminal to inspect binary files.",
    });
    h.put("blob.dat", new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0, 0, 0, 1]));
    const blob = await h.call("read_file", { path: "blob.dat" });
    expect(blob.error).toBe("Binary file (ELF executable, 8 bytes) — cannot display as text.");
    expect(blob.is_binary).toBe(true);
  });

  test("device and /proc paths are refused, also through a symlink", async () => {
    const message = (p: string): string =>
      `Cannot read '${p}': this is a device file that would block or produce infinite output.`;
    expect(await h.call("read_file", { path: "/dev/zero" })).toEqual({
      error: message("/dev/zero"),
    });
    expect(await h.call("read_file", { path: "/proc/self/environ" })).toEqual({
      error: message("/proc/self/environ"),
    });
    symlinkSync("/dev/stdin", path.join(h.hostDir, "sneaky"));
    expect(await h.call("read_file", { path: "sneaky" })).toEqual({ error: message("sneaky") });
  });

  test("a directory is not a regular file", async () => {
    h.put("folder/inside.txt", "x");
    const result = await h.call("read_file", { path: "folder" });
    expect(result.error).toBe(
      "Cannot read 'folder': not a regular file (directory, FIFO, socket, or device). Reading it could block indefinitely.",
    );
  });

  test("more than 100 000 characters is refused with the line count and how to page", async () => {
    h.put("huge.txt", `${"x".repeat(150)}\n`.repeat(1000));
    const result = await h.call("read_file", { path: "huge.txt" });
    expect(result.error).toMatch(
      /^Read produced 1[0-9]{2},[0-9]{3} characters which exceeds the safety limit \(100,000 chars\)\. Use offset and limit to read a smaller range\. The file has 1000 lines total\.$/,
    );
    expect(result).toMatchObject({ path: "huge.txt", total_lines: 1000, file_size: 151_000 });
  });

  test("a large file read without a narrow limit gets a hint to read a section", async () => {
    h.put("large.txt", `${"0123456789".repeat(3)}\n`.repeat(20_000));
    const result = await h.call("read_file", { path: "large.txt" });
    expect(result.truncated).toBe(true);
    expect(result._hint).toBe(
      "This file is large (620,000 bytes). Consider reading only the section you need with offset and limit to keep context usage efficient.",
    );
    expect((await h.call("read_file", { path: "large.txt", limit: 100 }))._hint).toBeUndefined();
  });

  test("secrets in the content are redacted", async () => {
    h.put("env.sh", "export OPENAI_API_KEY=sk-proj-abcdefghijklmnopqrstuvwxyz0123456789\n");
    const result = await h.call("read_file", { path: "env.sh" });
    expect(String(result.content)).not.toContain("abcdefghijklmnopqrstuvwxyz0123456789");
  });

  test("an unchanged file read again is a stub, then blocked", async () => {
    h.put("same.txt", "stable\n");
    const taskId = `dedup-${backend}`;
    expect((await h.call("read_file", { path: "same.txt" }, taskId)).content).toBe("1|stable");
    expect(await h.call("read_file", { path: "same.txt" }, taskId)).toEqual({
      status: "unchanged",
      message:
        "File unchanged since last read. The content from the earlier read_file result in this conversation is still current — refer to that instead of re-reading.",
      path: "same.txt",
      dedup: true,
      content_returned: false,
    });
    const third = await h.call("read_file", { path: "same.txt" }, taskId);
    expect(third.error).toMatch(/^BLOCKED: You have called read_file on this exact region 3 times/);
    expect(third.already_read).toBe(3);
    h.put("same.txt", "changed\n");
    h.touch("same.txt", 2_000_000_000);
    expect((await h.call("read_file", { path: "same.txt" }, taskId)).content).toBe("1|changed");
  });

  test("consecutive identical reads warn on the 3rd and are refused on the 4th", async () => {
    h.put("loop.txt", "again\n");
    const taskId = `loop-${backend}`;
    const read = async (): Promise<Record<string, unknown>> => {
      h.tools.resetReadDedup(taskId);
      return h.call("read_file", { path: "loop.txt" }, taskId);
    };
    expect((await read())._warning).toBeUndefined();
    expect((await read())._warning).toBeUndefined();
    expect(String((await read())._warning)).toMatch(
      /^You have read this exact file region 3 times consecutively\./,
    );
    const fourth = await read();
    expect(fourth.error).toMatch(
      /^BLOCKED: You have read this exact file region 4 times in a row\./,
    );
    h.tools.notifyOtherToolCall(taskId);
    expect((await read()).content).toBe("1|again");
  });

  test("notebooks are shown as their cells", async () => {
    h.put(
      "analysis.ipynb",
      JSON.stringify({
        cells: [
          { cell_type: "markdown", source: ["# Title\n", "Intro"] },
          {
            cell_type: "code",
            source: "print(1 + 1)",
            outputs: [{ output_type: "stream", text: ["2\n"] }],
          },
        ],
      }),
    );
    const result = await h.call("read_file", { path: "analysis.ipynb" });
    expect(result.content).toBe(
      "1|# %% [markdown] cell 1\n2|# Title\n3|Intro\n4|# %% [code] cell 2\n5|print(1 + 1)\n6|# Output:\n7|2",
    );
    expect(result.extracted_document).toBe(true);
  });

  test("empty files and offsets past the end say so", async () => {
    h.put("empty.txt", "");
    expect((await h.call("read_file", { path: "empty.txt" })).hint).toBe(
      "File is empty (0 bytes).",
    );
    h.put("short.txt", "one\ntwo\n");
    expect((await h.call("read_file", { path: "short.txt", offset: 9 })).hint).toBe(
      "Note: offset 9 is beyond the end of the file (2 lines total). Retry with offset <= 2.",
    );
  });

  test("CRLF lines are shown without their carriage return, a BOM is not shown", async () => {
    h.put("dos.txt", "\ufeffone\r\ntwo\r\n");
    expect((await h.call("read_file", { path: "dos.txt" })).content).toBe("1|one\n2|two");
  });

  test("the Hermes home's credential files are refused", async () => {
    const result = await h.call("read_file", { path: path.join(h.hermesHome, ".env") });
    expect(result.error).toBe(
      `Access denied: ${path.join(h.hermesHome, ".env")} is a Hermes credential file and cannot be read directly.`,
    );
  });

  test("a relative path that leaves the workspace is read with a warning", async () => {
    const result = await h.call("read_file", { path: "../outside-nothing.txt" });
    expect(result.error).toBe("File not found: ../outside-nothing.txt");
    h.put("inner/file.txt", "x\n");
    const inside = await h.call("read_file", { path: "inner/../inner/file.txt" });
    expect(inside._warning).toBeUndefined();
  });
});
