import { childrenOf } from "./process-tree.js";
import { launcherArgv } from "./process-launcher.js";
import { hostPathOf, sandboxArgs, type SandboxLayout } from "./sandbox.js";

/** How one run is started. */
export interface LocalLaunch {
  readonly argv: readonly string[];
  /** The launcher runs it and reports the exit code on the status pipe. */
  readonly launcher: boolean;
  /** Something the processes cannot leave keeps the tree (a subreaper or a PID namespace). */
  readonly tracksTree: boolean;
  /** The outer program may print its own errors on stderr (bwrap): keep them in the output. */
  readonly ownStderr: boolean;
}

/**
 * How the local backend starts its commands: directly, under the launcher (a subreaper),
 * inside a bubblewrap sandbox (with the launcher as the first process of its PID
 * namespace), or inside the sandbox without it.
 */
export interface LocalLaunchPlan {
  argv(bashArgs: readonly string[], options: { readonly pty: boolean }): LocalLaunch;
  /** Processes a SIGTERM pass spares in the tree below `root` (the launcher itself). */
  spared(root: number): ReadonlySet<number>;
  /** Killing `root` ends the whole tree (the sandbox's namespace). */
  readonly killRoot: boolean;
  /** Where a path the commands see is on the host (they differ below the sandbox's /tmp). */
  hostPath(file: string): string;
}

/** Settings of {@link createLaunchPlan}. */
export interface LaunchPlanSettings {
  readonly bash: string;
  /** Perl for the launcher; undefined when missing (only the run marker tracks escapees). */
  readonly perl: string | undefined;
  /** bwrap and the sandbox layout, when a sandbox level is set. */
  readonly sandbox: { readonly bwrap: string; readonly layout: SandboxLayout } | undefined;
}

/** Make the launch plan for an environment. */
export function createLaunchPlan(settings: LaunchPlanSettings): LocalLaunchPlan {
  const { bash, perl, sandbox } = settings;
  if (sandbox === undefined) {
    return {
      argv(bashArgs, options) {
        const launched = options.pty ? undefined : launcherArgv(perl, bash, bashArgs);
        return launched === undefined
          ? { argv: [bash, ...bashArgs], launcher: false, tracksTree: false, ownStderr: false }
          : { argv: launched, launcher: true, tracksTree: true, ownStderr: false };
      },
      spared: (root) => new Set([root]),
      killRoot: false,
      hostPath: (file) => file,
    };
  }
  return {
    argv(bashArgs, options) {
      const inner = options.pty ? undefined : launcherArgv(perl, bash, bashArgs);
      const args = sandboxArgs(sandbox.layout, { asPid1: inner !== undefined });
      return {
        argv: [sandbox.bwrap, ...args, "--", ...(inner ?? [bash, ...bashArgs])],
        launcher: inner !== undefined,
        tracksTree: true,
        ownStderr: true,
      };
    },
    spared: (root) => new Set([root, ...childrenOf(root)]),
    killRoot: true,
    hostPath: (file) => hostPathOf(sandbox.layout, file),
  };
}
