import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import * as api from "../src/index.js";

describe("public API", () => {
  test("exports exactly the curated names", () => {
    expect(Object.keys(api).sort()).toEqual(
      [
        "FILE_TOOLSET",
        "FILE_TOOLS_DEFAULTS",
        "FileToolsError",
        "FileToolsErrorCode",
        "MATCH_STRATEGIES",
        "PATCH_SCHEMA",
        "READ_FILE_SCHEMA",
        "SEARCH_FILES_SCHEMA",
        "VERSION",
        "WRITE_FILE_SCHEMA",
        "fuzzyReplace",
        "isAlreadyApplied",
        "parseV4aPatch",
        "registerFileTools",
      ].sort(),
    );
  });

  test("VERSION is the version in package.json", () => {
    const manifest = JSON.parse(
      readFileSync(new URL("../package.json", import.meta.url), "utf8"),
    ) as {
      version: string;
    };
    expect(api.VERSION).toBe(manifest.version);
  });

  test("errors carry the package's codes and survive isInstance checks", () => {
    const error = new api.FileToolsError(api.FileToolsErrorCode.WriteFailed, "nope");
    expect(error.code).toBe("FILE_TOOLS_WRITE_FAILED");
    expect(api.FileToolsError.isInstance(error)).toBe(true);
    expect(api.FileToolsError.isInstance(new Error("nope"))).toBe(false);
  });

  test("the strategies are Hermes' nine, in order, with escape_literal and blank_line_flexible added", () => {
    expect(api.MATCH_STRATEGIES).toEqual([
      "exact",
      "line_trimmed",
      "whitespace_normalized",
      "indentation_flexible",
      "escape_normalized",
      "escape_literal",
      "trimmed_boundary",
      "unicode_normalized",
      "blank_line_flexible",
      "block_anchor",
      "context_aware",
    ]);
  });
});
