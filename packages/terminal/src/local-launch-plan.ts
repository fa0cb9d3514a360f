import { childrenOf } from "./process-tree.js";
import { launcherArgv } from "./process-launcher.js";
import { hostPathOf, sandboxArgs, type SandboxLayout } from "./sandbox.js";

/**
 * How the local backend starts its commands: under the launcher (a subreaper, started
 * ahead and sent its command), inside a bubblewrap sandbox with the launcher as the first
 * process of its PID namespace, or — for PTY runs and machines without Perl — directly
 * (inside the sandbox when there is one).
 */
export interface LocalLaunchPlan {
  /** The argv of a launcher waiting for its request, or undefined when there is none. */
  readonly launcher: readonly string[] | undefined;
  /** The argv that runs bash without the launcher. */
  direct(bashArgs: readonly string[]): readonly string[];
  /** The outer program may print its own errors on stderr (bwrap): keep them in the output. */
  readonly ownStderr: boolean;
  /** Runs without the launcher are still held by something they cannot leave (the namespace). */
  readonly isolated: boolean;
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
  const { bash, sandbox } = settings;
  const launcher = launcherArgv(settings.perl);
  if (sandbox === undefined) {
    return {
      launcher,
      direct: (bashArgs) => [bash, ...bashArgs],
      ownStderr: false,
      isolated: false,
      spared: (root) => new Set([root]),
      killRoot: false,
      hostPath: (file) => file,
    };
  }
  const inBox = (asPid1: boolean, argv: readonly string[]): readonly string[] => [
    sandbox.bwrap,
    ...sandboxArgs(sandbox.layout, { asPid1 }),
    "--",
    ...argv,
  ];
  return {
    // Made again for each launcher: the sandbox keeps read-only what exists at its start.
    get launcher() {
      return launcher === undefined ? undefined : inBox(true, launcher);
    },
    direct: (bashArgs) => inBox(false, [bash, ...bashArgs]),
    ownStderr: true,
    isolated: true,
    spared: (root) => new Set([root, ...childrenOf(root)]),
    killRoot: true,
    hostPath: (file) => hostPathOf(sandbox.layout, file),
  };
}
