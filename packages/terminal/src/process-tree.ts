import { readdirSync, readFileSync } from "node:fs";

/** Passes over the process table when killing a tree (members may fork meanwhile). */
const KILL_PASSES = 8;

interface Entry {
  readonly pid: number;
  readonly ppid: number;
  readonly zombie: boolean;
}

function readEntries(): Entry[] {
  let names: string[];
  try {
    names = readdirSync("/proc");
  } catch {
    return [];
  }
  const entries: Entry[] = [];
  for (const name of names) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid <= 0) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "latin1");
      // Fields after the command name (which may hold spaces): state, ppid, ...
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      entries.push({ pid, ppid: Number(fields[1]), zombie: fields[0] === "Z" });
    } catch {
      continue;
    }
  }
  return entries;
}

/**
 * Live (non-zombie) descendants of `root` on this machine, nearest first. A subreaper root
 * adopts its orphaned descendants, so for a launcher this is its whole tree.
 */
export function descendantsOf(root: number): number[] {
  const children = new Map<number, Entry[]>();
  for (const entry of readEntries()) {
    const list = children.get(entry.ppid);
    if (list === undefined) children.set(entry.ppid, [entry]);
    else list.push(entry);
  }
  const found: number[] = [];
  const queue = [root];
  const seen = new Set<number>([root]);
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const child of children.get(next) ?? []) {
      if (seen.has(child.pid)) continue;
      seen.add(child.pid);
      queue.push(child.pid);
      if (!child.zombie) found.push(child.pid);
    }
  }
  return found;
}

/** Live (non-zombie) children of `parent`. */
export function childrenOf(parent: number): number[] {
  return readEntries()
    .filter((entry) => entry.ppid === parent && !entry.zombie)
    .map((entry) => entry.pid);
}

function send(pid: number, signal: NodeJS.Signals): void {
  if (pid <= 1 || pid === process.pid) return;
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}

/** Send `signal` to every descendant of `root` except those in `spare`. */
export function signalTree(root: number, signal: NodeJS.Signals, spare: ReadonlySet<number>): void {
  for (const pid of descendantsOf(root)) if (!spare.has(pid)) send(pid, signal);
}

/**
 * SIGKILL the whole tree below `root` (never `root` itself, nor `spare`): each pass stops
 * what it finds, then kills it, and looks again for what was re-parented meanwhile.
 * Returns once a pass finds nothing left.
 */
export function killTree(root: number, spare: ReadonlySet<number> = new Set()): void {
  for (let pass = 0; pass < KILL_PASSES; pass++) {
    const pids = descendantsOf(root).filter((pid) => !spare.has(pid));
    if (pids.length === 0) return;
    for (const pid of pids) send(pid, "SIGSTOP");
    for (const pid of pids) send(pid, "SIGKILL");
  }
}
