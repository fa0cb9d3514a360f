import type { Script } from "@hermes-agent/shell";
import { MAX_EXPANSIONS } from "./alias-expansion.js";
import { pathCommandsOf, type PathCommand } from "./path-commands.js";
import type { DangerousCommandMatch } from "./types.js";

/**
 * What detection may know about the session a command runs in. Every field is optional; a
 * missing field means "unknown" and the command is judged without it.
 */
export interface CommandContext {
  /** Effective working directory (absolute): relative paths are resolved against it. */
  readonly cwd?: string;
  /** The user's home directory (absolute): `~` and paths under it are read as home paths. */
  readonly home?: string;
  /** Session aliases, name to replacement text (`{ ll: "ls -l" }`). */
  readonly aliases?: Readonly<Record<string, string>>;
  /** Session shell functions, name to body or full definition (`declare -f` output). */
  readonly functions?: Readonly<Record<string, string>>;
  /** The session's hash table, command name to the path it runs (`hash -p /bin/rm ls`). */
  readonly hashed?: Readonly<Record<string, string>>;
  /**
   * The working tree (absolute): deletes resolving inside it are the project's business. When
   * absent, the `cwd` given here is the working tree; a `cd` elsewhere leaves it.
   */
  readonly workspace?: string;
  /**
   * The session's exported variables (`export -p`), name to value: `${x:-ls}` and `$x` read
   * them, and the session's `PATH` tells which directory a bare command word runs from. When
   * given, a variable absent here is unset.
   */
  readonly environment?: Readonly<Record<string, string>>;
  /** The runtime's effective HERMES_HOME (absolute): its credential and state files are secrets. */
  readonly hermesHome?: string;
  /**
   * Bare command words that resolve, through the session's PATH on the backend, to a file in a
   * directory the session added (see {@link PathCommand}): such a word is judged by what the
   * file is, not by its name. A word absent here runs what its name says.
   */
  readonly pathCommands?: Readonly<Record<string, PathCommand>>;
  /**
   * True when the command's paths are this machine's (the local backend): symlinks on the
   * way are resolved on this filesystem before a path is judged (a link in the tree to `/etc`
   * is `/etc`).
   */
  readonly hostFilesystem?: boolean;
  /**
   * Paths in the tree (absolute) that hold data an earlier command moved in from outside it:
   * deleting them deletes that data, so they are judged as outside the tree.
   */
  readonly movedIn?: readonly string[];
}

/** Options of {@link detectDangerousCommand}. */
export interface DetectOptions {
  /** The session the command runs in (cwd, home, aliases, functions, hash table). */
  readonly context?: CommandContext;
}

/**
 * Work shared by one whole analysis: the expansions left in its budget, each alias text parsed
 * once, and the verdicts of argument-less alias expansions by session version (bumped by
 * anything that changes what a later command means, and by every copy of the state).
 */
export interface AnalysisWork {
  left: number;
  version: number;
  readonly parsed: Map<string, Script>;
  readonly verdicts: Map<string, DangerousCommandMatch | null>;
  /** Symlink resolutions on this machine's filesystem, by path (each looked up once). */
  readonly realPaths: Map<string, string>;
  /** The whole command line being analysed (where run-time values may come from). */
  lineText: string;
  /** The CDPATH entries the line may search, once worked out (null: CDPATH unset). */
  cdpath?: readonly string[] | null;
  /** Whether the line names the root, a system directory or the home, once worked out. */
  namesSystemPath?: boolean;
}

/** Mutable per-analysis session state (aliases and the like change as the script runs). */
export interface SessionState {
  cwd: string | null;
  home: string | null;
  readonly aliases: Map<string, string>;
  readonly functions: Map<string, string>;
  /** Command word (name or path) to the program it really runs. */
  readonly renamed: Map<string, string>;
  /** The working tree (absolute), or null when unknown. */
  readonly workspace: string | null;
  /** True once a `cd` (or a wrapper's chdir) left the working tree or went somewhere unknown. */
  left: boolean;
  /** With no known directory: how far below the starting directory relative `cd`s went. */
  depth: number;
  /** The session's exported variables, or null when the caller did not give them. */
  readonly environment: ReadonlyMap<string, string> | null;
  /** The effective HERMES_HOME, or null when only the default is known. */
  readonly hermesHome: string | null;
  /** Bare command words found in directories the session added to PATH (see CommandContext). */
  readonly pathCommands: ReadonlyMap<string, PathCommand>;
  /** What the whole analysis shares (every copy of the state): see {@link AnalysisWork}. */
  readonly work: AnalysisWork;
  /** Resolve symlinks on this machine's filesystem (the paths are this machine's). */
  readonly hostFilesystem: boolean;
  /** Links the line made (absolute link path to what it points at, as written). */
  readonly links: Map<string, string>;
  /** Paths in the tree (absolute) holding data moved in from outside it. */
  readonly movedIn: Set<string>;
  /**
   * Variables whose run-time value may be the root or a system path (read from `/etc`, a
   * substitution over `/`, a nameref): a recursive delete of one is hard-line.
   */
  readonly tainted: Set<string>;
  /** True when the directory is only known at run time and may be the root or a system one. */
  unsafeCwd: boolean;
  /** The directory before the last `cd` (what `$OLDPWD` is), null when unknown. */
  oldCwd: string | null;
  /** The search path `cd` uses (CDPATH), {@link DYNAMIC} when unknown, null when unset. */
  cdpath: string | null;
}

function absolute(path: string | undefined): string | null {
  if (path === undefined || !path.startsWith("/")) return null;
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}

function entries(record: unknown): Map<string, string> {
  const map = new Map<string, string>();
  if (record === null || typeof record !== "object") return map;
  for (const [name, value] of Object.entries(record as Record<string, unknown>))
    if (typeof value === "string") map.set(name, value);
  return map;
}

/** A fresh session state from a caller's context (anything malformed is ignored). */
export function sessionStateOf(context: unknown): SessionState {
  const ctx: Partial<Record<keyof CommandContext, unknown>> =
    context !== null && typeof context === "object" ? context : {};
  const cwd = absolute(typeof ctx.cwd === "string" ? ctx.cwd : undefined);
  let home = absolute(typeof ctx.home === "string" ? ctx.home : undefined);
  // Without an explicit home, a working directory under /root or /home/<user> tells it.
  if (home === null && cwd !== null)
    home = /^\/(?:root|home\/[^/]+|Users\/[^/]+)(?=\/|$)/.exec(cwd)?.[0] ?? null;
  const workspace = absolute(typeof ctx.workspace === "string" ? ctx.workspace : undefined) ?? cwd;
  const environment =
    ctx.environment !== null && typeof ctx.environment === "object"
      ? entries(ctx.environment)
      : null;
  return {
    cwd,
    home,
    aliases: entries(ctx.aliases),
    functions: entries(ctx.functions),
    renamed: entries(ctx.hashed),
    workspace,
    left: cwd !== null && workspace !== null && !isInsideDir(cwd, workspace),
    depth: 0,
    environment,
    hermesHome: absolute(typeof ctx.hermesHome === "string" ? ctx.hermesHome : undefined),
    pathCommands: pathCommandsOf(ctx.pathCommands),
    work: {
      left: MAX_EXPANSIONS,
      version: 0,
      parsed: new Map(),
      verdicts: new Map(),
      realPaths: new Map(),
      lineText: "",
    },
    hostFilesystem: ctx.hostFilesystem === true,
    links: new Map(),
    movedIn: new Set(
      Array.isArray(ctx.movedIn)
        ? ctx.movedIn.flatMap((path: unknown) => {
            const dir = absolute(typeof path === "string" ? path : undefined);
            return dir === null ? [] : [dir];
          })
        : [],
    ),
    tainted: new Set(),
    unsafeCwd: false,
    oldCwd: null,
    cdpath: environment?.get("CDPATH") ?? null,
  };
}

/** True when `path` is `dir` or below it (both absolute and normalised). */
export function isInsideDir(path: string, dir: string): boolean {
  return dir === "/" || path === dir || path.startsWith(`${dir}/`);
}

/** A copy of a session state, for analysing nested text without leaking its `cd`s. */
export function copySessionState(state: SessionState): SessionState {
  state.work.version++;
  return {
    cwd: state.cwd,
    home: state.home,
    aliases: new Map(state.aliases),
    functions: new Map(state.functions),
    renamed: new Map(state.renamed),
    workspace: state.workspace,
    left: state.left,
    depth: state.depth,
    environment: state.environment,
    hermesHome: state.hermesHome,
    pathCommands: state.pathCommands,
    work: state.work,
    hostFilesystem: state.hostFilesystem,
    links: new Map(state.links),
    movedIn: new Set(state.movedIn),
    tainted: new Set(state.tainted),
    unsafeCwd: state.unsafeCwd,
    oldCwd: state.oldCwd,
    cdpath: state.cdpath,
  };
}

let active: SessionState | null = null;

/** The session state of the analysis running now (detection is synchronous), or null. */
export function activeSession(): SessionState | null {
  return active;
}

/** Run `fn` with `state` as the active session state, restoring the previous one after. */
export function withSession<T>(state: SessionState, fn: () => T): T {
  const saved = active;
  active = state;
  try {
    return fn();
  } finally {
    active = saved;
  }
}
