import { readOptions, type OptionTable } from "./option-table.js";
import { commandBaseName } from "./resolved-command.js";
import { DYNAMIC, staticWord, type Word } from "./shell-ir.js";
import type { WrapperSpec } from "./wrapper-table.js";

/**
 * Launchers that run their operands as a command: resource and privilege setters (setpriv,
 * prlimit, numactl, cgexec, runcon, setarch), supervisors (daemontools, runit, daemonize,
 * start-stop-daemon) and job launchers (xvfb-run, mpirun, srun, sem). Each is read over its
 * real option table so the wrapped command is judged as itself.
 */
export const LAUNCH_WRAPPERS: ReadonlyMap<string, WrapperSpec> = new Map<string, WrapperSpec>([
  [
    "setpriv",
    {
      posix: true,
      queryFlags: "d",
      long: [
        "clear-groups",
        "keep-groups",
        "init-groups",
        "no-new-privs",
        "reset-env",
        "dump",
        "help",
        "version",
      ],
      longWithValue: [
        "reuid",
        "regid",
        "ruid",
        "euid",
        "rgid",
        "egid",
        "groups",
        "inh-caps",
        "ambient-caps",
        "bounding-set",
        "securebits",
        "pdeathsig",
        "selinux-label",
        "apparmor-profile",
        "landlock-access",
        "landlock-rule",
        "seccomp-filter",
      ],
    },
  ],
  // prlimit's resource options take their value after `=` only; `-p PID` queries a process.
  [
    "prlimit",
    { posix: true, shortWithValue: "po", longWithValue: ["pid", "output"], queryFlags: "p" },
  ],
  [
    "numactl",
    {
      posix: true,
      shortWithValue: "iNmCpPwo",
      queryFlags: "sH",
      longWithValue: [
        "interleave",
        "weighted-interleave",
        "cpunodebind",
        "membind",
        "physcpubind",
        "preferred",
        "preferred-many",
        "offset",
      ],
    },
  ],
  ["cgexec", { posix: true, shortWithValue: "g" }],
  [
    "systemd-inhibit",
    { posix: true, longWithValue: ["what", "who", "why", "mode"], long: ["list", "no-pager"] },
  ],
  [
    "proot",
    {
      posix: true,
      shortWithValue: "rbmqwkiR",
      longWithValue: [
        "rootfs",
        "bind",
        "mount",
        "qemu",
        "cwd",
        "pwd",
        "kernel-release",
        "change-id",
      ],
    },
  ],
  [
    "runcon",
    { posix: true, shortWithValue: "urtl", longWithValue: ["user", "role", "type", "range"] },
  ],
  ["setarch", { posix: true, skipOperands: 1 }],
  ...["linux32", "linux64", "i386", "x86_64", "uname26"].map((name): [string, WrapperSpec] => [
    name,
    { posix: true },
  ]),
  ["daemonize", { posix: true, shortWithValue: "ceoplumE" }],
  [
    "xvfb-run",
    {
      posix: true,
      shortWithValue: "efnpsw",
      longWithValue: [
        "error-file",
        "auth-file",
        "server-num",
        "xauth-protocol",
        "server-args",
        "wait",
      ],
    },
  ],
  ["sem", { posix: true, shortWithValue: "jS", longWithValue: ["jobs", "id", "semaphorename"] }],
  ["ssh-agent", { posix: true, shortWithValue: "aEPt", queryFlags: "k" }],
  ["chronic", { posix: true }],
  ["nocache", { posix: true, shortWithValue: "n" }],
  ["setuidgid", { posix: true, skipOperands: 1 }],
  ["envuidgid", { posix: true, skipOperands: 1 }],
  ["envdir", { posix: true, skipOperands: 1 }],
  ["setlock", { posix: true, skipOperands: 1 }],
  ["softlimit", { posix: true, shortWithValue: "amdsloprcft" }],
  ["pgrphack", { posix: true }],
  // Read by launchedArgv (their own argv shapes), listed here so they count as wrappers.
  ...["capsh", "start-stop-daemon", "mpirun", "mpiexec", "orterun", "srun", "salloc", "sbatch"]
    .concat(["qsub", "prun", "aprun", "jsrun", "charliecloud", "ch-run"])
    .map((name): [string, WrapperSpec] => [name, { posix: true }]),
  ["fghack", { posix: true }],
  ["lckdo", { posix: true, skipOperands: 1 }],
  ["with-lock-ex", { posix: true, shortWithValue: "qw", skipOperands: 1 }],
  ["trickle", { posix: true, shortWithValue: "udwtlnL" }],
  ["cpulimit", { posix: true, shortWithValue: "lpe", longWithValue: ["limit", "pid", "exe"] }],
]);

/**
 * Launchers whose options are too many or too irregular to table (single-dash long options,
 * values that look like operands): the wrapped command is the first operand that is a path or
 * a program name a rule cares about.
 */
const SCANNED_LAUNCHERS: ReadonlySet<string> = new Set([
  "mpirun",
  "mpiexec",
  "orterun",
  "srun",
  "salloc",
  "sbatch",
  "qsub",
  "prun",
  "aprun",
  "jsrun",
  "charliecloud",
  "ch-run",
]);

/** Program names the scan in {@link SCANNED_LAUNCHERS} recognises as the start of a command. */
export const COMMAND_START_NAMES: ReadonlySet<string> = new Set([
  "rm",
  "rmdir",
  "dd",
  "shred",
  "wipefs",
  "mkfs",
  "mv",
  "cp",
  "chmod",
  "chown",
  "chgrp",
  "find",
  "truncate",
  "kill",
  "pkill",
  "killall",
  "shutdown",
  "reboot",
  "halt",
  "poweroff",
  "sh",
  "bash",
  "dash",
  "zsh",
  "ksh",
  "fish",
  "busybox",
  "env",
  "sudo",
  "doas",
  "eval",
  "exec",
  "python",
  "python3",
  "perl",
  "ruby",
  "node",
  "php",
  "curl",
  "wget",
  "tee",
  "install",
  "ln",
  "rsync",
  "parted",
  "fdisk",
  "sfdisk",
  "sgdisk",
  "git",
  "crontab",
  "iptables",
  "systemctl",
  "xargs",
]);

/** True when a word starts a command for the launcher scan (`/bin/x`, `rm`, `mkfs.ext4`). */
export function startsCommand(word: Word): boolean {
  if (word.dynamic || word.text.startsWith("-")) return false;
  const name = commandBaseName(word.text);
  if (COMMAND_START_NAMES.has(name)) return true;
  if (/^(?:mkfs|python|perl|ruby)[\w.]*$/.test(name)) return true;
  return word.text.includes("/") && !word.text.includes("=") && !word.text.includes(":");
}

/** The argv a launcher that needs more than an option table runs, or undefined to use the table. */
export function launchedArgv(
  name: string,
  args: readonly Word[],
): { argv: readonly Word[]; fromInput: boolean } | null | undefined {
  if (name === "capsh") return capshArgv(args);
  if (name === "start-stop-daemon") return startStopArgv(args);
  if (name === "runcon" && args.length > 0 && !args[0]?.text.startsWith("-"))
    return args.length > 1 ? { argv: args.slice(1), fromInput: false } : null;
  if (SCANNED_LAUNCHERS.has(name)) {
    const start = args.findIndex(startsCommand);
    return start < 0 ? null : { argv: args.slice(start), fromInput: false };
  }
  return undefined;
}

// `capsh [opts] -- ARGS` runs `/bin/bash ARGS` (or the `--shell=` program); `==` re-runs capsh.
function capshArgv(args: readonly Word[]): { argv: readonly Word[]; fromInput: boolean } | null {
  let shell: Word = staticWord("/bin/bash");
  for (let i = 0; i < args.length; i++) {
    const word = args[i] as Word;
    if (word.text.startsWith("--shell=")) shell = { ...word, text: word.text.slice(8) };
    if (word.text === "--" || word.text === "==")
      return {
        argv: [word.text === "==" ? staticWord("capsh") : shell, ...args.slice(i + 1)],
        fromInput: false,
      };
  }
  return null;
}

const START_STOP_OPTIONS: OptionTable = {
  shortWithValue: "xapnuRsgrcdNPkiIO",
  long: ["start", "stop", "status", "test", "oknodo", "quiet", "verbose", "background"],
  longWithValue: [
    "exec",
    "startas",
    "pidfile",
    "name",
    "user",
    "retry",
    "signal",
    "group",
    "chroot",
    "chuid",
    "chdir",
    "nicelevel",
    "procsched",
    "iosched",
    "umask",
    "output",
    "ppid",
  ],
};

// `start-stop-daemon --start --exec PROG -- ARGS`: PROG runs with ARGS (`--startas` wins).
function startStopArgv(
  args: readonly Word[],
): { argv: readonly Word[]; fromInput: boolean } | null {
  const read = readOptions(args, START_STOP_OPTIONS);
  const names = new Set(read.options.map((option) => option.name));
  if (!names.has("S") && !names.has("start")) return null;
  const programOf = (...names: string[]): Word | null => {
    let found: Word | null = null;
    for (const option of read.options)
      if (names.includes(option.name) && option.valueWord !== null && option.value !== null)
        found = { ...option.valueWord, text: option.value };
    return found;
  };
  const program = programOf("a", "startas") ?? programOf("x", "exec");
  if (program === null) return null;
  const dashdash = args.findIndex((word) => word.text === "--");
  return { argv: [program, ...(dashdash < 0 ? [] : args.slice(dashdash + 1))], fromInput: false };
}

/** Options by wrapper that change the directory the wrapped command runs in. */
const CHDIR_OPTIONS: ReadonlyMap<string, readonly string[]> = new Map([
  ["env", ["C", "chdir"]],
  ["sudo", ["D", "chdir"]],
  ["run0", ["D", "chdir"]],
  ["nsenter", ["w", "wd"]],
  ["systemd-run", ["working-directory"]],
  ["proot", ["w", "cwd", "pwd"]],
  ["daemonize", ["c"]],
  ["start-stop-daemon", ["d", "chdir"]],
]);

/**
 * The directory a wrapper moves to before running its command (`env -C /`, `sudo --chdir=/`,
 * `chroot DIR`, `daemonize` defaulting to `/`), or null when it stays where it is. A directory
 * only known at run time is returned as {@link DYNAMIC}.
 */
export function wrapperDirectory(
  name: string,
  args: readonly Word[],
  table: OptionTable,
): string | null {
  if (name === "chroot") {
    const root = readOptions(args, table).operands[0];
    return root === undefined ? null : root.dynamic ? DYNAMIC : root.text;
  }
  const names = CHDIR_OPTIONS.get(name);
  if (names === undefined) return null;
  const read = readOptions(args, name === "start-stop-daemon" ? START_STOP_OPTIONS : table);
  let dir: string | null = name === "daemonize" ? "/" : null;
  for (const option of read.options) {
    if (!names.includes(option.name) || option.value === null) continue;
    dir = option.valueWord?.dynamic ? DYNAMIC : option.value;
  }
  return dir;
}
