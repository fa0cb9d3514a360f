import { randomBytes } from "node:crypto";
import { mkdtempSync, realpathSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildChildEnv, expandHome, resolveHermesHome } from "@hermes-agent/core";
import { BashSession } from "./bash-session.js";
import { nearestExistingDir } from "./directories.js";
import {
  defineEnvironmentBackend,
  type Environment,
  type EnvironmentBackend,
  type EnvironmentCapabilities,
  type EnvironmentOptions,
} from "./environment.js";
import { createLaunchPlan } from "./local-launch-plan.js";
import { LocalTransport } from "./local-transport.js";
import { DEFAULT_KILL_GRACE_MS } from "./process-group.js";
import { findPerl } from "./process-launcher.js";
import {
  findBwrap,
  sandboxPolicy,
  sandboxSettingsFrom,
  type SandboxLayout,
  type SandboxSettings,
} from "./sandbox.js";
import { findBash } from "./shell-wrapper.js";
import { createCgroupRoot } from "./task-cgroup.js";
import { TERMINAL_DEFAULTS } from "./options.js";

/** What the local backend can do. */
export const LOCAL_CAPABILITIES: EnvironmentCapabilities = {
  pty: true,
  background: true,
  persistent: true,
  fileTransfer: true,
};

/** Local-only settings. */
export interface LocalEnvironmentOptions extends EnvironmentOptions {
  /** bash to run commands with (found on PATH by default). */
  readonly bashPath?: string;
  /** Module to load for PTY mode (tests point this at a missing one). */
  readonly ptyModule?: string;
  /**
   * Perl for the process launcher (found in the usual places by default); `null` runs
   * commands without it, tracked by the run marker only.
   */
  readonly perlPath?: string | null;
  /** bwrap for the sandbox (found on PATH by default). */
  readonly bwrapPath?: string;
  /**
   * `false`: no control group per run, even where the machine allows one (the launcher's
   * subreaper and the run marker track the tree). Default: a cgroup where one can be made.
   */
  readonly cgroups?: boolean;
}

function sandboxLayout(
  settings: SandboxSettings,
  workspace: string,
  stateDir: string,
  env: Readonly<Record<string, string | undefined>>,
): { layout: SandboxLayout; tempDir: string } {
  const tempDir = mkdtempSync(path.join(os.tmpdir(), "hermes-sandbox-tmp-"));
  return {
    tempDir,
    layout: {
      settings,
      workspace,
      tempDir,
      stateDir,
      home: env.HOME ?? os.homedir(),
      hermesHome: resolveHermesHome({ env }),
    },
  };
}

/**
 * Make a local environment: commands run with bash on this machine, each under the
 * process launcher (a subreaper holding its whole tree) and, with `terminal.sandbox` set in
 * `backendOptions`, inside a bubblewrap sandbox. Rejects when a sandbox is configured but
 * bwrap is missing.
 */
export function createLocalEnvironment(
  options: LocalEnvironmentOptions = {},
): Promise<Environment> {
  try {
    const hostEnv = options.hostEnv ?? process.env;
    const sandbox = sandboxSettingsFrom(options.backendOptions);
    const bwrap = sandbox.level === "off" ? undefined : findBwrap(hostEnv.PATH, options.bwrapPath);
    const stateDir = realpathSync(mkdtempSync(path.join(os.tmpdir(), "hermes-terminal-")));
    const cwd = nearestExistingDir(expandHome(options.cwd ?? process.cwd(), hostEnv));
    const baseEnv = buildChildEnv({
      hostEnv,
      passthrough: options.envPassthrough ?? [],
      extra: options.env ?? {},
    });
    const bash = options.bashPath ?? findBash(hostEnv.PATH);
    const perl = options.perlPath === null ? undefined : (options.perlPath ?? findPerl());
    const box = bwrap === undefined ? undefined : sandboxLayout(sandbox, cwd, stateDir, hostEnv);
    const token = randomBytes(6).toString("hex");
    // Runs under the sandbox are held by its PID namespace; others by a cgroup where possible.
    const cgroups =
      box === undefined && perl !== undefined && options.cgroups !== false
        ? createCgroupRoot(`hermes-${token}`)
        : undefined;
    const transport = new LocalTransport({
      capabilities: LOCAL_CAPABILITIES,
      stateDir,
      ownedDirs: box === undefined ? [] : [box.tempDir],
      bash,
      plan: createLaunchPlan({
        bash,
        perl,
        sandbox:
          bwrap === undefined || box === undefined ? undefined : { bwrap, layout: box.layout },
      }),
      baseEnv,
      graceMs: options.killGraceMs ?? DEFAULT_KILL_GRACE_MS,
      ptyModule: options.ptyModule,
      token,
      sandbox:
        box === undefined ? undefined : { settings: sandbox, policy: sandboxPolicy(box.layout) },
      cgroups,
    });
    return Promise.resolve(
      new BashSession({
        transport,
        cwd,
        timeoutSeconds: options.timeoutSeconds ?? TERMINAL_DEFAULTS.timeoutSeconds,
        maxOutputChars: options.maxOutputChars ?? TERMINAL_DEFAULTS.maxOutputChars,
        token,
        home: baseEnv.HOME ?? os.homedir(),
        basePath: baseEnv.PATH,
      }),
    );
  } catch (error) {
    return Promise.reject(error as Error);
  }
}

/** The local backend, registered by default. */
export const localBackend: EnvironmentBackend = defineEnvironmentBackend({
  type: "local",
  capabilities: LOCAL_CAPABILITIES,
  create: (options) => createLocalEnvironment(options),
});
