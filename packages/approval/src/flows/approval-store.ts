import { isApprovalKey } from "../detection/index.js";
import { compileGlob, hasGlobSyntax } from "./glob-match.js";

/** A session or permanent approval, as listed by `listApprovals`. */
export interface ApprovalEntry {
  readonly scope: "session" | "permanent";
  /** A pattern key, or for permanent entries also a command or command glob. */
  readonly patternKey: string;
  /** Set for session approvals. */
  readonly sessionKey?: string;
}

/** In-memory approvals of one manager: per-session pattern keys, YOLO sessions, the permanent list. */
export interface ApprovalStore {
  approveSession(sessionKey: string, patternKey: string): void;
  /** True when any of `keys` is approved for the session or permanently. */
  isApproved(sessionKey: string, keys: readonly string[]): boolean;
  /** Where the approval of any of `keys` comes from, if there is one. */
  scopeOf(sessionKey: string, keys: readonly string[]): "session" | "permanent" | undefined;
  /**
   * The permanent entry that is exactly `command` or a glob matching it. Entries that are
   * approval keys (ours or Hermes') are keys, never commands or globs.
   */
  matchesPermanentCommand(command: string): string | undefined;
  /** Replace the permanent list (as loaded from config.yaml). */
  setPermanent(entries: readonly string[]): void;
  addPermanent(entry: string): void;
  removePermanent(entry: string): boolean;
  /** Remove session approvals; all of the session's when `patternKey` is omitted. Returns how many. */
  revokeSession(sessionKey: string, patternKey?: string): number;
  list(sessionKey?: string): ApprovalEntry[];
  /** Let exactly `command` through once in the session (an ask-mode "once"). */
  grantOnce(sessionKey: string, command: string): void;
  /** Use up a one-time grant; true when there was one. */
  takeOnce(sessionKey: string, command: string): boolean;
  setYolo(sessionKey: string, enabled: boolean): void;
  isYolo(sessionKey: string): boolean;
  clearSession(sessionKey: string): void;
}

/** Create an empty store. */
export function createApprovalStore(): ApprovalStore {
  const sessions = new Map<string, Set<string>>();
  const yolo = new Set<string>();
  const once = new Map<string, Set<string>>();
  let permanent = new Set<string>();

  return {
    approveSession(sessionKey, patternKey) {
      let keys = sessions.get(sessionKey);
      if (keys === undefined) sessions.set(sessionKey, (keys = new Set()));
      keys.add(patternKey);
    },
    isApproved(sessionKey, keys) {
      const session = sessions.get(sessionKey);
      return keys.some((key) => permanent.has(key) || session?.has(key) === true);
    },
    scopeOf(sessionKey, keys) {
      if (keys.some((key) => sessions.get(sessionKey)?.has(key) === true)) return "session";
      return keys.some((key) => permanent.has(key)) ? "permanent" : undefined;
    },
    matchesPermanentCommand(command) {
      const trimmed = command.trim();
      for (const entry of permanent) {
        if (isApprovalKey(entry)) continue;
        if (entry === trimmed) return entry;
        if (hasGlobSyntax(entry) && compileGlob(entry).matches(trimmed)) return entry;
      }
      return undefined;
    },
    setPermanent(entries) {
      permanent = new Set(entries.map((e) => e.trim()).filter((e) => e !== ""));
    },
    addPermanent(entry) {
      permanent.add(entry);
    },
    removePermanent(entry) {
      return permanent.delete(entry);
    },
    revokeSession(sessionKey, patternKey) {
      const keys = sessions.get(sessionKey);
      if (keys === undefined) return 0;
      if (patternKey === undefined) {
        sessions.delete(sessionKey);
        return keys.size;
      }
      return keys.delete(patternKey) ? 1 : 0;
    },
    list(sessionKey) {
      const out: ApprovalEntry[] = [];
      for (const [key, patterns] of sessions) {
        if (sessionKey !== undefined && key !== sessionKey) continue;
        for (const patternKey of patterns)
          out.push({ scope: "session", patternKey, sessionKey: key });
      }
      for (const patternKey of [...permanent].sort()) out.push({ scope: "permanent", patternKey });
      return out;
    },
    grantOnce(sessionKey, command) {
      let commands = once.get(sessionKey);
      if (commands === undefined) once.set(sessionKey, (commands = new Set()));
      commands.add(command);
    },
    takeOnce(sessionKey, command) {
      return once.get(sessionKey)?.delete(command) === true;
    },
    setYolo(sessionKey, enabled) {
      if (enabled) yolo.add(sessionKey);
      else yolo.delete(sessionKey);
    },
    isYolo(sessionKey) {
      return yolo.has(sessionKey);
    },
    clearSession(sessionKey) {
      sessions.delete(sessionKey);
      yolo.delete(sessionKey);
      once.delete(sessionKey);
    },
  };
}
