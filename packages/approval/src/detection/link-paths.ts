// Where a path really points once symlinks are followed: the links the line itself made
// (`ln -s / r && rm -rf r/*`) and, when the command runs on this machine, the links already on
// this filesystem (a link in the tree to `/etc`). Only the certain part of a path is followed
// (up to a component known only at run time or a glob); the rest is kept as written.
import { readlinkSync, realpathSync } from "node:fs";
import path from "node:path";
import { DYNAMIC } from "@hermes-agent/shell";
import type { SessionState } from "./command-context.js";

const GLOB_COMPONENT = /[*?[]/;
/** Most link hops followed for one path (a loop of links is left as it is). */
const MAX_HOPS = 16;

/**
 * `file` (absolute, normalised) with the symlinks of its longest existing prefix resolved on
 * this machine; the part that does not exist yet is kept as written.
 */
export function resolveLinks(file: string, hops = 0): string {
  const rest: string[] = [];
  let head = file;
  for (;;) {
    try {
      const real = realpathSync.native(head);
      return rest.length === 0 ? real : path.posix.join(real, ...rest.reverse());
    } catch {
      if (head === "/" || head === "") return file;
      // A link whose target does not exist (yet): follow what it names.
      const target = hops < MAX_HOPS ? linkText(head) : null;
      if (target !== null) {
        const next = path.posix.resolve(path.posix.dirname(head), target);
        return resolveLinks(
          rest.length === 0 ? next : path.posix.join(next, ...rest.reverse()),
          hops + 1,
        );
      }
      rest.push(path.posix.basename(head));
      head = path.posix.dirname(head);
    }
  }
}

function linkText(file: string): string | null {
  try {
    return readlinkSync(file);
  } catch {
    return null;
  }
}

/**
 * The absolute path a word names in the session: `~` expanded with a known home, a relative
 * path joined to a known directory. Null when that is not known, or for `~user`.
 */
export function absolutePathOf(text: string, state: SessionState): string | null {
  if (text.startsWith("/")) return text;
  if (text === "~" || text.startsWith("~/")) {
    return state.home === null ? null : `${state.home === "/" ? "" : state.home}${text.slice(1)}`;
  }
  if (text === "" || text.startsWith("~") || text.startsWith(DYNAMIC)) return null;
  const cwd = state.cwd ?? (state.left || state.depth !== 0 ? null : UNKNOWN_TREE);
  if (cwd === null || !cwd.startsWith("/")) return null;
  return cwd === "/" ? `/${text}` : `${cwd}/${text}`;
}

/**
 * Where relative paths are placed when the working tree's location is not known (no context):
 * a directory no real path is in, so links and moves of the line can still be followed.
 */
export const UNKNOWN_TREE = "/\u0001tree";

/** The working tree (absolute), or {@link UNKNOWN_TREE} when the context gives none. */
export function treeOf(state: SessionState): string {
  return state.workspace ?? UNKNOWN_TREE;
}

function onHost(state: SessionState, file: string): string {
  const cached = state.work.realPaths.get(file);
  if (cached !== undefined) return cached;
  const real = resolveLinks(file);
  state.work.realPaths.set(file, real);
  return real;
}

/**
 * Follow the links of a certain absolute path: the line's own links first (component by
 * component), then this machine's filesystem when the paths are this machine's.
 */
function followCertain(state: SessionState, file: string, hops: number): string {
  let resolved = file;
  if (state.links.size > 0 && hops < MAX_HOPS) {
    const parts = file.split("/").filter((part) => part !== "");
    let current = "/";
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i] as string;
      if (part === ".") continue;
      if (part === "..") {
        current = path.posix.dirname(current);
        continue;
      }
      const next = path.posix.join(current, part);
      const target = state.links.get(next);
      if (target === undefined) {
        current = next;
        continue;
      }
      const rest = parts.slice(i + 1).join("/");
      const joined = rest === "" ? target : `${target.replace(/\/+$/, "")}/${rest}`;
      // A target only known at run time, or under a home that is not known, stays as it is.
      if (!target.startsWith("/") || target.includes(DYNAMIC)) return joined;
      return followCertain(state, joined, hops + 1);
    }
    resolved = path.posix.normalize(current);
  }
  return state.hostFilesystem ? onHost(state, path.posix.normalize(resolved)) : resolved;
}

/**
 * Where an absolute path (possibly globbed or partly known only at run time) points after
 * symlinks. With `followLast` false the last component is not followed (`rm link` removes
 * the link itself), unless the path ends in `/`. Returns the path unchanged when nothing is
 * known to follow.
 */
export function physicalPathOf(
  state: SessionState,
  file: string,
  glob: boolean,
  followLast: boolean,
): string {
  if (!state.hostFilesystem && state.links.size === 0) return file;
  const parts = file.split("/");
  let cut = parts.findIndex(
    (part) => part.includes(DYNAMIC) || (glob && GLOB_COMPONENT.test(part)),
  );
  const trailing = file.length > 1 && file.endsWith("/");
  if (cut < 0 && !followLast && !trailing) {
    const last = parts[parts.length - 1] ?? "";
    if (last !== "" && last !== "." && last !== "..") cut = parts.length - 1;
  }
  const certain = cut < 0 ? file : parts.slice(0, cut).join("/") || "/";
  const rest = cut < 0 ? "" : parts.slice(cut).join("/");
  const followed = followCertain(state, certain, 0);
  if (rest === "") return trailing && followed !== "/" ? `${followed}/` : followed;
  return followed.endsWith("/") ? `${followed}${rest}` : `${followed}/${rest}`;
}
