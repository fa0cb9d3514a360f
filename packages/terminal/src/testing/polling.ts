import { setTimeout as sleep } from "node:timers/promises";

/** Options of {@link pollUntil}. */
export interface PollOptions {
  /** Give up after this long, milliseconds (default 10 000). */
  readonly timeoutMs?: number;
  /** Pause between checks, milliseconds (default 50). */
  readonly intervalMs?: number;
}

/**
 * Ask `condition` again every `intervalMs` until it holds or `timeoutMs` has passed; resolves
 * to whether it held. For state a backend exposes no event for (a pid inside a container).
 */
export async function pollUntil(
  condition: () => boolean | Promise<boolean>,
  options: PollOptions = {},
): Promise<boolean> {
  const giveUpAt = Date.now() + (options.timeoutMs ?? 10_000);
  let held = await condition();
  while (!held && Date.now() < giveUpAt) {
    await sleep(options.intervalMs ?? 50);
    held = await condition();
  }
  return held;
}

/** SIGKILL every pid in `pids` that still exists; missing ones are ignored. */
export function sigkillAll(pids: Iterable<number>): void {
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      continue;
    }
  }
}
