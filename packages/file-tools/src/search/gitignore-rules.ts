import ignore from "ignore";
import path from "node:path";
import type { FileAccess } from "../access/file-access.js";

/** The .gitignore rules in force under one directory: its own and every ancestor's. */
export interface IgnoreScope {
  /** True when `relative` (to the search root; directories end with "/") is ignored. */
  ignores(relative: string): boolean;
  /** The scope for a subdirectory (relative to the root), adding its .gitignore text if any. */
  child(relativeDir: string, gitignoreText: string | undefined): IgnoreScope;
}

/** One .gitignore: tests a root-relative path. */
type Layer = (relative: string) => boolean;

function scope(layers: readonly Layer[]): IgnoreScope {
  return {
    ignores: (relative) => layers.some((test) => test(relative)),
    child(relativeDir, gitignoreText) {
      if (gitignoreText === undefined || gitignoreText.trim() === "") return scope(layers);
      const rules = ignore().add(gitignoreText);
      const prefix = `${relativeDir}/`;
      return scope([
        ...layers,
        (relative) => relative.startsWith(prefix) && rules.ignores(relative.slice(prefix.length)),
      ]);
    },
  };
}

async function readText(access: FileAccess, file: string): Promise<string | undefined> {
  try {
    return new TextDecoder().decode(await access.readBytes(file));
  } catch {
    return undefined;
  }
}

/**
 * The rules at a search root: the .gitignore files of the root's ancestors (ripgrep reads
 * those too) and of the root itself.
 */
export async function rootIgnoreScope(access: FileAccess, root: string): Promise<IgnoreScope> {
  const layers: Layer[] = [];
  const directories: string[] = [root];
  for (let dir = root; dir !== "/";) {
    dir = path.posix.dirname(dir);
    directories.unshift(dir);
  }
  for (const dir of directories) {
    const text = await readText(access, path.posix.join(dir, ".gitignore"));
    if (text === undefined || text.trim() === "") continue;
    const rules = ignore().add(text);
    const prefix = path.posix.relative(dir, root);
    layers.push((relative) => rules.ignores(prefix === "" ? relative : `${prefix}/${relative}`));
  }
  return scope(layers);
}
