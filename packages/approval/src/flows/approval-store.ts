import { isApprovalKey } from "../detection/index.js";
import { compileGlob, hasGlobSyntax } from "./glob-match.js";
import { coversTarget, isTargetClass, type TargetClass } from "./target-class.js";

/** A session or permanent approval, as listed by `listApprovals`. */
export interface ApprovalEntry {
  readonly scope: "session" | "permanent";
  /**
   * A pattern key; for permanent entries the entry as stored in `command_allowlist` (a key, a
   * scoped key `key@class`, a command or a command glob).
   */
  readonly patternKey: string;
  /** The target class the approval is limited to; absent when it covers every target. */
  readonly targetClass?: TargetClass;
  /** Set for session approvals. */
  readonly sessionKey?: string;
}

/** Where an approval covers, for one key: a set of classes, or every target. */
type Coverage = Set<TargetClass> | "all";

/** A `command_allowlist` entry read as a key with an optional target class. */
function scopedKeyOf(entry: string): { key: string; targetClass?: TargetClass } | undefined {
  // A system path class may hold `@` itself: the key ends at the first `@` that splits well.
  for (let at = entry.indexOf("@"); at > 0; at = entry.indexOf("@", at + 1)) {
    const suffix = entry.slice(at + 1);
    if (isTargetClass(suffix) && isApprovalKey(entry.slice(0, at)))
      return { key: entry.slice(0, at), targetClass: suffix };
  }
  return isApprovalKey(entry) ? { key: entry } : undefined;
}

/** The `command_allowlist` entry that approves `key` for `targetClass`. */
export function scopedEntry(key: string, targetClass: TargetClass): string {
  return `${key}@${targetClass}`;
}

function covers(coverage: readonly Coverage[], targets: readonly TargetClass[]): boolean {
  if (coverage.includes("all")) return true;
  return targets.every((target) =>
    coverage.some((c) => c !== "all" && [...c].some((approved) => coversTarget(approved, target))),
  );
}

/** In-memory approvals of one manager: per-session pattern keys, YOLO sessions, the permanent list. */
export interface ApprovalStore {
  /** Approve `patternKey` in the session for `targets` (for every target when omitted). */
  approveSession(sessionKey: string, patternKey: string, targets?: readonly TargetClass[]): void;
  /**
   * True when any of `keys` is approved for the session or permanently: for all of `targets`,
   * or for any target when they are omitted.
   */
  isApproved(
    sessionKey: string,
    keys: readonly string[],
    targets?: readonly TargetClass[],
  ): boolean;
  /** Where the approval of any of `keys` for all of `targets` comes from, if there is one. */
  scopeOf(
    sessionKey: string,
    keys: readonly string[],
    targets?: readonly TargetClass[],
  ): "session" | "permanent" | undefined;
  /**
   * The permanent entry that is exactly `command` or a glob matching it. Entries that are
   * approval keys (ours or Hermes', scoped or not) are keys, never commands or globs.
   */
  matchesPermanentCommand(command: string): string | undefined;
  /** Replace the permanent list (as loaded from config.yaml). */
  setPermanent(entries: readonly string[]): void;
  addPermanent(entry: string): void;
  removePermanent(entry: string): boolean;
  /**
   * Remove session approvals; all of the session's when `patternKey` is omitted, one class of
   * a key for `key@class`. Returns how many were removed.
   */
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
  const sessions = new Map<string, Map<string, Coverage>>();
  const yolo = new Set<string>();
  const once = new Map<string, Set<string>>();
  let permanent = new Set<string>();

  const sessionCoverage = (sessionKey: string, keys: readonly string[]): Coverage[] => {
    const approved = sessions.get(sessionKey);
    return keys.flatMap((key) => {
      const coverage = approved?.get(key);
      return coverage === undefined ? [] : [coverage];
    });
  };
  const permanentCoverage = (keys: readonly string[]): Coverage[] => {
    const out: Coverage[] = [];
    for (const entry of permanent) {
      const scoped = scopedKeyOf(entry);
      if (scoped === undefined || !keys.includes(scoped.key)) continue;
      out.push(scoped.targetClass === undefined ? "all" : new Set([scoped.targetClass]));
    }
    return out;
  };
  const everything: readonly TargetClass[] = ["everything"];

  const store: ApprovalStore = {
    approveSession(sessionKey, patternKey, targets) {
      let keys = sessions.get(sessionKey);
      if (keys === undefined) sessions.set(sessionKey, (keys = new Map()));
      const current = keys.get(patternKey);
      if (targets === undefined || current === "all") {
        keys.set(patternKey, "all");
        return;
      }
      keys.set(patternKey, new Set([...(current ?? []), ...targets]));
    },
    isApproved(sessionKey, keys, targets) {
      if (targets !== undefined) return store.scopeOf(sessionKey, keys, targets) !== undefined;
      return sessionCoverage(sessionKey, keys).length + permanentCoverage(keys).length > 0;
    },
    scopeOf(sessionKey, keys, targets = everything) {
      const session = sessionCoverage(sessionKey, keys);
      if (covers(session, targets)) return "session";
      return covers([...session, ...permanentCoverage(keys)], targets) ? "permanent" : undefined;
    },
    matchesPermanentCommand(command) {
      const trimmed = command.trim();
      for (const entry of permanent) {
        if (scopedKeyOf(entry) !== undefined) continue;
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
      if (keys.delete(patternKey)) return 1;
      const scoped = scopedKeyOf(patternKey);
      const coverage = scoped === undefined ? undefined : keys.get(scoped.key);
      return coverage instanceof Set &&
        scoped?.targetClass !== undefined &&
        coverage.delete(scoped.targetClass)
        ? 1
        : 0;
    },
    list(sessionKey) {
      const out: ApprovalEntry[] = [];
      for (const [key, patterns] of sessions) {
        if (sessionKey !== undefined && key !== sessionKey) continue;
        for (const [patternKey, coverage] of patterns) {
          if (coverage === "all") out.push({ scope: "session", patternKey, sessionKey: key });
          else
            for (const targetClass of coverage)
              out.push({ scope: "session", patternKey, targetClass, sessionKey: key });
        }
      }
      for (const patternKey of [...permanent].sort()) {
        const targetClass = scopedKeyOf(patternKey)?.targetClass;
        out.push({
          scope: "permanent",
          patternKey,
          ...(targetClass === undefined ? {} : { targetClass }),
        });
      }
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
  return store;
}
