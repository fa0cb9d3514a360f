import { readdirSync, readFileSync } from "node:fs";

/** A process as identified in /proc: pid, parent, and start time (to tell a reused pid apart). */
export interface ProcessIdentity {
  readonly pid: number;
  readonly parent: number;
  readonly startTime: string;
}

/** Identity of a live, non-zombie process, or undefined (gone, or no /proc). */
function identify(pid: number): ProcessIdentity | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (fields[0] === "Z") return undefined;
    return { pid, parent: Number(fields[1]), startTime: fields[19] ?? "" };
  } catch {
    return undefined;
  }
}

function kill(pid: number): void {
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // gone in between
  }
}

/**
 * SIGKILL a server child that is still running after a graceful close (it ignored stdin EOF and
 * SIGTERM). Only a live process whose parent is this process is touched, so a recycled pid is
 * never hit.
 */
export function killIfOurChild(pid: number): void {
  if (identify(pid)?.parent === process.pid) kill(pid);
}

/**
 * Every process below `pid` right now (an `npx` wrapper's node server, helpers a server
 * started), read from /proc. Empty where there is no /proc.
 */
export function descendantsOf(pid: number): ProcessIdentity[] {
  let entries: string[];
  try {
    entries = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const children = new Map<number, ProcessIdentity[]>();
  for (const entry of entries) {
    const identity = identify(Number(entry));
    if (identity === undefined) continue;
    children.set(identity.parent, [...(children.get(identity.parent) ?? []), identity]);
  }
  const found: ProcessIdentity[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift() ?? -1) ?? []) {
      found.push(child);
      queue.push(child.pid);
    }
  }
  return found;
}

/** SIGKILL the processes of a snapshot that still run (same pid and start time), orphans included. */
export function killSurvivors(snapshot: readonly ProcessIdentity[]): void {
  for (const process of snapshot) {
    if (identify(process.pid)?.startTime === process.startTime) kill(process.pid);
  }
}
