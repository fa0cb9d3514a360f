/** Counts consecutive smart-reviewer denials per session (the 256 most recent sessions). */
export interface DenialBreaker {
  /** Count one reviewer denial; returns the new streak. */
  recordDenial(sessionKey: string): number;
  /** An approval ends the streak. */
  reset(sessionKey: string): void;
  streak(sessionKey: string): number;
}

const MAX_SESSIONS = 256;

/** Create an empty breaker. */
export function createDenialBreaker(): DenialBreaker {
  const streaks = new Map<string, number>();
  return {
    recordDenial(sessionKey) {
      const next = (streaks.get(sessionKey) ?? 0) + 1;
      streaks.delete(sessionKey);
      streaks.set(sessionKey, next);
      if (streaks.size > MAX_SESSIONS) {
        const oldest = streaks.keys().next();
        if (oldest.done !== true) streaks.delete(oldest.value);
      }
      return next;
    },
    reset(sessionKey) {
      streaks.delete(sessionKey);
    },
    streak(sessionKey) {
      return streaks.get(sessionKey) ?? 0;
    },
  };
}
