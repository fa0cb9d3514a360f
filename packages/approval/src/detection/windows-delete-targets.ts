// The targets of a Windows recursive delete (`Remove-Item -Recurse -Force /etc`, `rd /s /q C:\`,
// `del /s /q %SystemRoot%`): a drive root, the Windows, program or user directories, and the
// POSIX root, system directories and home (PowerShell runs on Linux too) are the hard-line
// floor, as `rm -rf` of them is.
import { classifyDeleteTarget } from "./paths.js";
import { matchOf } from "./rule-context.js";
import { rule, type DangerousCommandMatch, type RuleInfo } from "./types.js";
import { HARD_SCOPES } from "./path-tracking.js";
import { homeFolded } from "./session-paths.js";

const DRIVE_ROOT = /^(?:[a-z]:)?[\\/]*$/i;
const WINDOWS_SYSTEM =
  /^(?:[a-z]:)?[\\/]+(?:windows|program files(?: \(x86\))?|programdata|users(?:[\\/]+[^\\/]+)?|system32)[\\/]*\*?$/i;
const SYSTEM_VARIABLE =
  /^(?:\$env:|%)(?:systemroot|windir|systemdrive|programfiles|programdata|userprofile|homedrive|allusersprofile)%?(?:[\\/]+\*?)?$/i;
const DELETE_VERB = /^(?:remove-item|ri|rm|rmdir|del|rd|erase)$/i;
// Parameters whose value is not a path.
const VALUE_PARAMETERS =
  /^-(?:include|exclude|filter|erroraction|ea|warningaction|wa|credential|stream)$/i;

/** True when a Windows delete target is a drive, system or user root, or a hard POSIX one. */
function isHardTarget(raw: string): boolean {
  const text = raw.replace(/^["']|["']$/g, "");
  if (text === "") return false;
  if (/^[a-z]:/i.test(text) && DRIVE_ROOT.test(text)) return true;
  if (WINDOWS_SYSTEM.test(text) || SYSTEM_VARIABLE.test(text)) return true;
  if (text === "~" || /^\$(?:home|env:home)[\\/]*$/i.test(text)) return true;
  if (!/^[/~]/.test(text)) return false;
  return HARD_SCOPES.has(classifyDeleteTarget(homeFolded(text), /[*?[]/.test(text)));
}

/**
 * True when a Windows delete command line (PowerShell or cmd text, verb first) names a hard
 * target among its operands or `-Path`/`-LiteralPath` values.
 */
export function windowsDeleteHitsSystem(commandText: string): boolean {
  for (const segment of commandText.split(/[;|&\n]+/)) {
    const tokens = segment.trim().match(/"[^"]*"|'[^']*'|\S+/g) ?? [];
    const verb = tokens.findIndex((token) => DELETE_VERB.test(token));
    if (verb < 0) continue;
    for (let i = verb + 1; i < tokens.length; i++) {
      const token = tokens[i] ?? "";
      if (VALUE_PARAMETERS.test(token)) {
        i++;
        continue;
      }
      if (/^-/.test(token) || /^\/[a-z]$/i.test(token)) continue;
      if (isHardTarget(token)) return true;
    }
  }
  return false;
}

/** The hard-line rule of a Windows delete of a system target. */
export const WINDOWS_DELETE_RULES: Readonly<Record<"systemDelete", RuleInfo>> = {
  systemDelete: rule(
    "windows-delete-system",
    "Windows recursive or forced delete of a drive, system or user directory, or a system path",
    true,
  ),
};

/** The hard-line match when the delete line hits a system target, else `otherwise`. */
export function windowsDeleteMatch(
  commandText: string,
  otherwise: DangerousCommandMatch,
): DangerousCommandMatch {
  return windowsDeleteHitsSystem(commandText)
    ? matchOf(WINDOWS_DELETE_RULES.systemDelete)
    : otherwise;
}
