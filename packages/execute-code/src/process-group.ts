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
