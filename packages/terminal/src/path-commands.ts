// Which bare command words of a command run a file from a directory the session itself put on
// its PATH (`export PATH=/tmp/x:$PATH` in one call, `ls` in the next runs /tmp/x/ls), and what
// each such file is: approval judges the word by that, not by its name. Only directories the
// session added (not in the PATH it started with, not a standard system directory) are looked
// in, so a session that never changed its PATH costs nothing.
import path from "node:path";

/**
 * What a bare command word runs from a directory the session added to PATH, as found where
 * the command runs (the same shape as `PathCommand` of @hermes-agent/approval):
 * a `script` (text, at most {@link MAX_PATH_SCRIPT_BYTES}) judged by its content, a copy or
 * link of a known `program`, an `unknown` file, or `unresolved` when the lookup failed.
 */
export type SessionPathCommand =
  | { readonly kind: "script"; readonly path: string; readonly text: string }
  | { readonly kind: "program"; readonly path: string; readonly program: string }
  | { readonly kind: "unknown"; readonly path: string }
  | { readonly kind: "unresolved"; readonly dirs: readonly string[] };

/** Command word → what it runs, for the words that resolve into a directory the session added. */
export type SessionPathCommands = Readonly<Record<string, SessionPathCommand>>;

/** What a transport is asked to look up (see `SessionTransport.lookupPathCommands`). */
export interface PathLookup {
  /** Every directory of the session's PATH, in order, absolute. */
  readonly dirs: readonly string[];
  /** The directories of {@link dirs} the session added: only files there are reported. */
  readonly added: readonly string[];
  /** Candidate command words (names without `/`). */
  readonly names: readonly string[];
}

/** Largest file read as a script; a larger one is an unknown program. */
export const MAX_PATH_SCRIPT_BYTES = 65_536;

/** Directories a system keeps its own programs in: never looked in. */
export const STANDARD_COMMAND_DIRS: ReadonlySet<string> = new Set([
  "/usr/local/sbin",
  "/usr/local/bin",
  "/usr/sbin",
  "/usr/bin",
  "/sbin",
  "/bin",
  "/usr/games",
  "/usr/local/games",
  "/snap/bin",
]);

/**
 * Programs a copy is recognised as (compared by file identity, then size and bytes): the ones
 * detection has rules for, shells and interpreters (whose `-c` text it reads).
 */
export const KNOWN_PROGRAMS: readonly string[] = [
  "rm",
  "rmdir",
  "unlink",
  "dd",
  "shred",
  "wipefs",
  "mkfs",
  "mke2fs",
  "mkfs.ext4",
  "mkswap",
  "fdisk",
  "sfdisk",
  "parted",
  "truncate",
  "chmod",
  "chown",
  "chgrp",
  "chattr",
  "mv",
  "cp",
  "ln",
  "install",
  "find",
  "xargs",
  "rsync",
  "tar",
  "kill",
  "pkill",
  "killall",
  "shutdown",
  "reboot",
  "poweroff",
  "halt",
  "systemctl",
  "mount",
  "umount",
  "sudo",
  "su",
  "doas",
  "env",
  "bash",
  "sh",
  "dash",
  "zsh",
  "ksh",
  "python3",
  "perl",
  "ruby",
  "node",
  "php",
  "curl",
  "wget",
  "nc",
  "ncat",
  "socat",
  "ssh",
  "scp",
  "git",
  "docker",
  "crontab",
  "tee",
  "sed",
  "awk",
  "gawk",
  "iptables",
  "useradd",
  "userdel",
  "usermod",
  "passwd",
];

/** Bash builtins and keywords: bash runs these itself, whatever PATH holds. */
const SHELL_OWN = new Set(
  (
    ". : [ [[ ]] { } ! alias bg bind break builtin caller case cd command compgen complete " +
    "compopt continue coproc declare dirs disown do done echo elif else enable esac eval exec " +
    "exit export false fc fg fi for function getopts hash help history if in jobs kill let " +
    "local logout mapfile popd printf pushd pwd read readarray readonly return select set " +
    "shift shopt source suspend test then time times trap true type typeset ulimit umask " +
    "unalias unset until wait while"
  ).split(" "),
);

/** Words of shell text that could name a program. */
const NAME_TOKEN = /[A-Za-z0-9_][A-Za-z0-9_.+@%-]*/g;

/**
 * The directories of `sessionPath` in order (a relative or empty entry resolved against
 * `cwd`, as bash does when it runs a command), and those the session added: not in `basePath`
 * (the PATH it started with) and not a standard system directory.
 */
export function pathDirectories(
  sessionPath: string,
  basePath: string,
  cwd: string,
): { dirs: string[]; added: string[] } {
  const resolve = (entry: string): string => path.posix.resolve(cwd, entry === "" ? "." : entry);
  const base = new Set(basePath.split(":").map(resolve));
  const dirs: string[] = [];
  for (const entry of sessionPath.split(":")) {
    const dir = resolve(entry);
    if (!dirs.includes(dir)) dirs.push(dir);
  }
  const added = dirs.filter((dir) => !base.has(dir) && !STANDARD_COMMAND_DIRS.has(dir));
  return { dirs, added };
}

/**
 * Every word in `texts` that could be a bare command word bash looks up on PATH (over-counted:
 * arguments too; detection only consults the entries of words it runs). Builtins and keywords
 * are left out: bash never looks them up.
 */
export function candidateNames(texts: readonly string[]): string[] {
  const names = new Set<string>();
  for (const text of texts)
    for (const match of text.matchAll(NAME_TOKEN))
      if (!SHELL_OWN.has(match[0])) names.add(match[0]);
  return [...names];
}

/** The program a link into a system directory runs: its target's name (a busybox applet runs as its own name). */
export function linkedProgram(name: string, target: string): string | undefined {
  if (!STANDARD_COMMAND_DIRS.has(path.posix.dirname(target))) return undefined;
  const program = path.posix.basename(target);
  return program === "busybox" ? name : program;
}

/** Every name of `lookup` as `unresolved`: what to report when the lookup itself failed. */
export function unresolvedCommands(lookup: PathLookup): SessionPathCommands {
  const entry: SessionPathCommand = { kind: "unresolved", dirs: lookup.added };
  return Object.fromEntries(lookup.names.map((name) => [name, entry]));
}
