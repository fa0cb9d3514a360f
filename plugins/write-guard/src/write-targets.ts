import { realpathSync } from "node:fs";
import path from "node:path";
import { expandHome } from "@hermes-agent/core";

// V4A patch headers (Hermes' `patch` tool in mode "patch") that name a file written or removed.
const PATCH_HEADER = /^\*\*\* (?:Add File|Update File|Delete File|Move to): (.+)$/gm;

/** The file paths a call of a file-writing tool would write, as given (not yet resolved). */
export function writeTargets(args: Readonly<Record<string, unknown>>): string[] {
  const targets: string[] = [];
  if (typeof args.path === "string" && args.path.trim() !== "") targets.push(args.path.trim());
  if (typeof args.patch === "string") {
    for (const match of args.patch.matchAll(PATCH_HEADER)) {
      const file = match[1]?.trim();
      if (file !== undefined && file !== "") targets.push(file);
    }
  }
  return targets;
}

/**
 * The real location a path would be written to: relative to `cwd`, `~` expanded, and symlinks
 * of its existing part resolved, so a link inside an allowed folder cannot point a write outside.
 */
export function realTarget(file: string, cwd: string): string {
  const absolute = path.resolve(cwd, expandHome(file));
  let existing = absolute;
  const rest: string[] = [];
  for (;;) {
    try {
      return path.join(realpathSync(existing), ...rest);
    } catch {
      const parent = path.dirname(existing);
      if (parent === existing) return absolute;
      rest.unshift(path.basename(existing));
      existing = parent;
    }
  }
}

/** True when `target` is `folder` or inside it. */
export function isInside(target: string, folder: string): boolean {
  return (
    target === folder || target.startsWith(folder.endsWith(path.sep) ? folder : folder + path.sep)
  );
}
