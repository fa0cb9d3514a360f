import { readdirSync, readFileSync } from "node:fs";

interface ProcStat {
  readonly state: string;
  readonly pgrp: number;
  /** Start time in clock ticks since boot: with the pid, it identifies one process. */
  readonly startTime: number;
}

function readStat(pid: number): ProcStat | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may contain spaces) start at field 3.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { state: fields[0] ?? "?", pgrp: Number(fields[2]), startTime: Number(fields[19]) };
  } catch {
    return undefined;
  }
}

/**
 * Whether `pid` is a live process on this machine; a zombie (exited, not yet reaped) counts as
 * dead. Without /proc, `kill(pid, 0)` decides.
 */
export function isLiveProcess(pid: number): boolean {
  const stat = readStat(pid);
  if (stat !== undefined) return stat.state !== "Z";
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The start time of `pid` (Linux), to recognise it later despite pid reuse. */
export function processStartTime(pid: number): number | undefined {
  return readStat(pid)?.startTime;
}

/**
 * Process groups among `groups` (pgid → start time of the leader we started) that still
 * have a live, non-zombie member and still belong to us: a group whose id now names a
 * different leader (the number was reused) is left alone. Without /proc, every group is
 * returned.
 */
export function liveProcessGroups(groups: ReadonlyMap<number, number | undefined>): Set<number> {
  const live = new Set<number>();
  if (groups.size === 0) return live;
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return new Set(groups.keys());
  }
  for (const entry of entries) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid <= 0) continue;
    const stat = readStat(pid);
    if (stat && stat.state !== "Z" && groups.has(stat.pgrp)) live.add(stat.pgrp);
  }
  for (const pgid of live) {
    const recorded = groups.get(pgid);
    const leader = readStat(pgid);
    if (leader !== undefined && recorded !== undefined && leader.startTime !== recorded)
      live.delete(pgid);
  }
  return live;
}

/**
 * Live processes (never this one) whose environment holds `name=<value>` with a value
 * `match` accepts. A command's descendants inherit its environment even after they leave
 * its process group (setsid, a double fork, `set -m`), so a marker variable finds them.
 * Processes of other users are unreadable and skipped; without /proc, none are found.
 */
export function processesWithEnv(name: string, match: (value: string) => boolean): number[] {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return [];
  }
  const prefix = `${name}=`;
  const found: number[] = [];
  for (const entry of entries) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid <= 1 || pid === process.pid) continue;
    let environ: string;
    try {
      environ = readFileSync(`/proc/${pid}/environ`, "latin1");
    } catch {
      continue;
    }
    if (!environ.includes(prefix)) continue;
    for (const item of environ.split("\0")) {
      if (item.startsWith(prefix) && match(item.slice(prefix.length))) {
        found.push(pid);
        break;
      }
    }
  }
  return found;
}
