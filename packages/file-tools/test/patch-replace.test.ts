import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  BACKENDS,
  createFileToolsHarness,
  type FileToolsHarness,
} from "./support/file-tools-harness.js";

describe.each(BACKENDS)("patch (replace) on %s", (backend) => {
  let h: FileToolsHarness;
  beforeAll(async () => {
    h = await createFileToolsHarness(backend);
  });
  afterAll(async () => {
    await h.close();
  });

  test("an exact replacement returns a unified diff and the files it modified", async () => {
    h.put("app.py", "def greet():\n    return 'hi'\n");
    const result = await h.call("patch", {
      mode: "replace",
      path: "app.py",
      old_string: "return 'hi'",
      new_string: "return 'hello'",
    });
    expect(result).toEqual({
      success: true,
      diff: "--- a/app.py\n+++ b/app.py\n@@ -1,2 +1,2 @@\n def greet():\n-    return 'hi'\n+    return 'hello'\n",
      files_modified: [`${h.root}/app.py`],
      lint: { status: "ok", output: "" },
      resolved_path: `${h.root}/app.py`,
    });
    expect(h.get("app.py")).toBe("def greet():\n    return 'hello'\n");
  });

  test("Hermes' argument errors", async () => {
    expect(
      (await h.call("patch", { mode: "replace", old_string: "a", new_string: "b" })).error,
    ).toBe("path required");
    expect(
      (await h.call("patch", { mode: "replace", path: "app.py", old_string: "a" })).error,
    ).toBe("old_string and new_string required");
    expect((await h.call("patch", { mode: "patch" })).error).toBe("patch content required");
    expect((await h.call("patch", { mode: "rewrite", path: "app.py" })).error).toBe(
      "Unknown mode: rewrite",
    );
    h.put("same.txt", "abc\n");
    expect(
      (await h.call("patch", { path: "same.txt", old_string: "abc", new_string: "abc" })).error,
    ).toBe("old_string and new_string are identical");
  });

  test("ambiguous old_string lists up to five matches with line numbers", async () => {
    h.put(
      "dup.txt",
      Array.from({ length: 7 }, (_, i) => `value = ${i}\nflag = True`).join("\n") + "\n",
    );
    const result = await h.call("patch", {
      path: "dup.txt",
      old_string: "flag = True",
      new_string: "flag = False",
    });
    expect(result.error).toBe(
      "Found 7 matches for old_string. Provide more context to make it unique, or use replace_all=True. Matches:\n" +
        "  L2: flag = True\n  L4: flag = True\n  L6: flag = True\n  L8: flag = True\n  L10: flag = True\n  ... and 2 more",
    );
    const all = await h.call("patch", {
      path: "dup.txt",
      old_string: "flag = True",
      new_string: "flag = False",
      replace_all: true,
    });
    expect(all.success).toBe(true);
    expect(h.get("dup.txt").match(/flag = False/g)).toHaveLength(7);
  });

  test("no match: the error, a did-you-mean and a hint; repeated failures escalate", async () => {
    h.put("svc.py", "def start_server(port):\n    listen(port)\n");
    const taskId = `fail-${backend}`;
    const first = await h.call(
      "patch",
      { path: "svc.py", old_string: "def stop_server(port):", new_string: "x" },
      taskId,
    );
    expect(String(first.error)).toMatch(
      /^Could not find a match for old_string in the file\n\nDid you mean one of these sections\?\n/,
    );
    expect(first._hint).toBeUndefined();
    const second = await h.call(
      "patch",
      { path: "svc.py", old_string: "zzzz qqqq", new_string: "x" },
      taskId,
    );
    expect(second.error).toBe("Could not find a match for old_string in the file");
    expect(second._hint).toBe(
      "old_string not found. Use read_file to verify the current content, or search_files to locate the text.",
    );
    const third = await h.call(
      "patch",
      { path: "svc.py", old_string: "zzzz qqqq", new_string: "y" },
      taskId,
    );
    expect(third._hint).toBe(
      "This is failure #3 patching 'svc.py'. Stop retrying with variations of the same old_string. Either: (1) re-read the file fresh to verify current content, (2) use a longer / more unique old_string with surrounding context lines, or (3) use write_file to replace the entire file if the targeted region is hard to anchor.",
    );
  });

  test("a fuzzy match is applied, re-indented and reported by strategy name", async () => {
    h.put(
      "calc.py",
      "class Calc:\n    def add(self, a, b):\n        total = a + b\n        return total\n",
    );
    const result = await h.call("patch", {
      path: "calc.py",
      old_string: "total = a + b\nreturn total",
      new_string: "total = a + b\ntotal *= 2\nreturn total",
    });
    expect(result.success).toBe(true);
    expect(result.match_strategy).toBe("line_trimmed");
    expect(h.get("calc.py")).toBe(
      "class Calc:\n    def add(self, a, b):\n        total = a + b\n        total *= 2\n        return total\n",
    );
  });

  test("CRLF line endings and the final newline are kept", async () => {
    h.put("win.txt", "first\r\nsecond\r\nthird\r\n");
    await h.call("patch", {
      path: "win.txt",
      old_string: "second\nthird",
      new_string: "2nd\n3rd\nfourth",
    });
    expect(h.get("win.txt")).toBe("first\r\n2nd\r\n3rd\r\nfourth\r\n");
  });

  test("a patch that is already applied is a no-op success", async () => {
    h.put("done.ts", "export const retries = 5;\n");
    const before = readFileSync(path.join(h.hostDir, "done.ts"));
    const result = await h.call("patch", {
      path: "done.ts",
      old_string: "export const retries = 3;",
      new_string: "export const retries = 5;",
    });
    expect(result).toMatchObject({ success: true, no_change: true });
    expect(String(result.note)).toMatch(
      /^File already contains the target text — the edit appears to be already applied to /,
    );
    expect(readFileSync(path.join(h.hostDir, "done.ts"))).toEqual(before);
  });

  test("patching a missing file fails without creating it", async () => {
    const result = await h.call("patch", { path: "ghost.txt", old_string: "a", new_string: "b" });
    expect(result).toEqual({ success: false, error: `Failed to read file: ${h.root}/ghost.txt` });
  });

  test("binary and non-UTF-8 files are not patched", async () => {
    h.put("latin1.txt", new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a]));
    const latin = await h.call("patch", {
      path: "latin1.txt",
      old_string: "caf",
      new_string: "bar",
    });
    expect(String(latin.error)).toMatch(/^Cannot edit '.*latin1\.txt': it is not UTF-8 text/);
    expect(readFileSync(path.join(h.hostDir, "latin1.txt"))).toEqual(
      Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]),
    );
    h.put("nul.dat", new Uint8Array([0x61, 0, 0x62]));
    const nul = await h.call("patch", { mode: "patch", patch: "*** Update File: nul.dat\n-a\n+b" });
    expect(String(nul.error)).toContain("it is a binary file");
    const overwrite = await h.call("write_file", { path: "nul.dat", content: "now text\n" });
    expect(overwrite.error).toBeUndefined();
    expect(h.get("nul.dat")).toBe("now text\n");
  });

  test("system paths are refused before anything is read", async () => {
    expect(
      String(
        (await h.call("patch", { path: "/etc/hosts", old_string: "a", new_string: "b" })).error,
      ),
    ).toMatch(/^Refusing to write to sensitive system path: \/etc\/hosts/);
  });
});
