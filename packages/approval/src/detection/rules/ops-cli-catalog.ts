import { rule, type RuleInfo } from "../types.js";

/** Rules for operations CLIs that change state in place (not deletes of a path). */
export const OPS_CLI_RULES: Readonly<
  Record<
    | "stateChange"
    | "repoSettings"
    | "untrustedPackage"
    | "systemInstall"
    | "remoteCommand"
    | "schemaRollback"
    | "sqlScript"
    | "secretRead"
    | "remoteSyncDelete"
    | "firewallOpen"
    | "containerApi"
    | "teardownTarget"
    | "privilegedRun"
    | "backupDelete"
    | "dataSent"
    | "miner"
    | "adminAccess"
    | "adminGuardOff",
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
  schemaRollback: rule(
    "db-migration-rollback",
    "database migrations rolled back or the schema dropped by a migration tool (the reverted tables' data is lost)",
  ),
  sqlScript: rule(
    "sql-script-destructive",
    "database client running a script file named for dropping, truncating, wiping or rolling back data",
  ),
  secretRead: rule(
    "cloud-secret-read",
    "secret value read from a cloud secret store, vault or password manager (credential disclosure)",
  ),
  remoteSyncDelete: rule(
    "sync-delete-remote",
    "sync that deletes files on another machine (--delete, --remove-source-files to a remote target)",
  ),
  firewallOpen: rule(
    "firewall-open",
    "firewall opened to every address (allow from any, accept-all rule or policy)",
  ),
  containerApi: rule(
    "container-api-direct",
    "container engine API called directly over its socket or TCP port (host-level control, no CLI checks)",
  ),
  teardownTarget: rule(
    "task-teardown-target",
    "build or task target named for tearing down infrastructure or dropping data (make destroy, db-drop)",
  ),
  privilegedRun: rule(
    "privileged-run",
    "command run as root through a privilege tool (run0, pkexec, doas, machinectl shell)",
  ),
  backupDelete: rule(
    "backup-delete",
    "backups or snapshots deleted or pruned (the way back after a mistake is gone)",
  ),
  adminAccess: rule(
    "admin-access-change",
    "service admin access widened (a password set, a superuser, administrator or root token made, an allow-all permission granted)",
  ),
  adminGuardOff: rule(
    "admin-guard-off",
    "service safety or security setting switched off (destructive-action guards, authentication, seals), indices closed or nodes shut down",
  ),
  miner: rule(
    "crypto-miner",
    "cryptocurrency miner started (by program, image or mining pool address): the machine's CPU or GPU spent for someone else",
  ),
  dataSent: rule(
    "data-exfiltration",
    "database dump, state file or store snapshot sent off the machine, or a file uploaded to a public drop or paste service",
  ),
} as const;
