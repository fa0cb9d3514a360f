import { DYNAMIC, type Word } from "@hermes-agent/shell";
import { activeSession } from "./command-context.js";
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

/** Why writing a path is sensitive in the session (relative paths resolved against the cwd). */
export function writeKindOf(text: string): WriteTargetKind | null {
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
