import { describe, expect, test } from "vitest";
import { unifiedDiff } from "../src/patch/unified-diff.js";

describe("unifiedDiff", () => {
  const lines = (n: number): string =>
    Array.from({ length: n }, (_, i) => `line ${i + 1}\n`).join("");

  test("a change deep in a large file has the right line numbers and three lines of context", () => {
    const before = lines(10_000);
    const after = before.replace("line 5000\n", "line five thousand\n");
    expect(unifiedDiff("big.txt", before, after)).toBe(
      "--- a/big.txt\n+++ b/big.txt\n@@ -4997,7 +4997,7 @@\n line 4997\n line 4998\n line 4999\n-line 5000\n+line five thousand\n line 5001\n line 5002\n line 5003\n",
    );
  });

  test("edits at the start and end, insertions and deletions", () => {
    expect(unifiedDiff("f", "a\nb\n", "z\na\nb\n")).toBe(
      "--- a/f\n+++ b/f\n@@ -1,2 +1,3 @@\n+z\n a\n b\n",
    );
    expect(unifiedDiff("f", "a\nb\n", "a\nb\nc\n")).toBe(
      "--- a/f\n+++ b/f\n@@ -1,2 +1,3 @@\n a\n b\n+c\n",
    );
    expect(unifiedDiff("f", "a\nb\nc\n", "a\nc\n")).toBe(
      "--- a/f\n+++ b/f\n@@ -1,3 +1,2 @@\n a\n-b\n c\n",
    );
    expect(unifiedDiff("f", "same\n", "same\n")).toBe("");
  });

  test("a deletion diffs against /dev/null", () => {
    expect(unifiedDiff("gone.txt", "x\ny\n", undefined)).toBe(
      "--- a/gone.txt\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-x\n-y\n",
    );
  });
});
