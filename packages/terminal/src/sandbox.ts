import { existsSync, realpathSync, statSync } from "node:fs";
import { findExecutable, isExecutable } from "./executables.js";
import os from "node:os";
import path from "node:path";
import { TerminalError, TerminalErrorCode } from "./terminal-error.js";

/** The sandbox levels of the local backend (`terminal.sandbox`). */
export const SANDBOX_LEVELS: readonly ["off", "workspace-write", "read-only"] = [
  "off",
  "workspace-write",
  "read-only",
] as const;

/** One of {@link SANDBOX_LEVELS}. */
export type SandboxLevel = (typeof SANDBOX_LEVELS)[number];

/** What an environment's commands may do, as approval and callers see it. */
export interface SandboxPolicy {
  readonly level: SandboxLevel;
  /** Whether commands reach the network (always true when the level is `off`). */
  readonly network: boolean;
  /** Directories commands may write (empty when the level is `off`: no OS limit applies). */
  readonly writableRoots: readonly string[];
  /** Paths hidden from commands (credentials, the Hermes home). */
  readonly hiddenPaths: readonly string[];
  /**
   * Paths inside the writable roots that stay read-only: what runs later outside the
   * sandbox (`.git` with its hooks and config, `.husky`, `.envrc`), where they exist.
   */
  readonly readOnlyPaths: readonly string[];
}

/** Settings of the sandbox, read from `terminal.sandbox*` (the environment's `backendOptions`). */
export interface SandboxSettings {
  readonly level: SandboxLevel;
  readonly network: boolean;
  /** Extra writable paths (`terminal.sandbox_writable_paths`; ignored under `read-only`). */
  readonly writablePaths: readonly string[];
}

/** Credential locations below the home directory that sandboxed commands never see. */
const HIDDEN_IN_HOME: readonly string[] = [
  ".hermes",
  ".ssh",
  ".gnupg",
  ".aws",
  ".azure",
  ".config/gcloud",
  ".config/gh",
  ".kube",
  ".docker",
  ".netrc",
  ".git-credentials",
  ".npmrc",
  ".pypirc",
  ".env",
];

/**
 * Entries of a writable root that hold code something runs later, outside the sandbox: git
 * hooks and config (`core.fsmonitor`, aliases, filters), husky's hooks, direnv's `.envrc`.
 * Under `workspace-write` they are read-only, as Codex keeps `.git`.
 */
export const RUN_LATER_ENTRIES: readonly string[] = [
  ".git",
  ".husky",
  ".envrc",
  ".hooks",
  ".githooks",
];

/** Sockets that would let a sandboxed command act outside it (container daemons, session buses). */
const HIDDEN_SOCKETS: readonly string[] = [
  "/var/run/docker.sock",
  "/run/docker.sock",
  "/run/containerd/containerd.sock",
  "/run/podman/podman.sock",
  "/run/dbus/system_bus_socket",
];

/** Read the sandbox settings from an environment's `backendOptions`; a bad level is an error. */
export function sandboxSettingsFrom(
  backendOptions: Readonly<Record<string, unknown>> | undefined,
): SandboxSettings {
  const raw = backendOptions?.sandbox;
  const level =
    raw === undefined || raw === null || raw === false
      ? "off"
      : typeof raw === "string"
        ? raw.trim().toLowerCase()
        : String(raw);
  if (!(SANDBOX_LEVELS as readonly string[]).includes(level)) {
    throw new TerminalError(
      TerminalErrorCode.InvalidOption,
      `Invalid value for terminal.sandbox: '${String(raw)}' (use off, workspace-write or read-only). Check config.yaml.`,
    );
  }
  const paths = backendOptions?.sandbox_writable_paths;
  return {
    level: level as SandboxLevel,
    network: backendOptions?.sandbox_network === true,
    writablePaths: Array.isArray(paths)
      ? paths.filter((p): p is string => typeof p === "string")
      : [],
  };
}

/** Find bwrap (`explicit` when given), or fail with what to install. */
export function findBwrap(searchPath: string | undefined, explicit?: string): string {
  const found =
    explicit === undefined
      ? findExecutable("bwrap", searchPath, ["/usr/bin", "/bin", "/usr/local/bin"])
      : isExecutable(explicit)
        ? explicit
        : undefined;
  if (found !== undefined) return found;
  throw new TerminalError(
    TerminalErrorCode.SandboxUnavailable,
    "terminal.sandbox is set, but bubblewrap (bwrap) is not installed. Install it " +
      "(apt-get install bubblewrap) or set terminal.sandbox: off.",
  );
}

/** What {@link sandboxArgs} needs to know about one environment. */
export interface SandboxLayout {
  readonly settings: SandboxSettings;
  /** The workspace: the environment's starting directory. */
  readonly workspace: string;
  /** The task's temp dir, mounted as /tmp inside. */
  readonly tempDir: string;
  /** The session's state dir (snapshots): stays writable at its own path. */
  readonly stateDir: string;
  /** The home directory whose credential files are hidden. */
  readonly home: string;
  /** The Hermes home (hidden). */
  readonly hermesHome: string | undefined;
}

/** The policy a layout gives, for callers (approval) to read. */
export function sandboxPolicy(layout: SandboxLayout): SandboxPolicy {
  const { settings } = layout;
  const writable =
    settings.level === "workspace-write"
      ? [layout.workspace, ...settings.writablePaths.map((p) => path.resolve(p))]
      : [];
  return {
    level: settings.level,
    network: settings.network,
    writableRoots: [...writable, layout.tempDir, "/tmp"],
    hiddenPaths: hiddenPaths(layout),
    readOnlyPaths: writable.flatMap(runLaterPaths),
  };
}

/** The run-later entries that exist in a writable root. */
function runLaterPaths(root: string): string[] {
  return RUN_LATER_ENTRIES.map((name) => path.join(root, name)).filter((entry) =>
    existsSync(entry),
  );
}

function hiddenPaths(layout: SandboxLayout): string[] {
  const hidden = HIDDEN_IN_HOME.map((name) => path.join(layout.home, name));
  if (layout.hermesHome !== undefined) hidden.push(path.resolve(layout.hermesHome));
  const osHome = os.homedir();
  if (osHome !== layout.home) hidden.push(...HIDDEN_IN_HOME.map((name) => path.join(osHome, name)));
  return [...new Set(hidden)];
}

/**
 * bwrap arguments (without the program) for a layout: the whole file system read-only, a
 * fresh /dev and /proc, the task's temp dir as /tmp, the workspace and configured paths
 * writable under `workspace-write`, credential paths replaced by empty ones, container and
 * bus sockets masked, no network unless allowed, all capabilities dropped, and its own PID
 * namespace whose first process is the launcher (so the tree dies with it).
 */
export function sandboxArgs(layout: SandboxLayout, options: { asPid1: boolean }): string[] {
  const { settings } = layout;
  const args = [
    "--die-with-parent",
    "--unshare-pid",
    "--unshare-ipc",
    "--unshare-cgroup-try",
    "--cap-drop",
    "ALL",
    "--ro-bind",
    "/",
    "/",
    "--dev",
    "/dev",
    "--proc",
    "/proc",
    "--bind",
    layout.tempDir,
    "/tmp",
    "--tmpfs",
    "/run/user",
  ];
  if (!settings.network) args.push("--unshare-net");
  if (options.asPid1) args.push("--as-pid-1");
  if (settings.level === "workspace-write") {
    const roots = [layout.workspace, ...settings.writablePaths.map((p) => path.resolve(p))];
    const bound = roots.filter((dir) => existsSync(dir));
    for (const dir of bound) args.push("--bind", dir, dir);
    // After the writable binds, so these stay read-only inside them.
    for (const entry of bound.flatMap(runLaterPaths)) args.push("--ro-bind", entry, entry);
  } else {
    // Still visible when it lies below /tmp, which the task's temp dir replaces.
    args.push("--ro-bind", layout.workspace, layout.workspace);
  }
  args.push("--bind", layout.stateDir, layout.stateDir);
  for (const hidden of hiddenPaths(layout)) {
    // A workspace chosen inside a hidden path (a test's HERMES_HOME) stays usable.
    if (layout.workspace === hidden || layout.workspace.startsWith(`${hidden}/`)) continue;
    let directory: boolean;
    try {
      directory = statSync(hidden).isDirectory();
    } catch {
      continue;
    }
    if (directory) args.push("--tmpfs", hidden);
    else args.push("--ro-bind", "/dev/null", hidden);
  }
  const sockets = new Set<string>();
  for (const socket of HIDDEN_SOCKETS) {
    try {
      const real = realpathSync(socket);
      if (statSync(real).isSocket()) sockets.add(real);
    } catch {
      continue;
    }
  }
  for (const socket of sockets) args.push("--ro-bind", "/dev/null", socket);
  return args;
}

function within(file: string, dir: string): boolean {
  return file === dir || file.startsWith(dir.endsWith("/") ? dir : `${dir}/`);
}

/**
 * Where a path seen inside the sandbox is on the host: the same path, except below /tmp,
 * which is the task's temp dir (unless a bound directory such as the workspace is there).
 */
export function hostPathOf(layout: SandboxLayout, file: string): string {
  const bound = [layout.workspace, layout.stateDir];
  if (layout.settings.level === "workspace-write")
    bound.push(...layout.settings.writablePaths.map((p) => path.resolve(p)));
  if (bound.some((dir) => within(file, dir))) return file;
  return within(file, "/tmp") ? path.join(layout.tempDir, file.slice(4)) : file;
}

const HINTS: readonly (readonly [RegExp, (settings: SandboxSettings) => string])[] = [
  [
    /(?:^|[\s/'"`:])\.(?:git|husky|envrc|hooks|githooks)\b[^\n]*(?:Read-only file system|EROFS|Device or resource busy|EBUSY)|(?:Read-only file system|EROFS)[^\n]*\.(?:git|husky|envrc|hooks|githooks)\b/,
    (s) =>
      s.level === "read-only"
        ? "[sandbox: the file system is read-only here (terminal.sandbox: read-only); only /tmp is writable]"
        : "[sandbox: .git, .husky, .envrc and git hook folders stay read-only under terminal.sandbox: workspace-write, since what they hold runs later outside the sandbox; commit and change git settings outside the sandbox]",
  ],
  [
    /Read-only file system|EROFS/,
    (s) =>
      s.level === "read-only"
        ? "[sandbox: the file system is read-only here (terminal.sandbox: read-only); only /tmp is writable]"
        : "[sandbox: this path is read-only here (terminal.sandbox: workspace-write); only the workspace, /tmp and terminal.sandbox_writable_paths are writable]",
  ],
  [
    /Network is unreachable|ENETUNREACH|Temporary failure in name resolution|Could not resolve host|Name or service not known|getaddrinfo (EAI_AGAIN|ENOTFOUND)/,
    (s) =>
      s.network
        ? "[sandbox: the network failed inside the sandbox]"
        : "[sandbox: network access is disabled (terminal.sandbox_network: false)]",
  ],
  [
    /Permission denied|EACCES|Operation not permitted|EPERM/,
    () =>
      "[sandbox: the command runs in an OS sandbox without capabilities; credential files and paths outside it are not reachable]",
  ],
];

/** The hint line for a failed sandboxed command whose output shows the sandbox stopped it. */
export function sandboxHint(
  output: string,
  exitCode: number,
  settings: SandboxSettings,
): string | undefined {
  if (exitCode === 0 || settings.level === "off") return undefined;
  const tail = output.slice(-4000);
  for (const [pattern, hint] of HINTS) if (pattern.test(tail)) return hint(settings);
  return undefined;
}
