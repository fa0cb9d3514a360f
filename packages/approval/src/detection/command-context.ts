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
}

/** Options of {@link detectDangerousCommand}. */
export interface DetectOptions {
  /** The session the command runs in (cwd, home, aliases, functions, hash table). */
  readonly context?: CommandContext;
}

/** Mutable per-analysis session state (aliases and the like change as the script runs). */
export interface SessionState {
  cwd: string | null;
  home: string | null;
  readonly aliases: Map<string, string>;
  readonly functions: Map<string, string>;
  /** Command word (name or path) to the program it really runs. */
  readonly renamed: Map<string, string>;
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
  return {
    cwd,
    home,
    aliases: entries(ctx.aliases),
    functions: entries(ctx.functions),
    renamed: entries(ctx.hashed),
  };
}

/** A copy of a session state, for analysing nested text without leaking its `cd`s. */
export function copySessionState(state: SessionState): SessionState {
  return {
    cwd: state.cwd,
    home: state.home,
    aliases: new Map(state.aliases),
    functions: new Map(state.functions),
    renamed: new Map(state.renamed),
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
