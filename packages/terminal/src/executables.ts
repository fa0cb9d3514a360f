import { accessSync, constants } from "node:fs";
import path from "node:path";

/** Whether `file` exists and this process may execute it. */
export function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The first executable `name` in the directories of `searchPath`, then in `fallbackDirs`;
 * undefined when there is none.
 */
export function findExecutable(
  name: string,
  searchPath: string | undefined,
  fallbackDirs: readonly string[] = [],
): string | undefined {
  for (const dir of [...(searchPath ?? "").split(path.delimiter), ...fallbackDirs]) {
    if (dir === "") continue;
    const candidate = path.join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}
