// Targets only known at run time that may be the root or a system directory. A value read from
// input, a substitution, `set --`, a nameref or `$OLDPWD` is not modelled value by value;
// instead, a run-time target is judged by where the line could get such a value from: a line
// that names the root, a system directory or the home anywhere (`$(dirname /etc)`, `read d
// <<< /etc`, `find / | xargs`, `x=/etc` behind `declare -n`), refers to the working directory's
// variables (`${PWD%/*}`, `$OLDPWD`), or makes a nameref may hand the delete any of them.
import { DYNAMIC, type Word } from "@hermes-agent/shell";
import type { SessionState } from "./command-context.js";
import { classifyDeleteTarget } from "./paths.js";
import { HARD_SCOPES } from "./path-tracking.js";

const TOKEN_SEPARATORS = /[\s;&|()<>"'`=,:{}]+/;
const WORKING_DIRECTORY_VARIABLE = /PWD|DIRSTACK/;
const NAMEREF = /\b(?:declare|local|typeset)\s+(?:-\w+\s+)*-\w*n/;

/** True when the line names the root, a system directory or the home, or can reach them. */
export function lineNamesSystemPath(state: SessionState): boolean {
  const work = state.work;
  if (work.namesSystemPath !== undefined) return work.namesSystemPath;
  const text = work.lineText;
  let found = WORKING_DIRECTORY_VARIABLE.test(text) || NAMEREF.test(text);
  if (!found)
    for (const token of text.split(TOKEN_SEPARATORS)) {
      if (!/^[/~]/.test(token)) continue;
      if (HARD_SCOPES.has(classifyDeleteTarget(token.replace(/\$.*$/, ""), true))) {
        found = true;
        break;
      }
    }
  work.namesSystemPath = found;
  return found;
}

/**
 * True when a delete target is only known at run time (wholly, or relative to a directory
 * only known at run time) and may be the root or a system directory.
 */
export function mayBeSystemAtRunTime(state: SessionState | null, word: Word): boolean {
  if (state === null) return false;
  if (state.unsafeCwd && !/^[/~]/.test(word.text)) return true;
  return word.text.startsWith(DYNAMIC) && lineNamesSystemPath(state);
}
