// Where a command's path operands point: a path word (possibly a glob, possibly partly known
// only at run time) resolved against the command's directory and home, then placed in a
// target class. Paths are POSIX. Where the command runs on this machine, symlinks on the way
// are resolved first (a link in /tmp to /etc is /etc), as the program acting on them will.
import os from "node:os";
import path from "node:path";
import { DYNAMIC } from "@hermes-agent/shell";
import { resolveLinks } from "../detection/link-paths.js";

/** The places a target is measured against. */
export interface TargetPlaces {
  /** Workspace root, when there is one that is not `/`, home or a system directory. */
  readonly workspace: string | undefined;
  /** Temporary directories (`/tmp`, `/var/tmp`, `/dev/shm`, the process's tmpdir). */
  readonly temps: readonly string[];
  readonly home: string | undefined;
  /** Resolve symlinks of an absolute path (identity when the targets are not on this machine). */
  readonly resolve: (file: string) => string;
}

/** Where one path word points. */
export type PathPlace = "workspace" | "temp" | "system" | "unknown" | "root";

const SYSTEM_ROOTS = [
  "/bin",
  "/boot",
  "/dev",
  "/etc",
  "/lib",
  "/lib32",
  "/lib64",
  "/libx32",
  "/proc",
  "/root",
  "/sbin",
  "/sys",
  "/usr",
  "/var",
];

const GLOB_OR_BRACE = /[*?[{]/;

/** True when `child` is `parent` or inside it. */
export function isInside(child: string, parent: string): boolean {
  if (parent === "/") return true;
  return child === parent || child.startsWith(`${parent}/`);
}

/** Expand `~` / `~/x` with `home`; null for `~user` or when home is unknown. */
function expandTilde(text: string, home: string | undefined): string | null {
  if (text !== "~" && !text.startsWith("~")) return text;
  if (text !== "~" && !text.startsWith("~/")) return null;
  return home === undefined ? null : home + text.slice(1);
}

/** A directory operand (`cd x`) resolved against `cwd`; null when it cannot be known. */
export function resolveDirectory(
  text: string,
  cwd: string,
  home: string | undefined,
): string | null {
  if (text.includes(DYNAMIC)) return null;
  const expanded = expandTilde(text, home);
  return expanded === null ? null : path.posix.resolve(cwd, expanded);
}

const keepPath = (file: string): string => file;

/**
 * The places of a context: a workspace only when it is a real project directory. With
 * `resolveOnHost`, paths (and the workspace and temp dirs themselves) are measured after
 * their symlinks are resolved on this machine.
 */
export function targetPlaces(
  workspace: string | undefined,
  home: string | undefined,
  resolveOnHost = false,
): TargetPlaces {
  const resolve = resolveOnHost ? resolveLinks : keepPath;
  const temps = [
    ...new Set(
      ["/tmp", "/var/tmp", "/dev/shm", path.posix.resolve(os.tmpdir())].flatMap((dir) => [
        dir,
        resolve(dir),
      ]),
    ),
  ].filter((dir) => dir !== "/");
  const root = workspace === undefined ? undefined : resolve(path.posix.resolve(workspace));
  const usable =
    root !== undefined &&
    root !== "/" &&
    (home === undefined || !isInside(home, root)) &&
    !SYSTEM_ROOTS.some((system) => isInside(root, system)) &&
    !temps.some((temp) => root === temp);
  return { workspace: usable ? root : undefined, temps, home, resolve };
}

/**
 * Where a path word points from `cwd`. `root` is the filesystem root itself or a glob over its
 * top level (`/`, `/*`, `.` in `/`, `~/..` for a home in `/`); `unknown` is a word with a part
 * known only at run time, or `~user`.
 */
export function placeOfPath(
  text: string,
  cwd: string,
  places: TargetPlaces,
  keepLast = false,
): PathPlace {
  return targetOfPath(text, cwd, places, keepLast).place;
}

/** {@link placeOfPath}, with the certain part of the path (symlinks resolved) when known. */
export function targetOfPath(
  text: string,
  cwd: string,
  places: TargetPlaces,
  keepLast = false,
): { readonly place: PathPlace; readonly path?: string } {
  if (text.includes(DYNAMIC)) return { place: "unknown" };
  const expanded = expandTilde(text, places.home);
  if (expanded === null) return { place: "unknown" };
  const absolute = path.posix.resolve(cwd, expanded);
  // Only the part before the first component with a glob or brace is certain.
  const parts = absolute.split("/");
  const globAt = parts.findIndex((part) => GLOB_OR_BRACE.test(part));
  // `rm link` removes the link, not what it points at (`rm link/` goes through it).
  const last = globAt < 0 && keepLast && !text.endsWith("/") && absolute !== "/";
  const fixed = last
    ? path.posix.join(places.resolve(path.posix.dirname(absolute)), path.posix.basename(absolute))
    : places.resolve(globAt < 0 ? absolute : parts.slice(0, globAt).join("/") || "/");
  if (fixed === "/") return { place: "root", path: fixed };
  // A workspace inside a temp dir is still the workspace.
  if (places.workspace !== undefined && isInside(fixed, places.workspace))
    return { place: "workspace", path: fixed };
  if (places.temps.some((temp) => isInside(fixed, temp))) return { place: "temp", path: fixed };
  return { place: "system", path: fixed };
}
