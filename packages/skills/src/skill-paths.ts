import { realpath } from "node:fs/promises";
import path from "node:path";

/** Hint given with a bad skill name. */
export const LOOKUP_HINT = "Use a skill name or relative path within the skills directory.";

/** True when a path has a literal `..` component (either separator). */
export function hasTraversalComponent(value: string): boolean {
  return value.split(/[\\/]+/).includes("..");
}

/**
 * Hermes' error for a skill name that could escape the directories it is joined onto (absolute
 * paths, Windows drive paths, `..`), or undefined when the name is fine.
 */
export function skillLookupPathError(name: unknown): string | undefined {
  if (typeof name !== "string") return "Skill name must be a string.";
  const candidate = name.trim();
  if (
    path.posix.isAbsolute(candidate) ||
    path.win32.isAbsolute(candidate) ||
    /^[A-Za-z]:/.test(candidate)
  ) {
    return "Skill name must be a relative path within the skills directory.";
  }
  if (hasTraversalComponent(candidate)) {
    return "Skill name cannot contain '..' path traversal components.";
  }
  return undefined;
}

async function resolveExisting(target: string): Promise<string> {
  // The target may not exist yet (a file about to be written): resolve its nearest existing parent.
  let current = target;
  const rest: string[] = [];
  for (;;) {
    try {
      return path.join(await realpath(current), ...rest.reverse());
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return target;
      rest.push(path.basename(current));
      current = parent;
    }
  }
}

/**
 * Hermes' error when `target` does not resolve inside `root` once symlinks and `..` are
 * followed (`Path escapes allowed directory: ...`), or undefined when it stays inside.
 */
export async function validateWithinDir(target: string, root: string): Promise<string | undefined> {
  const [resolvedTarget, resolvedRoot] = await Promise.all([
    resolveExisting(target),
    resolveExisting(root),
  ]);
  const relative = path.relative(resolvedRoot, resolvedTarget);
  if (relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative)))
    return undefined;
  return `Path escapes allowed directory: '${resolvedTarget}' is not in the subpath of '${resolvedRoot}'`;
}
