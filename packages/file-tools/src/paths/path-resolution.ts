import path from "node:path";
import { pythonRepr } from "../python-repr.js";

/** A path the model gave, resolved against the task's working directory. */
export interface ResolvedPath {
  /** What the model sent. */
  readonly input: string;
  /** Absolute, normalised (symlinks not followed). */
  readonly absolute: string;
  /** The directory relative paths were resolved against (the terminal's cwd). */
  readonly base: string;
  /** Whether the model sent a relative path. */
  readonly relative: boolean;
}

/** Expand `~` and `~/...` with `home`; other paths are returned as they are. */
export function expandTilde(input: string, home: string): string {
  if (input === "~") return home;
  if (input.startsWith("~/")) return path.posix.join(home, input.slice(2));
  return input;
}

/** Resolve `input` against `base` (the task's live cwd) after expanding `~`. */
export function resolveToolPath(input: string, base: string, home: string): ResolvedPath {
  const expanded = expandTilde(input, home);
  const relative = !path.posix.isAbsolute(expanded);
  const absolute = relative
    ? path.posix.resolve(base, expanded)
    : path.posix.normalize(expanded).replace(/(.)\/$/, "$1");
  return { input, absolute, base, relative };
}

function isInside(child: string, parent: string): boolean {
  if (child === parent) return true;
  const prefix = parent.endsWith("/") ? parent : `${parent}/`;
  return child.startsWith(prefix);
}

/**
 * Hermes' warning for a relative path that lands outside the workspace (the terminal's
 * cwd), e.g. `../other-checkout/file`; undefined when the path is absolute or inside.
 */
export function workspaceEscapeWarning(resolved: ResolvedPath): string | undefined {
  if (!resolved.relative || isInside(resolved.absolute, resolved.base)) return undefined;
  return (
    `Relative path ${pythonRepr(resolved.input)} resolved to ${pythonRepr(resolved.absolute)}, which is ` +
    `OUTSIDE the active workspace (${pythonRepr(resolved.base)}). The edit will land in a ` +
    "different directory than the terminal's cwd. If this is not intended (e.g. a git-worktree " +
    "session writing into the main checkout), pass an absolute path under the workspace instead."
  );
}

/** True when `child` is `parent` or below it. */
export function isPathInside(child: string, parent: string): boolean {
  return isInside(child, parent);
}
