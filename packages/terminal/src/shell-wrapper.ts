import { findExecutable } from "./executables.js";
import { TerminalError, TerminalErrorCode } from "./terminal-error.js";

/** What a command prints when the state and command block reached it cut short; nothing ran. */
export const INCOMPLETE_INPUT =
  "[The command did not reach the shell complete, so nothing ran; run it again]";

/** Variable that hands the wrapper the checked session state to restore (see shell-snapshot.ts). */
export const RESTORE_VARIABLE = "__HERMES_RESTORE";

/**
 * The bash program every local command runs in. Each command is a fresh `bash -c` that
 * restores the task's state (exported variables, functions, aliases), changes to the
 * target directory, evaluates the command, and on exit writes a new snapshot and its
 * directory for the next command. Positional parameters: state dir, run id, directory,
 * command, save flag (1/0), names of per-call variables that must not persist, snapshot
 * to restore (may be empty), or `-` when the state and the command come on stdin ahead of
 * the command's input (see {@link restoreBlock}). The state is restored from
 * {@link RESTORE_VARIABLE} when it is set (the snapshot as the session checked it and wrote it
 * again), else from the snapshot file (one the session itself wrote, local backend only). Every file is new (never truncated or renamed over), which spares ext4 the forced
 * writeback it does for replaced files.
 *
 * Once the state is restored, every command of the wrapper is a `builtin` (no function the
 * state defines runs instead; a function named `builtin` is refused by the check), and
 * aliases are turned on only in the line that evaluates the command, so none applies to the
 * wrapper's own lines.
 */
export const SHELL_WRAPPER: string = [
  "exec 2>&1",
  "__hermes_state=$1 __hermes_run=$2 __hermes_dir=$3 __hermes_cmd=$4 __hermes_save=$5 __hermes_transient=$6 __hermes_snap=$7",
  "shift 7",
  // Remote backends send the state and the command ahead of the command's input: a line
  // `<state bytes> <command bytes>`, then those bytes. Read here, in the shell that restores
  // them, they never pass through a file or an argument of any size limit.
  'if [ "$__hermes_snap" = - ]; then',
  "  IFS=' ' builtin read -r __hermes_rl __hermes_cl",
  '  case "$__hermes_rl:$__hermes_cl" in [0-9]*:[0-9]*) ;; *) __hermes_rl=x ;; esac',
  `  if [ "$__hermes_rl" = x ] || ! LC_ALL=C IFS= builtin read -r -d '' -N "$__hermes_rl" ${RESTORE_VARIABLE} || ! LC_ALL=C IFS= builtin read -r -d '' -N "$__hermes_cl" __hermes_cmd; then`,
  `    builtin printf '%s\\n' '${INCOMPLETE_INPUT}'; builtin exit 125`,
  "  fi",
  "fi",
  `if [ -n "\${${RESTORE_VARIABLE}+x}" ]; then builtin eval -- "$${RESTORE_VARIABLE}" >/dev/null 2>&1; builtin unset ${RESTORE_VARIABLE};`,
  'elif [ -n "$__hermes_snap" ] && [ -r "$__hermes_snap" ]; then builtin source "$__hermes_snap" >/dev/null 2>&1; fi',
  'builtin cd -- "$__hermes_dir" || builtin exit 126',
  'if builtin test "$__hermes_save" = 1; then',
  "  __hermes_on_exit() {",
  "    __hermes_rc=$?",
  "    builtin trap - EXIT",
  // The session's own functions only: this one is defined again by every command.
  "    builtin unset -f __hermes_on_exit",
  "    builtin umask 077",
  // Split by eval's own parsing, not by the session's IFS (an exported `IFS=_` would cut the
  // names apart and leave them in the snapshot).
  '    if builtin test -n "$__hermes_transient"; then builtin eval "builtin unset -- $__hermes_transient"; fi',
  '    { builtin export -p; builtin declare -f; builtin alias -p; } >"$__hermes_state/$__hermes_run.snap" 2>/dev/null',
  '    builtin pwd -P >"$__hermes_state/$__hermes_run.cwd" 2>/dev/null',
  '    builtin exit "$__hermes_rc"',
  "  }",
  "  builtin trap __hermes_on_exit EXIT",
  "fi",
  'builtin shopt -s expand_aliases; builtin eval "$__hermes_cmd"',
].join("\n");

/** Longest command passed as an argument; longer ones go through a file (the kernel caps one argument at 128 KiB). */
export const MAX_INLINE_COMMAND = 100_000;

/**
 * The block a remote command reads from stdin before its own input: a line with the byte
 * length of the checked state and of the command, then both. Bash cannot hold a NUL byte
 * (a count that included one would read into the command's input), so text with one is refused.
 */
export function restoreBlock(restore: string, command: string): Buffer {
  if (command.includes("\0")) {
    throw new TerminalError(
      TerminalErrorCode.SpawnFailed,
      "The command holds a NUL byte, which bash cannot run; remove it and run the command again.",
    );
  }
  if (restore.includes("\0")) throw new Error("the restored shell state holds a NUL byte");
  const state = Buffer.from(restore, "utf8");
  const text = Buffer.from(command, "utf8");
  return Buffer.concat([Buffer.from(`${state.length} ${text.length}\n`), state, text]);
}

/** The shell expression that evaluates a command stored in `file`. */
export function evalFromFile(file: string): string {
  return `builtin eval "$(<${quoteForShell(file)})"`;
}

/** Quote a string as one bash word. */
function quoteForShell(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/** Find bash: on PATH, then the usual locations. */
export function findBash(searchPath: string | undefined = process.env.PATH): string {
  return findExecutable("bash", searchPath, ["/usr/bin", "/bin", "/usr/local/bin"]) ?? "/bin/sh";
}
