import { SHELL_WRAPPER } from "./shell-wrapper.js";

/** Quote a string as one word for a POSIX shell. */
export function quoteForRemoteShell(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/**
 * The bash program every command of a remote backend (docker, ssh) runs in, on the far
 * side. It wraps the local backend's {@link SHELL_WRAPPER} (the same snapshot restore, cwd
 * and save logic), and adds what the far side must do itself:
 *
 * - creates the state directory when it is missing (a recreated container);
 * - removes files of the state dir the caller no longer needs (old snapshots, the cwd files
 *   it leaves after reporting them);
 * - exports the per-environment and per-call variables given as `NAME=value` arguments;
 * - expands `~` in the directory remotely; refuses a missing explicit directory before
 *   running anything (`hermes-nocwd`), moves a deleted session directory up to the nearest
 *   existing one;
 * - runs the command as a job of its own process group and reports the group id
 *   (`hermes-pid`) so a timeout or abort can kill the tree;
 * - after the command, kills what is left of its group still holding the output (as the
 *   local backend does), and reports the new session directory (`hermes-cwd`);
 * - sends the snapshot the command saved back with it (`hermes-snap <bytes>`, its bytes and
 *   `hermes-snap-end`, or `hermes-snap-same` when it is byte for byte the one the command
 *   restored), so approval of the next command knows its aliases and functions without
 *   another round trip.
 *
 * The command and the session state it restores are not parameters: they come on stdin
 * ahead of the command's own input (see `restoreBlock` in shell-wrapper.ts), read by the
 * shell that restores them. No file on the far side is ever sourced or evaluated, so a
 * process an earlier command left running there cannot change what the next command runs.
 *
 * Control lines go to file descriptor 3 (the transport's stderr); anything else on stderr
 * is the transport's own message. Positional parameters: state dir, run id, directory,
 * explicit-directory flag, save flag, transient names, the snapshot the command restores
 * (only compared with the new one, never read as code), stale snapshots, then `NAME=value`
 * assignments.
 */
export const REMOTE_WRAPPER: string = [
  "exec 3>&2 2>/dev/null",
  "__hermes_state=$1 __hermes_run=$2 __hermes_dir=$3 __hermes_explicit=$4 __hermes_save=$5 __hermes_transient=$6 __hermes_snap=$7 __hermes_stale=$8",
  "shift 8",
  '[ -d "$__hermes_state" ] || mkdir -p -m 700 "$__hermes_state"',
  'if [ -n "$__hermes_stale" ]; then (builtin cd "$__hermes_state" && rm -f -- $__hermes_stale); fi',
  'for __hermes_a in "$@"; do builtin export "$__hermes_a"; done',
  'case $__hermes_dir in "~") __hermes_dir=$HOME ;; "~/"*) __hermes_dir=$HOME/${__hermes_dir#"~/"} ;; esac',
  'if [ "$__hermes_explicit" = 1 ]; then',
  '  if [ ! -d "$__hermes_dir" ]; then builtin printf "hermes-nocwd %s\\n" "$__hermes_dir" >&3; builtin exit 126; fi',
  "else",
  '  while [ ! -d "$__hermes_dir" ]; do __hermes_dir=${__hermes_dir%/*}; [ -n "$__hermes_dir" ] || __hermes_dir=/; done',
  "fi",
  "set -m",
  `bash --noprofile --norc -c ${quoteForRemoteShell(SHELL_WRAPPER)} hermes "$__hermes_state" "$__hermes_run" "$__hermes_dir" "" "$__hermes_save" "$__hermes_transient" - 3>&- &`,
  "__hermes_pid=$!",
  'builtin printf "hermes-pid %s\\n" "$__hermes_pid" >&3',
  'wait "$__hermes_pid"; __hermes_rc=$?',
  'if kill -0 -- "-$__hermes_pid" 2>/dev/null; then',
  "  sleep 0.1",
  "  for __hermes_p in /proc/[0-9]*; do",
  '    if [ "$__hermes_p/fd/1" -ef /proc/$$/fd/1 ] || [ "$__hermes_p/fd/2" -ef /proc/$$/fd/1 ]; then',
  '      [ "$__hermes_p" = /proc/$$ ] || kill -9 "${__hermes_p#/proc/}" 2>/dev/null',
  "    fi",
  "  done",
  "fi",
  'if [ -r "$__hermes_state/$__hermes_run.cwd" ]; then',
  '  builtin read -r __hermes_cwd <"$__hermes_state/$__hermes_run.cwd"',
  '  builtin printf "hermes-cwd %s\\n" "$__hermes_cwd" >&3',
  // Byte counts and byte-exact reads: the C locale, now that the command has run.
  "  LC_ALL=C __hermes_new= __hermes_old=",
  '  IFS= builtin read -r -d "" __hermes_new <"$__hermes_state/$__hermes_run.snap"',
  '  if [ -n "$__hermes_new" ]; then',
  '    [ -z "$__hermes_snap" ] || IFS= builtin read -r -d "" __hermes_old <"$__hermes_snap"',
  '    if [ -n "$__hermes_old" ] && [ "$__hermes_new" = "$__hermes_old" ]; then',
  '      builtin printf "hermes-snap-same\\n" >&3',
  "    else",
  '      builtin printf "hermes-snap %s\\n%s\\nhermes-snap-end\\n" "${#__hermes_new}" "$__hermes_new" >&3',
  "    fi",
  "  fi",
  "fi",
  'builtin exit "$__hermes_rc"',
].join("\n");

/**
 * Kill processes of a remote environment: the given process groups, and every process whose
 * environment carries the run marker (`NAME=value` exactly, or starting with the prefix),
 * which also finds descendants that left their group. SIGTERM, a grace period, then SIGKILL.
 * Run ids have a fixed-length suffix, so a run's marker is never a prefix of another's.
 * Positional parameters: marker name, marker value or prefix, unused mode word, grace in
 * milliseconds, then process group ids.
 */
export const REMOTE_KILL: string = [
  "__m=$1 __v=$2 __how=$3 __grace=$4",
  "shift 4",
  "marked() {",
  '  grep -lzF -- "$__m=$__v" /proc/[0-9]*/environ 2>/dev/null | while IFS=/ builtin read -r _ _ __p _; do [ "$__p" = "$$" ] || echo "$__p"; done',
  "}",
  'for __g in "$@"; do kill -TERM -- "-$__g" 2>/dev/null; done',
  'for __pid in $(marked); do kill -TERM "$__pid" 2>/dev/null; done',
  "__left=1",
  "for __i in $(seq 1 $(( (__grace + 49) / 50 ))); do",
  "  __left=0",
  '  for __g in "$@"; do kill -0 -- "-$__g" 2>/dev/null && __left=1; done',
  '  [ -n "$(marked)" ] && __left=1',
  '  [ "$__left" = 0 ] && break',
  "  sleep 0.05",
  "done",
  "for __pass in 1 2 3; do",
  '  for __g in "$@"; do kill -KILL -- "-$__g" 2>/dev/null; done',
  "  __pids=$(marked)",
  '  [ -z "$__pids" ] && break',
  "  kill -KILL $__pids 2>/dev/null",
  "done",
  "exit 0",
].join("\n");

/**
 * Prepare a remote session: make the state directory and resolve the starting directory
 * (`~` expanded remotely, a missing one moved up to the nearest existing ancestor). Prints
 * the state directory, the directory, the home directory and the PATH, one per line. Parameter: the
 * wanted directory.
 */
export const REMOTE_INIT: string = [
  "__d=$1",
  'case $__d in "" | "~") __d=$HOME ;; "~/"*) __d=$HOME/${__d#"~/"} ;; esac',
  'while [ ! -d "$__d" ]; do __d=${__d%/*}; [ -n "$__d" ] || __d=/; done',
  "__s=$(mktemp -d /tmp/hermes-terminal-XXXXXXXX) || exit 1",
  'chmod 700 "$__s"',
  'builtin cd -- "$__d" || exit 1',
  'builtin printf "%s\\n%s\\n%s\\n%s\\n" "$__s" "$(pwd -P)" "$HOME" "$PATH"',
].join("\n");
