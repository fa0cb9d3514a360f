import { readdirSync, readFileSync } from "node:fs";

interface ProcStat {
  readonly pid: number;
  readonly state: string;
  readonly pgrp: number;
}

function readStat(pid: number): ProcStat | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { pid, state: fields[0] ?? "?", pgrp: Number(fields[2]) };
  } catch {
    return undefined;
  }
}

/**
 * Process groups among `pgids` that still have a live (non-zombie) member, found by
 * scanning /proc. Lets cleanup kill leftovers of a finished command without signalling
 * a group id that nothing uses any more.
 */
export function liveProcessGroups(pgids: ReadonlySet<number>): Set<number> {
  const live = new Set<number>();
  if (pgids.size === 0) return live;
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return new Set(pgids);
  }
  for (const entry of entries) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid <= 0) continue;
    const stat = readStat(pid);
    if (stat && stat.state !== "Z" && pgids.has(stat.pgrp)) live.add(stat.pgrp);
  }
  return live;
}
