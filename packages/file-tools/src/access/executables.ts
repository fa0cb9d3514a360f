import { accessSync, constants } from "node:fs";
import path from "node:path";

const found = new Map<string, string | null>();

/**
 * First executable `name` on `searchPath`. Version-manager shims (a `shims` directory,
 * e.g. pyenv's) are used only when nothing else is there: they start slowly.
 */
export function findExecutable(name: string, searchPath: string | undefined): string | undefined {
  const key = `${name}\0${searchPath ?? ""}`;
  const cached = found.get(key);
  if (cached !== undefined) return cached ?? undefined;
  const candidates = (searchPath ?? "")
    .split(path.delimiter)
    .filter((dir) => dir !== "")
    .map((dir) => path.join(dir, name))
    .filter((file) => {
      try {
        accessSync(file, constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
  const best = candidates.find((file) => !file.split(path.sep).includes("shims")) ?? candidates[0];
  found.set(key, best ?? null);
  return best;
}
