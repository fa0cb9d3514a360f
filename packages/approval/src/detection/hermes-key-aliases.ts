// Hermes' approval keys, so that a Hermes user's `command_allowlist` and stored session
// approvals keep working here. Hermes keys an approval by the rule's description ("recursive
// delete"); its first releases keyed it by a piece of the rule's regex (`rm\s+-[^\s]*r`, `find`),
// and renamed or removed rules left aliases behind. Our rules are cut differently, so each Hermes
// key maps to the rules here that flag the same kind of command.
//
// How the table is drawn:
// - A key whose Hermes rule was on its unconditional floor, or whose commands are hard-line here
//   (fork bomb, `kill -9 -1`, writes to a block device), maps to nothing: hard-line is never
//   approvable, whatever the allowlist says. This is also enforced below, not only by the table.
// - A key maps to a rule here only when that rule does not reach much beyond the Hermes rule.
//   Where our only matching rule is far broader (`kill $(pgrep x)` lands in the rule that also
//   covers signals to PID 1), the key maps to nothing and the user is asked again.
// - Keys for kinds of command this detector does not flag at all map to nothing; there is
//   nothing to approve.
// Every key listed is recognised as a key, so it is never read as a command or a glob.

import { DETECTION_RULES } from "./rule-catalog.js";
import type { DangerousCommandMatch } from "./types.js";

const NONE: readonly string[] = [];
const RECURSIVE_DELETE = ["rm-outside-worktree", "rm-worktree"];
const ROOT_PATH_DELETE = ["rm-outside-worktree", "rm-system-file"];
const WORLD_WRITABLE = ["chmod-world-writable"];
const CHOWN_ROOT = ["chown-recursive-root"];
const SERVICE_STOP = ["service-stop"];
const BROAD_KILL = ["kill-broad"];
const REMOTE_TO_SHELL = ["pipe-remote-to-shell"];
const DECODE_TO_SHELL = ["decode-and-execute"];
const SENSITIVE_WRITE = ["write-system-config", "write-credentials"];
const CONTAINER_REMOTE = ["container-remote-daemon"];
const PROJECT_CONFIG = ["write-project-config"];
const FIND_DELETE = ["find-delete"];
const IN_PLACE = ["in-place-edit-sensitive"];
const WINDOWS_DELETE = ["windows-delete"];
const WINDOWS_SYSTEM = ["windows-system"];
const POWERSHELL_EXEC = ["powershell-encoded"];
const GATEWAY = ["hermes-gateway-stop"];
const FORCE_PUSH = ["git-force-push"];
const BRANCH_DELETE = ["git-branch-force-delete"];
const SUDO_FLAGS = ["sudo-stdin-password"];
// A Hermes user who approved "python -c" approved one-liners in general; the one-liners that
// open a reverse shell or run decoded/downloaded code are a different kind and are asked about.
const INTERPRETER_ONE_LINER = [
  "interpreter-dynamic-shell",
  "interpreter-delete",
  "interpreter-kill",
];
const SHELL_DASH_C = ["dynamic-shell-payload"];

const r = String.raw;

/**
 * Hermes approval keys — rule descriptions (current and v1), the regex-derived keys of its early
 * releases, and the aliases it keeps for renamed or removed rules — mapped to the rule keys of
 * {@link DETECTION_RULES} they approve. An empty list: recognised, approves nothing (hard-line
 * here, or not flagged here). No entry ever maps to a hard-line rule.
 */
export const HERMES_KEY_ALIASES: Readonly<Record<string, readonly string[]>> = Object.freeze({
  // Hermes' hard-line floor (§2.2): never approvable there, never approvable here.
  "recursive delete of root filesystem": NONE,
  "recursive delete of system directory": NONE,
  "recursive delete of home directory": NONE,
  "format filesystem (mkfs)": NONE,
  "wipe raw block device": NONE,
  "dd to raw block device": NONE,
  "redirect to raw block device": NONE,
  "fork bomb": NONE,
  "kill all processes": NONE,
  "system shutdown/reboot": NONE,
  "init 0/6 (shutdown/reboot)": NONE,
  "systemctl poweroff/reboot": NONE,
  "telinit 0/6 (shutdown/reboot)": NONE,
  "sudo password guessing via stdin (sudo -S)": NONE,
  "command parser limit exceeded": NONE,
  "command parser limit or malformed executable payload": NONE,
  "raw block device wipe (shred/wipefs/blkdiscard/sgdisk)": NONE,
  "write to block device": NONE,

  // Deletes.
  "delete in root path": ROOT_PATH_DELETE,
  "recursive delete": RECURSIVE_DELETE,
  "recursive delete (long flag)": RECURSIVE_DELETE,
  "recursive delete (flags after operands)": RECURSIVE_DELETE,
  "xargs with rm": ["xargs-rm"],
  "find -exec rm": FIND_DELETE,
  "find -exec/-execdir rm": FIND_DELETE,
  "find -delete": FIND_DELETE,
  "find dynamic shell word may expand to destructive flag": FIND_DELETE,

  // Windows.
  "Windows cmd destructive delete": WINDOWS_DELETE,
  "Windows PowerShell destructive delete": WINDOWS_DELETE,
  "PowerShell destructive delete (Remove-Item)": WINDOWS_DELETE,
  "Windows destructive delete (recursive/quiet switch)": WINDOWS_DELETE,
  "PowerShell encoded command execution": POWERSHELL_EXEC,
  "pipe remote content to PowerShell (iwr | iex)": POWERSHELL_EXEC,
  "execute remote content via Invoke-Expression": POWERSHELL_EXEC,
  "force kill processes (taskkill /F)": WINDOWS_SYSTEM,
  "force kill processes (Stop-Process -Force)": WINDOWS_SYSTEM,
  "format filesystem (Format-Volume)": WINDOWS_SYSTEM,
  "wipe disk (Clear-Disk)": WINDOWS_SYSTEM,
  "disk partitioning (diskpart)": WINDOWS_SYSTEM,
  "format drive (format.com)": WINDOWS_SYSTEM,
  "wipe free space (cipher /w)": WINDOWS_SYSTEM,
  "grant Everyone access (icacls)": WINDOWS_SYSTEM,
  "reset ACLs recursively (icacls /reset)": WINDOWS_SYSTEM,
  "delete volume shadow copies (vssadmin)": WINDOWS_SYSTEM,
  "delete backups (wbadmin)": WINDOWS_SYSTEM,
  "modify boot configuration (bcdedit /set)": WINDOWS_SYSTEM,
  "registry delete (reg delete)": WINDOWS_SYSTEM,
  "registry value delete (Remove-ItemProperty -Force)": WINDOWS_SYSTEM,
  "force stop service (Stop-Service -Force)": WINDOWS_SYSTEM,
  "stop/delete service (sc)": SERVICE_STOP,
  "access to SSH keys (Windows path)": ["credential-read"],
  "access to Hermes secrets (Windows path)": ["credential-read"],

  // Permissions, disks, services, processes.
  "world/other-writable permissions": WORLD_WRITABLE,
  "recursive world/other-writable (long flag)": WORLD_WRITABLE,
  "world-writable permissions": WORLD_WRITABLE,
  "recursive world-writable (long flag)": WORLD_WRITABLE,
  "recursive chown to root": CHOWN_ROOT,
  "recursive chown to root (long flag)": CHOWN_ROOT,
  "format filesystem": ["format-image"],
  "disk copy": ["raw-disk-read"],
  "stop/restart system service": SERVICE_STOP,
  "stop/disable system service": SERVICE_STOP,
  "force kill processes": BROAD_KILL,
  "force kill processes (killall -KILL)": BROAD_KILL,
  "force kill processes (killall -s KILL)": BROAD_KILL,
  "kill processes by regex (killall -r)": BROAD_KILL,
  "kill hermes/gateway process (self-termination)": NONE,
  "kill process via pgrep/pidof expansion (self-termination)": NONE,
  "kill process via backtick pgrep/pidof expansion (self-termination)": NONE,
  "package manager uninstall": ["package-uninstall"],
  "sudo with privilege flag (stdin/askpass/shell/list)": SUDO_FLAGS,
  "sudo with combined-flag privilege escalation": SUDO_FLAGS,
  "cloud metadata endpoint access (instance credentials)": ["cloud-metadata"],

  // SQL.
  "SQL DROP": ["sql-drop"],
  "SQL DELETE without WHERE": ["sql-delete-without-where"],
  "SQL TRUNCATE": ["sql-truncate"],

  // Writes to sensitive files.
  "overwrite system config": ["write-system-config"],
  "overwrite system file via tee": SENSITIVE_WRITE,
  "overwrite system file via redirection": SENSITIVE_WRITE,
  "copy/move file into system config path": ["write-system-config"],
  "copy/move file into sensitive credential/SSH/shell-rc path": ["write-credentials"],
  "overwrite project env/config via tee": PROJECT_CONFIG,
  "overwrite project env/config via redirection": PROJECT_CONFIG,
  "overwrite project env/config file": PROJECT_CONFIG,
  "in-place edit of sensitive credential/SSH/shell-rc path": IN_PLACE,
  "in-place edit of sensitive credential/SSH/shell-rc path (long flag)": IN_PLACE,
  "in-place edit of sensitive credential/SSH/shell-rc path (perl/ruby)": IN_PLACE,
  "in-place edit of system config": IN_PLACE,
  "in-place edit of system config (long flag)": IN_PLACE,
  "in-place edit of Hermes config/env": IN_PLACE,
  "in-place edit of Hermes config/env (long flag)": IN_PLACE,
  "in-place edit of Hermes config/env (perl/ruby)": IN_PLACE,

  // Running code.
  "pipe remote content to shell": REMOTE_TO_SHELL,
  "execute remote script via process substitution": [
    "exec-process-substitution",
    "pipe-remote-to-shell",
  ],
  "execute remote content via command substitution": REMOTE_TO_SHELL,
  "pipe decoded content to shell (possible command obfuscation)": DECODE_TO_SHELL,
  "pipe xxd-decoded content to shell (possible command obfuscation)": DECODE_TO_SHELL,
  "pipe tr-transformed output to shell (possible command obfuscation)": DECODE_TO_SHELL,
  "pipe openssl-decoded content to shell (possible command obfuscation)": DECODE_TO_SHELL,
  "script execution via -e/-c flag": INTERPRETER_ONE_LINER,
  "script execution via heredoc": INTERPRETER_ONE_LINER,
  "shell command via -c flag": SHELL_DASH_C,
  "shell command via -c/-lc flag": SHELL_DASH_C,
  // Here-documents and -c payloads of shells are analysed; what is in them is what is flagged.
  "shell execution via heredoc": NONE,
  "chmod +x followed by immediate execution": NONE,
  "dynamic shell word may expand to arbitrary program execution flag": NONE,
  "arbitrary program execution via sort --compress-program": NONE,
  "arbitrary program execution via rg --pre": NONE,
  "arbitrary program execution via rg --hostname-bin": NONE,
  "arbitrary program execution via ag --pager": NONE,
  "arbitrary program execution via man --pager": NONE,
  "arbitrary program execution via man --html": NONE,
  "arbitrary program execution via man -P": NONE,
  "arbitrary program execution via man -H": NONE,

  // Git.
  "git reset --hard (destroys uncommitted changes)": ["git-reset-hard"],
  "git force push (rewrites remote history)": FORCE_PUSH,
  "git force push short flag (rewrites remote history)": FORCE_PUSH,
  "git clean with force (deletes untracked files)": ["git-clean-force"],
  "git branch force delete": BRANCH_DELETE,
  "git branch force delete (long flags)": BRANCH_DELETE,
  "git branch force delete (long flags, force-first)": BRANCH_DELETE,

  // Hermes itself, containers.
  "stop/restart hermes gateway (kills running agents)": GATEWAY,
  "hermes update (restarts gateway, kills running agents)": GATEWAY,
  "stop/restart hermes launchd service (kills running agents)": GATEWAY,
  "stop/restart hermes gateway via shell-spliced verb (kills running agents)": GATEWAY,
  "start gateway outside systemd (use 'systemctl --user restart hermes-gateway')": NONE,
  "docker with remote daemon redirect (-H/--host)": CONTAINER_REMOTE,
  "docker with daemon redirect (--context: alternate daemon)": CONTAINER_REMOTE,
  "docker context use (switches default daemon for future commands)": ["container-context-switch"],
  "podman with remote daemon redirect (--url/--connection/--identity)": CONTAINER_REMOTE,
  "podman remote mode (-r/--remote: remote daemon)": CONTAINER_REMOTE,
  "docker/podman daemon redirect via environment (DOCKER_HOST/CONTAINER_HOST)": CONTAINER_REMOTE,
  "docker compose restart/stop/kill/down (container lifecycle)": NONE,
  "docker restart/stop/kill (container lifecycle)": NONE,

  // Regex-derived keys of Hermes' early releases (the text after the rule's first `\b`, up to
  // the next one), and the aliases it keeps for removed rules.
  [r`rm\s+(-[^\s]*\s+)*/`]: ROOT_PATH_DELETE,
  [r`rm\s+-[^\s]*r`]: RECURSIVE_DELETE,
  [r`rm\s+--recursive`]: RECURSIVE_DELETE,
  [r`chmod\s+(-[^\s]*\s+)*777`]: WORLD_WRITABLE,
  [r`chmod\s+(-[^\s]*\s+)*(777|666|o\+[rwx]*w|a\+[rwx]*w)`]: WORLD_WRITABLE,
  [r`chmod\s+--recursive`]: WORLD_WRITABLE,
  [r`chown\s+(-[^\s]*)?R\s+root`]: CHOWN_ROOT,
  [r`chown\s+--recursive`]: CHOWN_ROOT,
  [r`chown\s+--recur[a-z]*`]: CHOWN_ROOT,
  mkfs: ["format-image"],
  [r`dd\s+.*if=`]: ["raw-disk-read"],
  [r`>\s*/dev/sd`]: NONE,
  [r`DROP\s+(TABLE|DATABASE)`]: ["sql-drop"],
  [r`DELETE\s+FROM`]: ["sql-delete-without-where"],
  [r`TRUNCATE\s+(TABLE)?\s*\w`]: ["sql-truncate"],
  [r`>\s*/etc/`]: ["write-system-config"],
  [r`systemctl\s+(stop|disable|mask)`]: SERVICE_STOP,
  [r`systemctl\s+(-[^\s]+\s+)*(stop|restart|disable|mask)`]: SERVICE_STOP,
  [r`kill\s+-9\s+-1`]: NONE,
  [r`pkill\s+-9`]: BROAD_KILL,
  [r`killall\s+(-[^\s]*\s+)*-(9|KILL|SIGKILL)`]: BROAD_KILL,
  [r`killall\s+(-[^\s]*\s+)*-s\s+(KILL|SIGKILL|9)`]: BROAD_KILL,
  [r`killall\s+(-[^\s]*\s+)*-r`]: BROAD_KILL,
  [r`:()\s*{\s*:\s*\|\s*:`]: NONE,
  // The first 20 characters of the current fork-bomb regex (it has no `\b`).
  [":\\(\\)\\s*\\{\\s*:\\s*\\|\\"]: NONE,
  [r`(bash|sh|zsh)\s+-c\s+`]: SHELL_DASH_C,
  [r`(bash|sh|zsh|ksh)\s+-[^\s]*c(\s+|$)`]: SHELL_DASH_C,
  [r`(python[23]?|perl|ruby|node)\s+-[ec]\s+`]: INTERPRETER_ONE_LINER,
  [r`(python[23]?|perl|ruby|node)\s+<<`]: INTERPRETER_ONE_LINER,
  [r`(curl|wget)`]: REMOTE_TO_SHELL,
  [r`(bash|sh|zsh|ksh)\s+<\s*<?\s*\(\s*(curl|wget)`]: [
    "exec-process-substitution",
    "pipe-remote-to-shell",
  ],
  [r`xargs\s+.*`]: ["xargs-rm"],
  find: FIND_DELETE,
  tee: SENSITIVE_WRITE,
  sudo: SUDO_FLAGS,
  [r`hermes\s+update`]: GATEWAY,
  [r`git\s+reset\s+--h(?:a(?:r(?:d)?)?)?`]: ["git-reset-hard"],
  [r`git\s+push`]: FORCE_PUSH,
  [r`git\s+clean\s+-[^\s]*f`]: ["git-clean-force"],
  [r`git\s+branch\s+(?-i:-D)`]: BRANCH_DELETE,
  [r`git\s+branch\s+-D`]: BRANCH_DELETE,
  [r`git\s+branch`]: BRANCH_DELETE,
});

const RULES_BY_KEY: ReadonlyMap<string, { description: string; hardline: boolean }> = new Map(
  DETECTION_RULES.map((info) => [info.key, info]),
);

// Our rule key -> the Hermes keys that approve it. Hard-line and unknown targets are dropped
// here, so a mistake in the table can never make a hard-line rule approvable.
const HERMES_KEYS_BY_RULE: ReadonlyMap<string, readonly string[]> = (() => {
  const byRule = new Map<string, string[]>();
  for (const [hermesKey, ruleKeys] of Object.entries(HERMES_KEY_ALIASES)) {
    for (const ruleKey of ruleKeys) {
      const info = RULES_BY_KEY.get(ruleKey);
      if (info === undefined || info.hardline) continue;
      let keys = byRule.get(ruleKey);
      if (keys === undefined) byRule.set(ruleKey, (keys = []));
      keys.push(hermesKey);
    }
  }
  return byRule;
})();

// Matches that say "this could not be analysed", not "this is a kind of command": what they hide
// may be hard-line, so each such command needs its own approval, never a remembered one.
const ONCE_ONLY_KEYS: ReadonlySet<string> = new Set([
  "command-too-large",
  "analysis-failed",
  "nesting-too-deep",
  "unanalysable-command",
]);

/**
 * True for the matches that mean the command could not be analysed (too large, nested too
 * deeply, analyser failure). No bypass, allowlist or remembered approval covers them; only a
 * human approving that one command does.
 */
export function isOnceOnlyKey(patternKey: string): boolean {
  return ONCE_ONLY_KEYS.has(patternKey);
}

const KNOWN_KEYS: ReadonlySet<string> = new Set([
  ...ONCE_ONLY_KEYS,
  ...Object.keys(HERMES_KEY_ALIASES),
  ...DETECTION_RULES.flatMap((info) => [info.key, info.description]),
]);

/**
 * Every key whose approval (session or `command_allowlist`) approves this match: the rule key,
 * its description and the Hermes keys that map to it. A hard-line match gets its own key only,
 * an unanalysable one ({@link isOnceOnlyKey}) none.
 */
export function approvalKeysFor(
  match: Pick<DangerousCommandMatch, "patternKey" | "description" | "hardline">,
): readonly string[] {
  if (isOnceOnlyKey(match.patternKey)) return [];
  const info = RULES_BY_KEY.get(match.patternKey);
  if (match.hardline || info?.hardline === true) return [match.patternKey];
  const keys = new Set([match.patternKey, match.description]);
  if (info !== undefined) keys.add(info.description);
  for (const key of HERMES_KEYS_BY_RULE.get(match.patternKey) ?? []) keys.add(key);
  return [...keys];
}

/** True when `entry` is a rule key or description here, or a Hermes key listed above. */
export function isApprovalKey(entry: string): boolean {
  return KNOWN_KEYS.has(entry.trim());
}
