import { expect, test } from "vitest";
import { parsePorcelain } from "../src/index.js";

test("branch line with upstream and counts", () => {
  const summary = parsePorcelain("## main...origin/main [ahead 2, behind 1]\0");
  expect(summary).toMatchObject({ branch: "main", upstream: "origin/main", ahead: 2, behind: 1 });
});

test("unborn and detached branches", () => {
  expect(parsePorcelain("## No commits yet on trunk\0").branch).toBe("trunk");
  expect(parsePorcelain("## HEAD (no branch)\0").branch).toBe("HEAD (detached)");
});

test("staged, modified, both, renames (original path skipped), conflicts, untracked", () => {
  const summary = parsePorcelain(
    [
      "## dev",
      "M  staged.txt",
      " M worktree.txt",
      "MM both.txt",
      "R  new.txt",
      "old.txt",
      "UU conflict.txt",
      "?? fresh.txt",
      "",
    ].join("\0"),
  );
  expect(summary.staged).toEqual(["staged.txt", "both.txt", "new.txt"]);
  expect(summary.modified).toEqual(["worktree.txt", "both.txt"]);
  expect(summary.conflicted).toEqual(["conflict.txt"]);
  expect(summary.untracked).toEqual(["fresh.txt"]);
});
