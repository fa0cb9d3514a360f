import type { BackgroundProcess } from "./environment.js";
import { terminateProcessGroup } from "./process-group.js";
import type { RawProcess } from "./raw-process.js";

/**
 * Present a started process as a {@link BackgroundProcess}: output fan-out, exit code,
 * stdin, and a kill that takes the whole process group (and, through `killEscaped`, the
 * descendants that left it).
 */
export function wrapBackground(
  proc: RawProcess,
  graceMs: number,
  killEscaped: () => void = () => undefined,
): BackgroundProcess {
  let exitCode: number | null = null;
  const exited = proc.exited.then((code) => {
    exitCode = code;
    return code;
  });
  return {
    id: String(proc.pid),
    pid: proc.pid,
    pty: proc.pty,
    get exitCode() {
      return exitCode;
    },
    exited,
    onOutput: (listener) => proc.onData(listener),
    write(data) {
      if (exitCode !== null) throw new Error("the process has already exited");
      proc.write(data);
    },
    closeStdin: () => proc.closeStdin(),
    async kill() {
      // After the exit the group id may name someone else's processes; leftovers are the
      // environment's cleanup's job.
      if (exitCode !== null) return;
      await terminateProcessGroup(proc.pid, { done: proc.exited, graceMs });
      killEscaped();
      await exited;
    },
  };
}
