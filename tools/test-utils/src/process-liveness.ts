import { readFileSync } from "node:fs";
import { setTimeout as delay } from "node:timers/promises";

/**
 * Whether `pid` is a live process on this machine. A zombie (exited, not yet reaped by
 * its new parent) counts as dead.
 */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    // No /proc (not Linux) or the process just went: trust kill(0).
    return true;
  }
}

/** Poll `check` until it returns true or `timeoutMs` passes; returns the last answer. */
export async function waitUntil(
  check: () => boolean | Promise<boolean>,
  { timeoutMs = 10_000, intervalMs = 50 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() >= deadline) return false;
    await delay(intervalMs);
  }
}

/**
 * Wait until `path` holds a pid (a process under test writes `echo $$ > path`); returns the pid,
 * or 0 when none appeared within `timeoutMs`.
 */
export async function waitForPidFile(
  path: string,
  { timeoutMs = 10_000 }: { timeoutMs?: number } = {},
): Promise<number> {
  let pid = 0;
  await waitUntil(
    () => {
      try {
        pid = Number(readFileSync(path, "utf8").trim());
      } catch {
        pid = 0;
      }
      return Number.isInteger(pid) && pid > 0;
    },
    { timeoutMs },
  );
  return Number.isInteger(pid) && pid > 0 ? pid : 0;
}

/** Best-effort SIGKILL of pids a test started, so a failing test leaves nothing behind. */
export function killPids(pids: Iterable<number>): void {
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}
