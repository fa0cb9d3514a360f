// The remote backends' lookup of command words in directories the session added to PATH (see
// path-commands.ts): one transport client running a small bash program on the far side, which
// lists the added directories, finds each candidate word the way bash would, and sends back
// what each file there is. Asynchronous, so the agent's event loop never waits on it.
import {
  KNOWN_PROGRAMS,
  linkedProgram,
  MAX_PATH_SCRIPT_BYTES,
  STANDARD_COMMAND_DIRS,
  type PathLookup,
  type SessionPathCommand,
  type SessionPathCommands,
} from "./path-commands.js";

const STANDARD_CASE = [...STANDARD_COMMAND_DIRS].join("|");

/**
 * The far-side program. Parameters: the session's PATH directories and the added ones, each
 * joined with `:`. Candidate names come on stdin, one a line. For each name found in an added
 * directory whose first runnable match on PATH is there, it prints a record: `script NAME
 * BYTES`, `program NAME PROGRAM`, `link NAME` or `unknown NAME`, then the file's path on a
 * line, then (script) its bytes or (link) the link's target on a line.
 */
export const REMOTE_PATH_LOOKUP: string = [
  "export LC_ALL=C",
  'IFS=: builtin read -r -a __dirs <<<"$1"',
  'IFS=: builtin read -r -a __added <<<"$2"',
  "declare -A __want __size __path",
  'while IFS= builtin read -r __n; do [ -n "$__n" ] && __want[$__n]=1; done',
  `__known='${KNOWN_PROGRAMS.join(" ")}'`,
  "__sized=",
  "__sizes() {",
  "  __sized=1",
  "  for __zk in $__known; do",
  `    for __s in ${[...STANDARD_COMMAND_DIRS].join(" ")}; do`,
  '      if [ -f "$__s/$__zk" ]; then __path[$__zk]=$__s/$__zk; break; fi',
  "    done",
  "  done",
  '  [ "${#__path[@]}" -gt 0 ] || return',
  "  while builtin read -r __zc __zf; do",
  '    for __zk in "${!__path[@]}"; do [ "${__path[$__zk]}" = "$__zf" ] && __size[$__zk]=$__zc; done',
  '  done < <(wc -c -- "${__path[@]}" 2>/dev/null)',
  "}",
  'for __d in "${__added[@]}"; do',
  '  for __f in "$__d"/*; do',
  "    __n=${__f##*/}",
  '    [ -n "${__want[$__n]+x}" ] || continue',
  '    builtin unset "__want[$__n]"',
  "    __w=",
  '    for __p in "${__dirs[@]}"; do',
  '      if [ -f "$__p/$__n" ] && [ -x "$__p/$__n" ]; then __w=$__p/$__n; break; fi',
  "    done",
  "    __in=",
  '    for __a in "${__added[@]}"; do [ "${__w%/*}" = "$__a" ] && __in=1; done',
  '    [ -n "$__in" ] || continue',
  "    __t=$__w",
  '    if [ -L "$__w" ]; then',
  '      __t=$(readlink -f -- "$__w")',
  `      case \${__t%/*} in ${STANDARD_CASE}) builtin printf 'link %s\\n%s\\n%s\\n' "$__n" "$__w" "$__t"; continue ;; esac`,
  "    fi",
  '    __c=$(wc -c <"$__t" 2>/dev/null); __c=${__c//[!0-9]/}',
  '    if [ -z "$__c" ]; then builtin printf \'unknown %s\\n%s\\n\' "$__n" "$__w"; continue; fi',
  `    if [ "$__c" -le ${MAX_PATH_SCRIPT_BYTES} ]; then`,
  "      __text=",
  '      IFS= builtin read -r -d "" __text <"$__t"',
  '      if [ "${#__text}" = "$__c" ]; then',
  '        builtin printf \'script %s %s\\n%s\\n%s\' "$__n" "$__c" "$__w" "$__text"; continue',
  "      fi",
  "    fi",
  '    [ -n "$__sized" ] || __sizes',
  "    __m=",
  '    for __k in "${!__size[@]}"; do',
  '      if [ "$__t" -ef "${__path[$__k]}" ]; then __m=$__k; break; fi',
  '      if [ "${__size[$__k]}" = "$__c" ] && cmp -s -- "$__t" "${__path[$__k]}"; then __m=$__k; break; fi',
  "    done",
  '    if [ -n "$__m" ]; then builtin printf \'program %s %s\\n%s\\n\' "$__n" "$__m" "$__w";',
  '    else builtin printf \'unknown %s\\n%s\\n\' "$__n" "$__w"; fi',
  "  done",
  "done",
].join("\n");

/** Read `REMOTE_PATH_LOOKUP`'s output. Throws on anything it does not print. */
export function parsePathLookup(output: Buffer): SessionPathCommands {
  const result: Record<string, SessionPathCommand> = {};
  let at = 0;
  const line = (): string => {
    const end = output.indexOf(0x0a, at);
    if (end < 0) throw new Error("the path lookup's output ended inside a record");
    const text = output.subarray(at, end).toString("utf8");
    at = end + 1;
    return text;
  };
  while (at < output.length) {
    const [kind, name = "", extra = ""] = line().split(" ");
    const file = line();
    if (kind === "script" && /^\d+$/.test(extra)) {
      const bytes = Number(extra);
      if (at + bytes > output.length) throw new Error("the path lookup's output was cut short");
      result[name] = {
        kind: "script",
        path: file,
        text: output.subarray(at, at + bytes).toString("utf8"),
      };
      at += bytes;
    } else if (kind === "program" && extra !== "") {
      result[name] = { kind: "program", path: file, program: extra };
    } else if (kind === "link") {
      const program = linkedProgram(name, line());
      result[name] =
        program === undefined
          ? { kind: "unknown", path: file }
          : { kind: "program", path: file, program };
    } else if (kind === "unknown") {
      result[name] = { kind: "unknown", path: file };
    } else {
      throw new Error(`unexpected path lookup record: ${kind ?? ""}`);
    }
  }
  return result;
}

/** The lookup's parameters for the far-side program. */
export function pathLookupArgs(lookup: PathLookup): string[] {
  return [lookup.dirs.join(":"), lookup.added.join(":")];
}
