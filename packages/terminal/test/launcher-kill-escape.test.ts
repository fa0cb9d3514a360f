// A command that detaches a process (double fork, new session, cleared environment, closed
// descriptors: no marker, no process group, no output pipe) and then kills the launcher above
// it (`kill $PPID`) drops the subreaper and leaves the process with init as its parent. A
// control group per run still holds it: nothing survives the environment's cleanup, the
// runtime's shutdown or process exit. The payload is `sleep`.
import { createTempDir, isProcessAlive, killPids, type TempDir } from "@hermes-agent/test-utils";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { pollUntil } from "../src/testing/index.js";
import { createLocalEnvironment, type Environment } from "../src/index.js";
import { createCgroupRoot, removeCgroup } from "../src/task-cgroup.js";
import { isExecutable } from "../src/executables.js";
import { leftPids } from "./tree-escapes.js";

const PYTHON = ["/usr/bin/python3", "/bin/python3"].find(isExecutable) ?? "python3";

/** Probe once: can this machine give a run a cgroup? */
const PROBE = createCgroupRoot(`hermes-probe-${process.pid}`);
if (PROBE !== undefined) removeCgroup(PROBE.dir);
if (PROBE === undefined)
  console.warn(
    "[launcher-kill tests skipped] no writable cgroup hierarchy (run as root, or with a delegated cgroup)",
  );

// Python's double fork: new session, environment cleared, every descriptor closed, then sleep.
const PY_DAEMON = [
  "import os, sys",
  "if os.fork(): sys.exit(0)",
  "os.setsid()",
  "pid = os.fork()",
  "if pid:",
  "    print(f'left:{pid}', flush=True)",
  "    os._exit(0)",
  "os.closerange(0, 1024)",
  "os.environ.clear()",
  "os.execv('/bin/sleep', ['sleep', '3041'])",
].join("\n");

/** Each detaches a sleep, prints `left:<pid>`, then kills the launcher above its shell. */
const KILLING_THE_LAUNCHER: readonly { name: string; command: string }[] = [
  {
    name: "python double fork, kill $PPID",
    command: `${PYTHON} -c "${PY_DAEMON}"; kill -KILL $PPID`,
  },
  {
    name: "env -i setsid, kill $PPID",
    command: `env -i setsid sleep 3042 </dev/null >/dev/null 2>&1 & echo "left:$!"; disown; kill -KILL $PPID`,
  },
  {
    name: "nohup, parent from /proc",
    command: `nohup sleep 3043 </dev/null >/dev/null 2>&1 & echo "left:$!"; disown; kill -KILL "$(cut -d' ' -f4 /proc/$$/stat)"`,
  },
  {
    name: "a subshell kills the launcher later",
    command: `sleep 3044 </dev/null >/dev/null 2>&1 & echo "left:$!"; disown; (sleep 0.2; kill -KILL $PPID) </dev/null >/dev/null 2>&1 & disown`,
  },
];

let dir: TempDir;
const started = new Set<number>();
beforeAll(async () => {
  dir = await createTempDir("hermes-launcher-kill-");
});
afterAll(async () => {
  killPids(started);
  await dir.remove();
});

const allDead = (pids: readonly number[]): Promise<boolean> =>
  pollUntil(() => pids.every((pid) => !isProcessAlive(pid)));

describe.skipIf(PROBE === undefined)("killing the launcher does not let a process escape", () => {
  const make = (): Promise<Environment> =>
    createLocalEnvironment({ cwd: dir.path, killGraceMs: 300 });

  test.each(KILLING_THE_LAUNCHER)("$name: cleanup kills it", async ({ command }) => {
    const env = await make();
    try {
      const result = await env.execute(command);
      const pids = leftPids(result.output);
      for (const pid of pids) started.add(pid);
      expect(pids).toHaveLength(1);
      // It did get out of the tree: alive after its command ended.
      expect(pids.every(isProcessAlive)).toBe(true);
      await env.cleanup();
      expect(await allDead(pids)).toBe(true);
    } finally {
      await env.cleanup();
    }
  });

  test("a background run that kills its launcher: killing the process takes its escapee", async () => {
    const env = await make();
    try {
      const proc = await env.spawnBackground(`${KILLING_THE_LAUNCHER[1]?.command ?? ""}; sleep 60`);
      let output = "";
      proc.onOutput((chunk) => {
        output += chunk;
      });
      expect(await pollUntil(() => leftPids(output).length === 1)).toBe(true);
      const pids = leftPids(output);
      for (const pid of pids) started.add(pid);
      await proc.kill();
      await env.cleanup();
      expect(await allDead(pids)).toBe(true);
    } finally {
      await env.cleanup();
    }
  });

  test("process exit (killAllSync) kills them too", async () => {
    const env = await make();
    const pids: number[] = [];
    for (const { command } of KILLING_THE_LAUNCHER.slice(0, 3)) {
      pids.push(...leftPids((await env.execute(command)).output));
    }
    for (const pid of pids) started.add(pid);
    expect(pids).toHaveLength(3);
    env.killAllSync?.();
    expect(await allDead(pids)).toBe(true);
  });

  test("without a cgroup (cgroups: false), the same escape is what the cgroup closes", async () => {
    const env = await createLocalEnvironment({ cwd: dir.path, killGraceMs: 300, cgroups: false });
    const pids = leftPids((await env.execute(KILLING_THE_LAUNCHER[0]?.command ?? "")).output);
    for (const pid of pids) started.add(pid);
    await env.cleanup();
    // The subreaper is gone and the marker was cleared: nothing finds it.
    expect(pids.every(isProcessAlive)).toBe(true);
    killPids(pids);
  });
});
