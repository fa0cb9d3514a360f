import { mkdir, symlink } from "node:fs/promises";
import path from "node:path";
import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { afterEach, beforeEach, expect, test } from "vitest";
import { deleteTargetError } from "../src/skill-files.js";

let dir: TempDir;
beforeEach(async () => {
  dir = await createTempDir();
});
afterEach(async () => {
  await dir.remove();
});

test("a recursive delete is refused for symlinks, the root itself and paths outside every root", async () => {
  const root = path.join(dir.path, "skills");
  await mkdir(path.join(root, "ok"), { recursive: true });
  await mkdir(path.join(dir.path, "elsewhere"));
  await symlink(path.join(dir.path, "elsewhere"), path.join(root, "link"));
  expect(await deleteTargetError(path.join(root, "ok"), [root])).toBeUndefined();
  expect(await deleteTargetError(path.join(root, "link"), [root])).toMatch(
    /the skill directory is a symlink\/junction/,
  );
  expect(await deleteTargetError(root, [root])).toMatch(/resolves to the skills root itself/);
  expect(await deleteTargetError(path.join(dir.path, "elsewhere"), [root])).toMatch(
    /path does not resolve inside any known skills root/,
  );
});
