// A control group per run: something a process cannot leave by forking, changing its session,
// clearing its environment or outliving its parent (only a privileged process writing another
// cgroup's `cgroup.procs` can). On cgroup v2 (also the unified hierarchy of a hybrid v1
// machine) `cgroup.kill` ends every member at once; on v1 the freezer hierarchy holds the
// members still while each is sent SIGKILL. Where neither can be written (no permission, no
// cgroupfs), nothing is made and the launcher's subreaper and the run marker remain.
import { mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The kind of hierarchy runs are placed in. */
export type CgroupKind = "v2" | "v1-freezer";

/** A cgroup directory this process may create runs under. */
export interface CgroupRoot {
  readonly kind: CgroupKind;
  /** The directory of this environment's cgroup (made on first use). */
  readonly dir: string;
}

/** Where a hierarchy is mounted: cgroup2, or a v1 mount holding `controller`. */
function mountPoint(type: "cgroup2" | "cgroup", controller?: string): string | undefined {
  let mounts: string;
  try {
    mounts = readFileSync("/proc/self/mounts", "utf8");
  } catch {
    return undefined;
  }
  for (const line of mounts.split("\n")) {
    const [, target, fsType, options] = line.split(" ");
    if (fsType !== type || target === undefined) continue;
    if (controller === undefined || (options ?? "").split(",").includes(controller)) return target;
  }
  return undefined;
}

/** This process's cgroup path in the v2 hierarchy (`0::/x`) or a v1 one (`N:freezer:/x`). */
function ownPath(controller: string | undefined): string | undefined {
  let text: string;
  try {
    text = readFileSync("/proc/self/cgroup", "utf8");
  } catch {
    return undefined;
  }
  for (const line of text.split("\n")) {
    const [id, controllers, where] = line.split(":");
    if (where === undefined) continue;
    if (
      controller === undefined
        ? id === "0" && controllers === ""
        : controllers?.split(",").includes(controller)
    )
      return where;
  }
  return undefined;
}

function tryMake(dir: string): boolean {
  try {
    mkdirSync(dir);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EEXIST";
  }
}

/**
 * The cgroup root for an environment named `name` on this machine: v2 with `cgroup.kill`
 * when it can be written, else the v1 freezer; undefined when neither can (the caller then
 * relies on the subreaper and the marker). Makes the environment's directory.
 */
export function createCgroupRoot(name: string): CgroupRoot | undefined {
  if (process.platform !== "linux") return undefined;
  const v2 = mountPoint("cgroup2");
  const v2Own = ownPath(undefined);
  if (v2 !== undefined && v2Own !== undefined) {
    const dir = path.join(v2, v2Own, name);
    if (tryMake(dir)) {
      try {
        readFileSync(path.join(dir, "cgroup.kill"));
      } catch (error) {
        // Reading cgroup.kill fails with EINVAL where it exists (it is write-only).
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") return { kind: "v2", dir };
      }
      removeQuietly(dir);
    }
  }
  const freezer = mountPoint("cgroup", "freezer");
  const freezerOwn = ownPath("freezer");
  if (freezer !== undefined && freezerOwn !== undefined) {
    const dir = path.join(freezer, freezerOwn, name);
    if (tryMake(dir)) return { kind: "v1-freezer", dir };
  }
  return undefined;
}

function removeQuietly(dir: string): boolean {
  try {
    rmdirSync(dir);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT";
  }
}

function write(file: string, text: string): boolean {
  try {
    writeFileSync(file, text);
    return true;
  } catch {
    return false;
  }
}

function children(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.join(dir, entry.name));
  } catch {
    return [];
  }
}

function members(dir: string): number[] {
  try {
    return readFileSync(path.join(dir, "cgroup.procs"), "utf8")
      .split("\n")
      .filter((line) => line !== "")
      .map(Number);
  } catch {
    return [];
  }
}

/** Whether any process is in `dir` or below it. */
export function cgroupPopulated(root: CgroupRoot, dir: string): boolean {
  if (root.kind === "v2") {
    try {
      return /^populated 1$/m.test(readFileSync(path.join(dir, "cgroup.events"), "utf8"));
    } catch {
      return false;
    }
  }
  return members(dir).length > 0 || children(dir).some((child) => cgroupPopulated(root, child));
}

/** Make the cgroup of one run; undefined when it cannot be made. */
export function createRunCgroup(root: CgroupRoot, runId: string): string | undefined {
  const dir = path.join(root.dir, runId);
  return tryMake(dir) ? dir : undefined;
}

/** The file a process writes its pid to, to join `dir`. */
export function joinFile(dir: string): string {
  return path.join(dir, "cgroup.procs");
}

/** Passes of freeze, kill, thaw on v1 (a member forking as the freeze lands is caught next). */
const V1_PASSES = 4;

/** SIGKILL every process in `dir` and below it, whatever session, parent or environment it has. */
export function killCgroup(root: CgroupRoot, dir: string): void {
  if (root.kind === "v2") {
    write(path.join(dir, "cgroup.kill"), "1");
    return;
  }
  for (let pass = 0; pass < V1_PASSES; pass++) {
    const groups = [dir, ...allBelow(dir)];
    const pids = groups.flatMap(members);
    if (pids.length === 0) return;
    write(path.join(dir, "freezer.state"), "FROZEN");
    for (const pid of groups.flatMap(members)) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
    write(path.join(dir, "freezer.state"), "THAWED");
  }
}

function allBelow(dir: string): string[] {
  return children(dir).flatMap((child) => [child, ...allBelow(child)]);
}

/** Remove `dir` and the empty cgroups below it; false when some are still populated. */
export function removeCgroup(dir: string): boolean {
  let removed = true;
  for (const child of children(dir)) removed = removeCgroup(child) && removed;
  return removeQuietly(dir) && removed;
}
