import { findExecutable } from "./executables.js";

/** Variable that hands the wrapper the checked session state to restore (see shell-snapshot.ts). */
export const RESTORE_VARIABLE = "__HERMES_RESTORE";

/**
 * The bash program every local command runs in. Each command is a fresh `bash -c` that
 * restores the task's state (exported variables, functions, aliases), changes to the
 * target directory, evaluates the command, and on exit writes a new snapshot and its
 * directory for the next command. Positional parameters: state dir, run id, directory,
 * command, save flag (1/0), names of per-call variables that must not persist, snapshot
 * to restore (may be empty). The state is restored from {@link RESTORE_VARIABLE} when it is
 * set (the snapshot as the session checked it and wrote it again), else from the snapshot
 * file. Every file is new (never truncated or renamed over), which spares ext4 the forced
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
