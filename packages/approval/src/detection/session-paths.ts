import path from "node:path";
import { DYNAMIC, type Word } from "@hermes-agent/shell";
import { activeSession, isInsideDir, type SessionState } from "./command-context.js";
import { absolutePathOf, physicalPathOf, treeOf } from "./link-paths.js";
import {
  classifyDeleteTarget,
  classifyWriteTarget,
  type DeleteScope,
  type WriteTargetKind,
} from "./paths.js";

// Working directories that hold projects even though they sit under a system-looking root:
// relative writes inside them are workspace writes, not system writes.
const WORKSPACE_ROOTS =
  /^(?:\/(?:usr\/(?:local\/)?src|opt|srv|var\/www|var\/tmp|tmp|mnt|media|workspaces?|app|code|src|data|build|home\/[^/]+|root|Users\/[^/]+)|~)(?:\/|$)/;
// What the front end gives a variable assigned from `$(mktemp)`: a fresh file or directory the
// script made itself in a temp directory (the random part left as mktemp's `X`s).
const MKTEMP_RESULT = /^\/(?:var\/)?tmp\/[\w.-]*XXX[\w.-]*(?:\/[^\0]*)?$/;
const HARD_DELETE_SCOPES: ReadonlySet<DeleteScope> = new Set(["root", "system-dir", "home-root"]);

/** A path with the session's home folded to `~` (`/home/alice/.bashrc` → `~/.bashrc`). */
export function homeFolded(text: string): string {
  const home = activeSession()?.home ?? null;
  if (home === null || home === "/" || !text.startsWith(home)) return text;
  const rest = text.slice(home.length);
  return rest === "" || rest.startsWith("/") ? `~${rest}` : text;
}

/** The path a relative word names in the session's working directory, or null. */
export function inWorkingDirectory(text: string): string | null {
  const cwd = activeSession()?.cwd ?? null;
  if (cwd === null || text === "" || /^[/~]/.test(text) || text.startsWith(DYNAMIC)) return null;
  return homeFolded(cwd === "/" ? `/${text}` : `${cwd}/${text}`);
}

/**
 * What deleting a path would hit, in the session: a relative path in `/etc` or `/` is judged
 * as the system path it names; inside an ordinary workspace it keeps its workspace meaning.
 */
export function deleteScopeOf(text: string, glob: boolean): DeleteScope {
  const written = writtenDeleteScope(text, glob);
  const linked = linkedDeleteScope(text, glob);
  return linked !== null && SCOPE_SEVERITY[linked] > SCOPE_SEVERITY[written] ? linked : written;
}

// How much a delete of each scope can destroy, least first.
const SCOPE_SEVERITY: Readonly<Record<DeleteScope, number>> = {
  inside: 0,
  "tree-root": 1,
  dynamic: 2,
  outside: 3,
  "home-root": 4,
  "system-dir": 5,
  root: 6,
};

/** The part of an absolute path before its first glob or run-time component. */
function certainPart(file: string, glob: boolean): string {
  const parts = file.split("/");
  const cut = parts.findIndex((part) => part.includes(DYNAMIC) || (glob && /[*?[]/.test(part)));
  return path.posix.normalize(cut < 0 ? file : parts.slice(0, cut).join("/") || "/");
}

/** True when `file` (absolute, after links) is inside the working tree, itself after links. */
function staysInTree(state: SessionState, file: string): boolean {
  const tree = treeOf(state);
  return isInsideDir(file, tree) || isInsideDir(file, physicalPathOf(state, tree, false, true));
}

/**
 * What deleting a path hits once symlinks are followed and data moved into the tree is
 * remembered: null when neither changes what the path names.
 */
function linkedDeleteScope(text: string, glob: boolean): DeleteScope | null {
  const state = activeSession();
  if (
    state === null ||
    (!state.hostFilesystem && state.links.size === 0 && state.movedIn.size === 0)
  )
    return null;
  const file = absolutePathOf(text, state);
  if (file === null) return null;
  if (state.movedIn.size > 0) {
    const certain = certainPart(file, glob);
    for (const moved of state.movedIn)
      if (isInsideDir(certain, moved) || isInsideDir(moved, certain)) return "outside";
  }
  const physical = physicalPathOf(state, file, glob, false);
  if (physical === file || path.posix.normalize(physical) === path.posix.normalize(file))
    return null;
  if (physical.startsWith("/") && staysInTree(state, certainPart(physical, glob))) return null;
  return classifyDeleteTarget(homeFolded(physical), glob);
}

function writtenDeleteScope(text: string, glob: boolean): DeleteScope {
  if (text.startsWith(DYNAMIC)) return "dynamic";
  if (MKTEMP_RESULT.test(text) && !text.includes("..")) return "inside";
  const own = classifyDeleteTarget(homeFolded(text), glob);
  const moved = inWorkingDirectory(text);
  // After a `cd` out of the working tree, a relative path is not the project's any more.
  const session = activeSession();
  const relative = !/^[/~]/.test(text);
  if (relative && session?.left === true && (own === "inside" || own === "tree-root")) {
    if (moved === null) return "outside";
    const scope = classifyDeleteTarget(moved, glob);
    return HARD_DELETE_SCOPES.has(scope) ? scope : "outside";
  }
  if (moved === null || own === "dynamic") return own;
  const scope = classifyDeleteTarget(moved, glob);
  return HARD_DELETE_SCOPES.has(scope) ? scope : own;
}

/**
 * True when there is at least one operand and every one names a file inside the working tree
 * (not the tree itself, not `.git`, nothing only known at run time): overwriting or formatting
 * such a file is the project's business, like deleting it.
 */
export function allInsideTree(words: readonly Word[]): boolean {
  return (
    words.length > 0 &&
    words.every(
      (word) =>
        !word.dynamic &&
        !word.glob &&
        deleteScopeOf(word.text, false) === "inside" &&
        writeKindOf(word.text) === null &&
        !/^\/[^/]*$/.test(inWorkingDirectory(word.text) ?? ""),
    )
  );
}

/**
 * Why writing a path is sensitive in the session (relative paths resolved against the cwd,
 * symlinks followed; with `followLast` false a link at the end is the file itself, as for a
 * delete).
 */
export function writeKindOf(text: string, followLast = true): WriteTargetKind | null {
  const written = writtenWriteKind(text);
  if (written !== null && written !== "project-config") return written;
  const state = activeSession();
  if (state === null || (!state.hostFilesystem && state.links.size === 0)) return written;
  const file = absolutePathOf(text, state);
  if (file === null) return written;
  // Writing through a link writes what it points at.
  const physical = physicalPathOf(state, file, false, followLast);
  if (physical === file || (physical.startsWith("/") && staysInTree(state, physical)))
    return written;
  const kind = classifyWriteTarget(homeFolded(physical));
  return kind === null || kind === "project-config" ? written : kind;
}

function writtenWriteKind(text: string): WriteTargetKind | null {
  const own = classifyWriteTarget(homeFolded(text));
  if (own !== null && own !== "project-config") return own;
  const moved = inWorkingDirectory(text);
  if (moved === null) return own;
  const kind = classifyWriteTarget(moved);
  if (kind === null || kind === "project-config") return own;
  const cwd = activeSession()?.cwd ?? "";
  const staysInside = moved.startsWith(homeFolded(cwd) + "/");
  if (kind === "system" && staysInside && WORKSPACE_ROOTS.test(cwd)) return own;
  return kind;
}
