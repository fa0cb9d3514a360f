import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  BACKENDS,
  createFileToolsHarness,
  type FileToolsHarness,
} from "./support/file-tools-harness.js";

const patch = (...lines: string[]): string =>
  ["*** Begin Patch", ...lines, "*** End Patch"].join("\n");

describe.each(BACKENDS)("patch (V4A) on %s", (backend) => {
  let h: FileToolsHarness;
  beforeAll(async () => {
    h = await createFileToolsHarness(backend);
  });
  afterAll(async () => {
    await h.close();
  });

  test("updates, adds, deletes and moves files in one patch", async () => {
    h.put("src/main.py", "import os\n\ndef main():\n    print('old')\n    return 0\n");
    h.put("src/obsolete.py", "x = 1\n");
    h.put("src/rename_me.py", "y = 2\n");
    const result = await h.call("patch", {
      mode: "patch",
      patch: patch(
        "*** Update File: src/main.py",
        "@@ def main(): @@",
        " def main():",
        "-    print('old')",
        "+    print('new')",
        "     return 0",
        "*** Add File: src/extra.py",
        "+VALUE = 42",
        "*** Delete File: src/obsolete.py",
        "*** Move File: src/rename_me.py -> src/renamed.py",
      ),
    });
    expect(result.success).toBe(true);
    expect(result.files_created).toEqual(["src/extra.py"]);
    expect(result.files_deleted).toEqual(["src/obsolete.py"]);
    expect(String(result.diff)).toContain("-    print('old')\n+    print('new')");
    expect(h.get("src/main.py")).toBe("import os\n\ndef main():\n    print('new')\n    return 0\n");
    expect(h.get("src/extra.py")).toBe("VALUE = 42\n");
    expect(existsSync(path.join(h.hostDir, "src/obsolete.py"))).toBe(false);
    expect(h.get("src/renamed.py")).toBe("y = 2\n");
  });

  test("nothing is written when any operation fails validation", async () => {
    h.put("a.txt", "alpha\n");
    h.put("b.txt", "beta\n");
    const result = await h.call("patch", {
      mode: "patch",
      patch: patch(
        "*** Update File: a.txt",
        "-alpha",
        "+ALPHA",
        "*** Update File: b.txt",
        "-gamma",
        "+GAMMA",
      ),
    });
    expect(result.success).toBe(false);
    expect(String(result.error)).toMatch(
      /^Patch validation failed \(no files were modified\):\n {2}• b\.txt: hunk 1 \(no hint\) not found/,
    );
    expect(h.get("a.txt")).toBe("alpha\n");
  });

  test("a fuzzy hunk whose context lines are not at the bound place is refused", async () => {
    h.put(
      "cfg.py",
      "def load():\n    path = 'a'\n    mode = 'r'\n    return open(path, mode)\n\ndef save():\n    path = 'b'\n    mode = 'w'\n    return open(path, mode)\n",
    );
    const result = await h.call("patch", {
      mode: "patch",
      patch: patch(
        "*** Update File: cfg.py",
        " def save():",
        "-    path = 'b'",
        "+    path = 'c'",
        "     mode = 'x'",
        "     return open(path, mode)",
      ),
    });
    expect(result.success).toBe(false);
    expect(String(result.error)).toContain(
      `cfg.py: hunk 1 (no hint): the closest 'block_anchor' match (line 6) differs from the hunk at line 8: file has "mode = 'w'", hunk expects "mode = 'x'"; refused rather than edit the wrong place`,
    );
    expect(h.get("cfg.py")).toContain("path = 'b'");
  });

  test("a context hint picks among identical blocks", async () => {
    h.put("twins.py", "def one():\n    return None\n\ndef two():\n    return None\n");
    const result = await h.call("patch", {
      mode: "patch",
      patch: patch(
        "*** Update File: twins.py",
        "@@ def two(): @@",
        "-    return None",
        "+    return 2",
      ),
    });
    expect(result.success).toBe(true);
    expect(h.get("twins.py")).toBe("def one():\n    return None\n\ndef two():\n    return 2\n");
    h.put("triplets.py", "def a():\n    pass\n\ndef b():\n    pass\n");
    const ambiguous = await h.call("patch", {
      mode: "patch",
      patch: patch("*** Update File: triplets.py", "-    pass", "+    return 1"),
    });
    expect(String(ambiguous.error)).toContain(
      "triplets.py: hunk 1 (no hint) is ambiguous — Found 2 matches",
    );
    expect(h.get("triplets.py")).toBe("def a():\n    pass\n\ndef b():\n    pass\n");
  });

  test("headers with '..' are refused, as are adds over existing files", async () => {
    expect(
      (await h.call("patch", { mode: "patch", patch: patch("*** Add File: ../x.txt", "+x") }))
        .error,
    ).toBe(
      "V4A patch header contains '..' traversal: '../x.txt'. Use the agent's cwd-relative path (no '..') or an absolute path in '*** Update File:' / '*** Add File:' / '*** Delete File:' / '*** Move File:' headers.",
    );
    h.put("exists.txt", "keep\n");
    const add = await h.call("patch", {
      mode: "patch",
      patch: patch("*** Add File: exists.txt", "+clobber"),
    });
    expect(String(add.error)).toContain(
      "exists.txt: file already exists — use Update File, not Add File",
    );
    expect(h.get("exists.txt")).toBe("keep\n");
  });

  test("parse errors, context-only patches and already applied hunks", async () => {
    expect(
      (await h.call("patch", { mode: "patch", patch: patch("*** Update File: nohunks.txt") }))
        .error,
    ).toBe("Failed to parse patch: Parse error: UPDATE 'nohunks.txt': no hunks found");
    h.put("ctx.txt", "one\ntwo\n");
    expect(
      String(
        (await h.call("patch", { mode: "patch", patch: patch("*** Update File: ctx.txt", " one") }))
          .error,
      ),
    ).toContain("Patch contains no changes (only context lines were provided)");
    h.put("applied.txt", "value = new_value_here\n");
    const again = await h.call("patch", {
      mode: "patch",
      patch: patch(
        "*** Update File: applied.txt",
        "-value = old_value_here",
        "+value = new_value_here",
      ),
    });
    expect(String(again.error)).toContain("Patch contains no changes");
  });

  test("an addition-only hunk goes after its hint line", async () => {
    h.put("list.txt", "[deps]\nalpha\n[dev]\nbeta\n");
    const result = await h.call("patch", {
      mode: "patch",
      patch: patch("*** Update File: list.txt", "@@ [deps] @@", "+zeta"),
    });
    expect(result.success).toBe(true);
    expect(h.get("list.txt")).toBe("[deps]\nzeta\nalpha\n[dev]\nbeta\n");
  });

  test("a system path in a header is refused", async () => {
    const result = await h.call("patch", {
      mode: "patch",
      patch: patch("*** Update File: /etc/passwd", "-root", "+toor"),
    });
    expect(String(result.error)).toMatch(
      /^Refusing to write to sensitive system path: \/etc\/passwd/,
    );
  });
});
