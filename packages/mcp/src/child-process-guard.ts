import { readFileSync } from "node:fs";

/** The parent pid of a live, non-zombie process, or undefined. */
function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (fields[0] === "Z") return undefined;
    return Number(fields[1]);
  } catch {
    return undefined;
  }
}

/**
 * SIGKILL a server child that is still running after a graceful close (it ignored stdin EOF and
 * SIGTERM). Only a live process whose parent is this process is touched, so a recycled pid is
 * never hit.
 */
export function killIfOurChild(pid: number): void {
  if (parentOf(pid) !== process.pid) return;
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // gone in between
  }
}
