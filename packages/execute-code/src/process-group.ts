/**
 * Signal a whole process group. Refuses group ids that would reach this process or init;
 * false when the group is gone.
 */
export function signalGroup(pgid: number | undefined, signal: NodeJS.Signals): boolean {
  if (pgid === undefined || !Number.isInteger(pgid) || pgid <= 1 || pgid === process.pid)
    return false;
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

const liveGroups = new Set<number>();
let exitHookInstalled = false;

/**
 * Remember a script's process group until {@link releaseGroup}: if this process exits first,
 * the group is killed, so no script outlives the agent that started it.
 */
export function trackGroup(pgid: number | undefined): void {
  if (pgid === undefined) return;
  liveGroups.add(pgid);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once("exit", () => {
      for (const group of liveGroups) signalGroup(group, "SIGKILL");
    });
  }
}

/** Forget a group that has ended. */
export function releaseGroup(pgid: number | undefined): void {
  if (pgid !== undefined) liveGroups.delete(pgid);
}
