import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  BACKENDS,
  createFileToolsHarness,
  type FileToolsHarness,
} from "./support/file-tools-harness.js";

/** A small project with ignored, hidden, binary and credential files. */
function seed(h: FileToolsHarness): void {
  h.put(".gitignore", "build/\n*.log\n");
  h.put(
    "src/app.ts",
    "import { helper } from './util';\nexport const answer = helper(41);\n// TODO: remove\n",
  );
  h.put("src/util.ts", "export function helper(n: number) {\n  return n + 1;\n}\n");
  h.put("src/nested/.gitignore", "secret-notes.md\n");
  h.put("src/nested/secret-notes.md", "helper is here too\n");
  h.put("src/nested/deep.py", "def helper():\n    return 'helper'\n");
  h.put("build/out.js", "helper()\n");
  h.put("debug.log", "helper failed\n");
  h.put(".hidden/config.ts", "helper\n");
  h.put("image.bin", new Uint8Array([0x68, 0x65, 0x6c, 0x70, 0x65, 0x72, 0, 1, 2]));
  h.put(".env", "HELPER_TOKEN=abc\n");
  h.put("README.md", "Call helper() to add one.\n");
  h.touch("src/app.ts", 1_700_000_300);
  h.touch("src/util.ts", 1_700_000_200);
  h.touch("src/nested/deep.py", 1_700_000_100);
  h.touch("README.md", 1_700_000_000);
}

const ENGINES = ["ripgrep", "node"] as const;

describe.each(BACKENDS.flatMap((backend) => ENGINES.map((engine) => [backend, engine] as const)))(
  "search_files on %s with the %s engine",
  (backend, engine) => {
    let h: FileToolsHarness;
    beforeAll(async () => {
      h = await createFileToolsHarness(backend, { searchEngine: engine });
      seed(h);
    });
    afterAll(async () => {
      await h.close();
    });

    test("content matches skip ignored, hidden and binary files; credential files are left out with a note", async () => {
      const result = await h.call("search_files", { pattern: "helper", path: "." });
      expect(result.total_count).toBe(6);
      expect(result.matches_format).toBe(
        "path-grouped: each file path on its own line, followed by indented '<line>: <content>' rows for matches in that file",
      );
      expect(result.matches_text).toBe(
        [
          "README.md",
          "  1: Call helper() to add one.",
          "src/app.ts",
          "  1: import { helper } from './util';",
          "  2: export const answer = helper(41);",
          "src/nested/deep.py",
          "  1: def helper():",
          "  2:     return 'helper'",
          "src/util.ts",
          "  1: export function helper(n: number) {",
        ].join("\n"),
      );
      expect(result._omitted).toBeUndefined();
      const withEnv = await h.call("search_files", { pattern: "HELPER", path: "." });
      expect(withEnv).toMatchObject({ total_count: 0 });
    });

    test("fewer than five matches come as a list", async () => {
      const result = await h.call("search_files", { pattern: "TODO", path: "src" });
      expect(result).toEqual({
        total_count: 1,
        matches: [{ path: "src/app.ts", line: 3, content: "// TODO: remove" }],
      });
    });

    test("files_only, count, file_glob and context", async () => {
      expect(
        await h.call("search_files", { pattern: "helper", output_mode: "files_only" }),
      ).toEqual({
        total_count: 4,
        files: ["README.md", "src/app.ts", "src/nested/deep.py", "src/util.ts"],
      });
      expect(
        await h.call("search_files", {
          pattern: "helper",
          output_mode: "count",
          file_glob: "*.ts",
        }),
      ).toEqual({
        total_count: 3,
        counts: { "src/app.ts": 2, "src/util.ts": 1 },
      });
      const context = await h.call("search_files", {
        pattern: "return n",
        context: 1,
        path: "src",
      });
      expect(context.matches).toEqual([
        { path: "src/util.ts", line: 1, content: "export function helper(n: number) {" },
        { path: "src/util.ts", line: 2, content: "  return n + 1;" },
        { path: "src/util.ts", line: 3, content: "}" },
      ]);
    });

    test("target files finds by name: path order by default, newest first with order=modified", async () => {
      expect(await h.call("search_files", { pattern: "*.ts", target: "files" })).toEqual({
        total_count: 2,
        files: ["src/app.ts", "src/util.ts"],
      });
      const all = await h.call("search_files", { pattern: "*", target: "files", path: "src" });
      expect(all.files).toEqual(["src/app.ts", "src/nested/deep.py", "src/util.ts"]);
      const newest = await h.call("search_files", {
        pattern: "*",
        target: "files",
        path: "src",
        order: "modified",
      });
      expect(newest.files).toEqual(["src/app.ts", "src/util.ts", "src/nested/deep.py"]);
      const paged = await h.call("search_files", {
        pattern: "*",
        target: "files",
        path: "src",
        order: "modified",
        limit: 1,
        offset: 1,
      });
      expect(paged.files).toEqual(["src/util.ts"]);
      expect(
        await h.call("search_files", { pattern: "*", target: "files", order: "newest" }),
      ).toMatchObject({ error_type: "invalid_arguments", field: "order" });
    });

    test("paging says how to continue", async () => {
      const raw = await h.raw("search_files", { pattern: "helper", limit: 2, offset: 1 });
      const [json, hint] = raw.split("\n\n");
      expect(JSON.parse(json ?? "")).toEqual({
        total_count: 6,
        matches: [
          { path: "src/app.ts", line: 1, content: "import { helper } from './util';" },
          { path: "src/app.ts", line: 2, content: "export const answer = helper(41);" },
        ],
        truncated: true,
        total_count_is_lower_bound: true,
      });
      expect(hint).toBe(
        "[Hint: Results truncated. Use offset=3 to see more, or narrow with a more specific pattern or file_glob.]",
      );
    });

    test("credential files are omitted from results with a note", async () => {
      h.put("conf/.env.local", "API_TOKEN=helper-secret\n");
      h.put("conf/settings.ini", "token_source=helper\n");
      const result = await h.call("search_files", {
        pattern: "helper",
        path: "conf",
        target: "content",
      });
      // Hidden files are skipped by default, so search the credential file directly.
      const direct = await h.call("search_files", { pattern: "helper", path: "conf/.env.local" });
      expect(result.total_count).toBe(1);
      expect(direct).toEqual({
        total_count: 0,
        _omitted:
          "1 result(s) omitted because they target credential, token, cache, or secret-bearing environment files.",
      });
    });

    test("a search that finds nothing says when another casing or a literal reading would", async () => {
      expect(await h.call("search_files", { pattern: "ANSWER", path: "src" })).toEqual({
        total_count: 0,
        warning:
          "0 exact matches, but 1 case-insensitive match(es) in 1 file(s): src/app.ts — the pattern's casing may be wrong.",
      });
      expect(await h.call("search_files", { pattern: "helper(41)", path: "src" })).toEqual({
        total_count: 0,
        warning:
          "0 regex matches, but 1 literal match(es) in 1 file(s): src/app.ts — the pattern contains regex metacharacters that likely need escaping (or pass a simpler substring).",
      });
      expect(await h.call("search_files", { pattern: "nothing_like_this", path: "src" })).toEqual({
        total_count: 0,
      });
    });

    test("a missing path and a bad regex are errors", async () => {
      expect(await h.call("search_files", { pattern: "x", path: "srcc" })).toEqual({
        total_count: 0,
        error: "Path not found: srcc. Similar paths: src",
      });
      const bad = await h.call("search_files", { pattern: "(unclosed", path: "src" });
      expect(String(bad.error)).toMatch(/^Search failed: /);
    });

    test("the same search repeated warns on the 3rd and is blocked on the 4th", async () => {
      const taskId = `repeat-${backend}-${engine}`;
      const args = { pattern: "answer", path: "src" };
      await h.call("search_files", args, taskId);
      await h.call("search_files", args, taskId);
      expect((await h.call("search_files", args, taskId))._warning).toBe(
        "You have run this exact search 3 times consecutively. The results have not changed. Use the information you already have.",
      );
      expect(await h.call("search_files", args, taskId)).toEqual({
        error:
          "BLOCKED: You have run this exact search 4 times in a row. The results have NOT changed. You already have this information. STOP re-searching and proceed with your task.",
        pattern: "answer",
        already_searched: 4,
      });
      await h.call(
        "write_file",
        { path: "src/more.ts", content: "export const more = 1;\n" },
        taskId,
      );
      expect((await h.call("search_files", args, taskId)).error).toBeUndefined();
    });
  },
);
