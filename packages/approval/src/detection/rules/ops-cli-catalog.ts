import { rule, type RuleInfo } from "../types.js";

/** Rules for operations CLIs that change state in place (not deletes of a path). */
export const OPS_CLI_RULES: Readonly<
  Record<
    "stateChange" | "repoSettings" | "untrustedPackage" | "systemInstall" | "remoteCommand",
    RuleInfo
  >
> = {
  stateChange: rule(
    "cloud-state-change",
    "live cloud or cluster state changed in place (DNS records, audit logging or alarms stopped, services scaled to zero, locks forced)",
  ),
  repoSettings: rule(
    "repo-settings-change",
    "code-host repository exposed or protections bypassed (made public, admin merge, refs forced through the API, CI secrets or access keys changed)",
  ),
  untrustedPackage: rule(
    "package-untrusted-source",
    "package installed from a URL, a git repository, a local archive or a non-default index (its install code runs unreviewed)",
  ),
  systemInstall: rule(
    "package-system-install",
    "package installed into the system as root (sudo, --break-system-packages): its install scripts run as root",
  ),
  remoteCommand: rule(
    "cloud-remote-command",
    "command sent to cloud machines in a form that cannot be read first (a script file, a fleet document)",
  ),
} as const;
