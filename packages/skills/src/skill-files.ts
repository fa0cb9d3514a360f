import { randomBytes } from "node:crypto";
import {
  lstat,
  mkdir,
  readdir,
  realpath,
  rename,
  rm,
  rmdir,
  unlink,
  writeFile,
} from "node:fs/promises";
import path from "node:path";

/** Write a file atomically: a temp file in the same folder, then a rename over the target. */
export async function writeFileAtomic(target: string, content: string): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true });
  const temp = path.join(
    path.dirname(target),
    `.${path.basename(target)}.tmp.${randomBytes(6).toString("hex")}`,
  );
  try {
    await writeFile(temp, content, { encoding: "utf8", flag: "wx" });
    await rename(temp, target);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}

/** Remove `dir` when it is empty (never throws). */
export async function removeIfEmpty(dir: string): Promise<void> {
  try {
    if ((await readdir(dir)).length === 0) await rmdir(dir);
  } catch {
    // Not empty, gone, or not ours to remove: leave it.
  }
}

/**
 * Why deleting `skillDir` recursively would be unsafe, or undefined: it must not be a symlink,
 * must not be a skills root itself, and must resolve strictly inside one of `roots`.
 */
export async function deleteTargetError(
  skillDir: string,
  roots: readonly string[],
): Promise<string | undefined> {
  try {
    if ((await lstat(skillDir)).isSymbolicLink()) {
      return `Refusing to delete '${skillDir}': the skill directory is a symlink/junction. Remove the link target manually if intended.`;
    }
  } catch (error) {
    return `Refusing to delete '${skillDir}': could not resolve path (${(error as Error).message}).`;
  }
  const resolved = await realpath(skillDir);
  for (const root of roots) {
    let resolvedRoot: string;
    try {
      resolvedRoot = await realpath(root);
    } catch {
      continue;
    }
    if (resolved === resolvedRoot) {
      return `Refusing to delete '${skillDir}': resolves to the skills root itself, which would remove every installed skill.`;
    }
    const relative = path.relative(resolvedRoot, resolved);
    if (relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative))
      return undefined;
  }
  return `Refusing to delete '${skillDir}': path does not resolve inside any known skills root.`;
}

/** Delete a skill folder recursively. */
export async function removeTree(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: false });
}
