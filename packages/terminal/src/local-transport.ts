import { readFileSync, readlinkSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { EnvironmentCapabilities } from "./environment.js";
import { isDirectory } from "./directories.js";
import { liveProcessGroups, processesWithEnv, processStartTime } from "./process-table.js";
import { signalProcessGroup } from "./process-group.js";
import { descendantsOf, killTree, signalTree } from "./process-tree.js";
import { launchPty } from "./pty-session.js";
import { launchPiped, type PipedProcess, type RawProcess } from "./raw-process.js";
import { launcherRequest } from "./process-launcher.js";
import { RUN_MARKER } from "./bash-session.js";
import type { LocalLaunchPlan } from "./local-launch-plan.js";
import type {
  RunOutcome,
  RunningCommand,
  SessionRun,
  SessionTransport,
} from "./session-transport.js";
import { sandboxHint, type SandboxPolicy, type SandboxSettings } from "./sandbox.js";
import {
  cgroupPopulated,
  createRunCgroup,
  joinFile,
  killCgroup,
  removeCgroup,
  type CgroupRoot,
} from "./task-cgroup.js";
import { RESTORE_VARIABLE, SHELL_WRAPPER } from "./shell-wrapper.js";
import { LocalPathLookup } from "./local-path-lookup.js";
import type { PathLookup, SessionPathCommands } from "./path-commands.js";
import { TerminalError, TerminalErrorCode } from "./terminal-error.js";

/**
 * Longest restored state handed to bash in a variable (the kernel caps one at 128 KiB);
 * a larger one goes through a new file of the state dir.
 */
const MAX_INLINE_RESTORE = 100_000;

/** After the shell exits, how long to wait for descendants to release the output pipe. */
const OUTPUT_DRAIN_MS = 100;
/** Passes over the process table when killing marked descendants (they may fork meanwhile). */
const MARKER_KILL_PASSES = 3;

function removeQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
}

function takeFile(file: string): string | undefined {
  try {
    const text = readFileSync(file, "utf8");
    unlinkSync(file);
    return text;
  } catch {
    return undefined;
  }
}

function waitOrTimeout(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    void promise.then(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** What file descriptor `fd` of `pid` refers to (`pipe:[inode]`), or undefined. */
function fdTarget(pid: number, fd: number): string | undefined {
  try {
    return readlinkSync(`/proc/${pid}/fd/${fd}`);
  } catch {
    return undefined;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Settings of a {@link LocalTransport}. */
export interface LocalTransportSettings {
  readonly capabilities: EnvironmentCapabilities;
  readonly stateDir: string;
  /** Temp dirs removed with the state dir (the sandbox's /tmp). */
  readonly ownedDirs: readonly string[];
  readonly plan: LocalLaunchPlan;
  readonly bash: string;
  readonly baseEnv: Readonly<Record<string, string>>;
  readonly graceMs: number;
  readonly ptyModule: string | undefined;
  /** Token of the run marker, for the last-resort sweep. */
  readonly token: string;
  readonly sandbox:
    { readonly settings: SandboxSettings; readonly policy: SandboxPolicy } | undefined;
  /**
   * The environment's control group, when this machine lets one be made: each run started
   * by the launcher joins a cgroup of its own below it, which nothing it starts can leave.
   */
  readonly cgroups?: CgroupRoot | undefined;
}

/** How long close() waits for killed cgroup members to exit before removing the cgroups. */
const CGROUP_DRAIN_MS = 2_000;
/** The same wait at process exit, where nothing may be awaited. */
const CGROUP_SYNC_DRAIN_MS = 300;

/**
 * The local half of a bash session: commands are processes on this machine, each in a
 * process group of its own under the launcher (a subreaper that keeps every descendant in
 * its tree) and, when configured, inside a bubblewrap sandbox with its own PID namespace.
 */
export class LocalTransport implements SessionTransport {
  readonly type = "local";
  readonly capabilities: EnvironmentCapabilities;
  readonly stateDir: string;
  readonly sandbox: SandboxPolicy | undefined;
  readonly #settings: LocalTransportSettings;
  /** Started processes still alive (a launcher stays while its descendants run). */
  readonly #roots = new Set<RawProcess>();
  /** Launchers started ahead, still waiting for a request. */
  readonly #idle = new Set<PipedProcess>();
  #ahead: Promise<PipedProcess> | undefined;
  #closed = false;
  #pathLookup: LocalPathLookup | undefined;
  /** Groups of runs without a launcher (pgid → leader start time), for the cleanup of leftovers. */
  readonly #groups = new Map<number, number | undefined>();

  constructor(settings: LocalTransportSettings) {
    this.#settings = settings;
    this.capabilities = settings.capabilities;
    this.stateDir = settings.stateDir;
    this.sandbox = settings.sandbox?.policy;
    if (settings.plan.launcher !== undefined) this.#ahead = this.#startLauncher();
  }

  #expandHome(dir: string): string {
    const home = this.#settings.baseEnv.HOME ?? "/";
    if (dir === "~") return home;
    return dir.startsWith("~/") ? path.join(home, dir.slice(2)) : dir;
  }

  /** Whether `dir`, as the commands see it, is a directory. */
  #isDirectory(dir: string): boolean {
    return isDirectory(this.#settings.plan.hostPath(dir));
  }

  /** The nearest existing directory at or above `dir`, as the commands see it. */
  #nearestDir(dir: string): string {
    let current = path.resolve(dir);
    while (!this.#isDirectory(current) && current !== path.dirname(current))
      current = path.dirname(current);
    return current;
  }

  resolvePath(sessionCwd: string, file: string): string {
    return path.resolve(this.#nearestDir(sessionCwd), file);
  }

  async launch(run: SessionRun): Promise<RunningCommand> {
    const sessionCwd = this.#nearestDir(run.sessionCwd);
    const target =
      run.dir === undefined ? sessionCwd : path.resolve(sessionCwd, this.#expandHome(run.dir));
    if (run.dir !== undefined && !this.#isDirectory(target)) {
      throw new TerminalError(
        TerminalErrorCode.WorkdirNotFound,
        `Working directory not found: ${target} does not exist or is not a directory. The command did not run.`,
      );
    }
    // The checked state goes to bash in a variable, out of reach of any process the earlier
    // commands left running (a file could be rewritten between the check and the restore).
    const inline = run.restore.length <= MAX_INLINE_RESTORE;
    const restoreFile = inline ? undefined : path.join(this.stateDir, `${run.runId}.restore`);
    if (restoreFile !== undefined) writeFileSync(restoreFile, run.restore, { mode: 0o600 });
    const env =
      inline && run.restore !== "" ? { ...run.env, [RESTORE_VARIABLE]: run.restore } : run.env;
    const wrapperArgs = [
      "--noprofile",
      "--norc",
      "-c",
      SHELL_WRAPPER,
      "hermes",
      this.stateDir,
      run.runId,
      target,
      run.command,
      run.save ? "1" : "0",
      run.transient.join(" "),
      restoreFile ?? "",
    ];
    const plan = this.#settings.plan;
    const viaLauncher = !run.pty && plan.launcher !== undefined;
    let proc: RawProcess;
    let launcherProc: PipedProcess | undefined;
    const cgroups = this.#settings.cgroups;
    const cgroup =
      viaLauncher && !plan.isolated && cgroups !== undefined
        ? createRunCgroup(cgroups, run.runId)
        : undefined;
    try {
      if (viaLauncher) {
        const launcher = await this.#takeLauncher();
        launcher.request(
          launcherRequest({
            cwd: target,
            endOutput: plan.isolated,
            env,
            argv: [this.#settings.bash, ...wrapperArgs],
            ...(cgroup === undefined ? {} : { cgroups: [joinFile(cgroup)] }),
          }),
        );
        proc = launcher;
        launcherProc = launcher;
        this.#prepareNext();
      } else {
        const argv = plan.direct(wrapperArgs);
        const spec = {
          file: argv[0] ?? "",
          args: argv.slice(1),
          cwd: plan.hostPath(target),
          env: { ...this.#settings.baseEnv, ...env },
        };
        proc = run.pty
          ? await launchPty(spec, this.#settings.ptyModule)
          : await launchPiped(spec, { stdin: run.stdin, stderrToStdout: !plan.ownStderr });
        this.#track(proc);
      }
    } catch (error) {
      if (cgroup !== undefined) removeCgroup(cgroup);
      if (TerminalError.isInstance(error)) throw error;
      throw new TerminalError(
        TerminalErrorCode.SpawnFailed,
        `Could not start bash (${this.#settings.bash}): ${String(error)}`,
        { cause: error },
      );
    }
    if (restoreFile !== undefined) void proc.exited.then(() => removeQuietly(restoreFile));
    // The launcher leaves once its tree is gone; a run it left behind (it was killed) keeps
    // its cgroup until the environment is closed.
    if (cgroup !== undefined && cgroups !== undefined)
      void proc.ended.then(() => {
        if (!cgroupPopulated(cgroups, cgroup)) removeCgroup(cgroup);
      });
    const tracksTree = viaLauncher || plan.isolated;
    if (!tracksTree) this.#groups.set(proc.pid, processStartTime(proc.pid));
    const marker = run.env[RUN_MARKER] ?? "";
    const killRest = (): void => this.#killTree(proc, tracksTree ? undefined : marker, cgroup);
    let stopping: Promise<void> | undefined;
    // The pid a user sees (and may `kill`) is the command's own, as without the launcher;
    // under the sandbox it is the outer bwrap's, since pids inside mean nothing here.
    let pid = proc.pid;
    const started =
      launcherProc === undefined || plan.isolated || run.save
        ? Promise.resolve()
        : launcherProc.commandPid.then((reported) => {
            pid = reported ?? proc.pid;
          });
    return {
      get id() {
        return String(pid);
      },
      get pid() {
        return pid;
      },
      pty: proc.pty,
      started,
      io: proc,
      // A background run's listeners get all its output before its exit is reported (the
      // status and the output travel on different sockets).
      done: run.save
        ? proc.exited
        : proc.exited.then(async (code) => {
            await waitOrTimeout(proc.outputClosed, OUTPUT_DRAIN_MS);
            return code;
          }),
      finish: async (stopped): Promise<RunOutcome> => {
        if (await this.#outputHeld(proc)) {
          // Descendants still hold the output open after the shell exited: a foreground
          // command must not leave processes behind.
          proc.detachOutput();
          killRest();
        } else if (stopped) {
          // A timeout or abort takes the whole tree, also what left the process group.
          killRest();
        }
        const snapshot = path.join(this.stateDir, `${run.runId}.snap`);
        const cwdFile = path.join(this.stateDir, `${run.runId}.cwd`);
        const cwd = takeFile(cwdFile)?.trim();
        if (cwd === undefined || !cwd.startsWith("/") || cwd.includes("\n")) {
          removeQuietly(snapshot);
          return { saved: false };
        }
        return { saved: true, cwd };
      },
      stop: () => {
        stopping ??= this.#terminate(proc, tracksTree ? undefined : marker, cgroup);
        return stopping;
      },
    };
  }

  #track(proc: RawProcess): void {
    this.#roots.add(proc);
    void proc.ended.then(() => this.#roots.delete(proc));
  }

  /** Start a launcher that waits for its request, without holding Node's event loop. */
  #startLauncher(): Promise<PipedProcess> {
    const argv = this.#settings.plan.launcher ?? [];
    const started = launchPiped(
      { file: argv[0] ?? "", args: argv.slice(1), cwd: this.stateDir, env: this.#settings.baseEnv },
      { stdin: true, stderrToStdout: !this.#settings.plan.ownStderr, statusPipe: true },
    );
    void started.then(
      (proc) => {
        proc.hold(false);
        this.#idle.add(proc);
        this.#track(proc);
        void proc.ended.then(() => this.#idle.delete(proc));
      },
      () => undefined,
    );
    return started;
  }

  /** The launcher for a run: the one started ahead when it is still waiting, else a new one. */
  async #takeLauncher(): Promise<PipedProcess> {
    const ahead = this.#ahead;
    this.#ahead = undefined;
    let proc = ahead === undefined ? undefined : await ahead.catch(() => undefined);
    if (proc === undefined || !this.#idle.has(proc)) proc = await this.#startLauncher();
    this.#idle.delete(proc);
    proc.hold(true);
    return proc;
  }

  /**
   * Start the launcher of the next run now, once this run's request is on its way: Perl's
   * start-up (and Node's fork) then overlap with the command instead of delaying the next.
   */
  #prepareNext(): void {
    if (!this.#closed && this.#ahead === undefined) this.#ahead = this.#startLauncher();
  }

  /**
   * Whether descendants still hold the output open once the command ended. Under the
   * sandbox the outer bwrap keeps its copy for as long as the namespace lives, so the
   * holders are looked up by the pipe's identity instead of waiting for it to close.
   */
  async #outputHeld(proc: RawProcess): Promise<boolean> {
    const closed = async (): Promise<boolean> =>
      !(await waitOrTimeout(proc.outputClosed, OUTPUT_DRAIN_MS));
    // Without the sandbox, or once bwrap is gone, every copy closes: wait for the end.
    const pipe = this.#settings.plan.killRoot ? fdTarget(proc.pid, 1) : undefined;
    if (pipe === undefined) return closed();
    const spared = this.#settings.plan.spared(proc.pid);
    const giveUpAt = Date.now() + OUTPUT_DRAIN_MS;
    for (;;) {
      const holders = descendantsOf(proc.pid).filter(
        (pid) => !spared.has(pid) && (fdTarget(pid, 1) === pipe || fdTarget(pid, 2) === pipe),
      );
      // The launcher ends the output for the outer bwrap's copy too, so everything written
      // is read before the stream closes.
      if (holders.length === 0) return closed();
      if (Date.now() >= giveUpAt) return true;
      await sleep(OUTPUT_DRAIN_MS / 5);
    }
  }

  /** SIGTERM the run's group and tree, wait for the command or the grace period, then kill the tree. */
  async #terminate(
    proc: RawProcess,
    marker: string | undefined,
    cgroup?: string | undefined,
  ): Promise<void> {
    signalProcessGroup(proc.pid, "SIGTERM");
    signalTree(proc.pid, "SIGTERM", this.#settings.plan.spared(proc.pid));
    await Promise.race([proc.exited, sleep(this.#settings.graceMs)]);
    this.#killTree(proc, marker, cgroup);
  }

  /**
   * Kill everything the run started: its cgroup (which nothing leaves), its tree (and
   * namespace), its group, and marked escapees.
   */
  #killTree(proc: RawProcess, marker: string | undefined, cgroup?: string | undefined): void {
    const cgroups = this.#settings.cgroups;
    if (cgroup !== undefined && cgroups !== undefined) killCgroup(cgroups, cgroup);
    // The tree first: the launcher (the group leader) must outlive it to keep adopting.
    killTree(proc.pid, this.#settings.plan.spared(proc.pid));
    if (this.#settings.plan.killRoot) this.#kill(proc.pid);
    signalProcessGroup(proc.pid, "SIGKILL");
    if (marker !== undefined) this.#killMarked((value) => value === marker);
  }

  #kill(pid: number): void {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }

  /** SIGKILL processes whose run marker `matches`, wherever their group: the last resort. */
  #killMarked(matches: (value: string) => boolean): void {
    for (let pass = 0; pass < MARKER_KILL_PASSES; pass++) {
      const pids = processesWithEnv(RUN_MARKER, matches);
      if (pids.length === 0) return;
      for (const pid of pids) this.#kill(pid);
    }
  }

  lookupPathCommands(lookup: PathLookup): Promise<SessionPathCommands> {
    this.#pathLookup ??= new LocalPathLookup((file) => this.#settings.plan.hostPath(file));
    return this.#pathLookup.lookup(lookup);
  }

  storeCommand(runId: string, command: string): Promise<string> {
    const file = path.join(this.stateDir, `${runId}.cmd`);
    writeFileSync(file, command, { mode: 0o600 });
    return Promise.resolve(file);
  }

  discard(files: readonly string[]): void {
    for (const file of files) removeQuietly(file);
  }

  async readFile(file: string): Promise<Uint8Array> {
    return readFile(this.#settings.plan.hostPath(file));
  }

  async writeFile(file: string, data: string | Uint8Array): Promise<void> {
    const target = this.#settings.plan.hostPath(file);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, data);
  }

  explainFailure(output: string, exitCode: number): string | undefined {
    const sandbox = this.#settings.sandbox;
    return sandbox === undefined ? undefined : sandboxHint(output, exitCode, sandbox.settings);
  }

  async close(): Promise<void> {
    this.#closed = true;
    await Promise.all(
      [...this.#roots]
        .filter((proc) => !this.#idle.has(proc as PipedProcess))
        .map((proc) => this.#terminate(proc, undefined)),
    );
    const cgroups = this.#settings.cgroups;
    if (cgroups !== undefined) {
      killCgroup(cgroups, cgroups.dir);
      const giveUpAt = Date.now() + CGROUP_DRAIN_MS;
      while (cgroupPopulated(cgroups, cgroups.dir) && Date.now() < giveUpAt) await sleep(10);
    }
    this.closeSync();
  }

  closeSync(): void {
    this.#closed = true;
    const cgroups = this.#settings.cgroups;
    if (cgroups !== undefined) {
      // Everything any run started, wherever it went; the cgroups go once they are empty
      // (killed members take a moment to exit: wait a little, without the event loop).
      killCgroup(cgroups, cgroups.dir);
      const giveUpAt = Date.now() + CGROUP_SYNC_DRAIN_MS;
      const pause = new Int32Array(new SharedArrayBuffer(4));
      while (cgroupPopulated(cgroups, cgroups.dir) && Date.now() < giveUpAt)
        Atomics.wait(pause, 0, 0, 5);
      removeCgroup(cgroups.dir);
    }
    for (const proc of this.#roots) this.#killTree(proc, undefined);
    for (const pgid of liveProcessGroups(this.#groups)) signalProcessGroup(pgid, "SIGKILL");
    this.#groups.clear();
    const own = `${this.#settings.token}:`;
    this.#killMarked((value) => value.startsWith(own));
    for (const dir of [this.stateDir, ...this.#settings.ownedDirs])
      rmSync(dir, { recursive: true, force: true });
  }
}
