import { readFileSync } from "node:fs";
import os from "node:os";

/** Default time between SIGTERM and SIGKILL. */
export const DEFAULT_KILL_GRACE_MS = 1000;

function readOwnProcessGroup(): number | undefined {
  try {
    // Field 5 of /proc/self/stat is the process group; the command name (field 2) may hold spaces.
    const stat = readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const pgrp = Number(fields[2]);
    return Number.isInteger(pgrp) && pgrp > 0 ? pgrp : undefined;
  } catch {
    return undefined;
  }
}

const OWN_PROCESS_GROUP: number | undefined = readOwnProcessGroup();

/**
 * Send `signal` to the process group `pgid`. Refuses groups that would include this
 * process (pid 0/1, our own pid or group), so the agent never signals itself.
 * Returns false when the group no longer exists.
 */
export function signalProcessGroup(pgid: number, signal: NodeJS.Signals): boolean {
  if (!Number.isInteger(pgid) || pgid <= 1 || pgid === process.pid || pgid === OWN_PROCESS_GROUP) {
    return false;
  }
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

/** Shell-style exit code: the code, or 128 + the signal number when killed by a signal. */
export function exitCodeOf(code: number | null, signal: string | null): number {
  if (code !== null) return code;
  if (signal !== null) {
    const number = (os.constants.signals as Readonly<Record<string, number | undefined>>)[signal];
    return 128 + (number ?? 15);
  }
  return -1;
}
