import { statSync } from "node:fs";
import path from "node:path";

/** The nearest existing directory at or above `dir`. */
export function nearestExistingDir(dir: string): string {
  let current = path.resolve(dir);
  for (;;) {
    try {
      if (statSync(current).isDirectory()) return current;
    } catch {
      // missing: try the parent
    }
    const parent = path.dirname(current);
    if (parent === current) return current;
    current = parent;
  }
}

/** Whether `dir` exists and is a directory. */
export function isDirectory(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}
