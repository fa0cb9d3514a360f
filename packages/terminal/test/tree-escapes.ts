import { readdirSync, readFileSync } from "node:fs";
import { descendantsOf } from "../src/process-tree.js";

/**
 * Shell fragments that start a harmless `sleep` which tries to leave the command's process
 * tree, each printing `left:<pid>` for the sleep: a scrubbed environment (no run marker)
 * plus a new session, a double-forked daemon, and `nohup ... &` then `disown`. Every one
 * lets go of the output, so a foreground command that starts it finishes normally.
 */
export const TREE_ESCAPES: readonly string[] = [
  `env -i setsid sleep 300 </dev/null >/dev/null 2>&1 & echo "left:$!"`,
  `setsid sh -c 'sleep 300 </dev/null >/dev/null 2>&1 & echo "left:$!"' </dev/null`,
  `sh -c 'env -i sh -c "sleep 300 </dev/null >/dev/null 2>&1 & echo left:\\$!" & wait'`,
  `nohup sleep 300 </dev/null >/dev/null 2>&1 & echo "left:$!"; disown`,
];

/** All escapes in one command. */
export const ALL_ESCAPES: string = TREE_ESCAPES.join("; ");

/** The pids a command printed as `left:<pid>`. */
export function leftPids(output: string): number[] {
  return [...output.matchAll(/left:(\d+)/g)].map((match) => Number(match[1]));
}

/**
 * Whether a process that reported `pid` from inside a PID namespace is alive: a descendant
 * of this test process whose innermost pid (`NSpid`) is `pid`. Outside a namespace the
 * innermost pid is the host pid.
 */
export function namespacedPidAlive(pid: number): boolean {
  for (const host of descendantsOf(process.pid)) {
    let status: string;
    try {
      status = readFileSync(`/proc/${host}/status`, "utf8");
    } catch {
      continue;
    }
    const line = /^NSpid:\s+(.+)$/m.exec(status)?.[1]?.trim().split(/\s+/);
    const state = /^State:\s+(\S)/m.exec(status)?.[1];
    if (line !== undefined && Number(line.at(-1)) === pid && state !== "Z") return true;
  }
  return false;
}

/** Descendants of this test process whose command line contains `text` (by host pid). */
export function descendantsRunning(text: string): number[] {
  return descendantsOf(process.pid).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, "latin1").replaceAll("\0", " ").includes(text);
    } catch {
      return false;
    }
  });
}

/** Every live process on this machine whose command line contains `text`. */
export function processesRunning(text: string): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      try {
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, "latin1").replaceAll("\0", " ");
        const state = /^State:\s+(\S)/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
        return cmdline.includes(text) && state !== "Z";
      } catch {
        return false;
      }
    });
}
