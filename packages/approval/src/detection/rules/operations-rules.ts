// Destructive or security-weakening operations that are not deletes of a path: syncs that
// delete, configuration that runs or fetches code, permission changes on system binaries and
// keys, tunnels exposing the machine, unbounded resource use, history tampering, remote
// deletes through CLIs and HTTP, and package removals that break the system.
import {
  canonicalLongOption,
  isSimple,
  readOptions,
  type OptionTable,
  type ResolvedCommand,
  type Stage,
} from "@hermes-agent/shell";
import { matchOf, type CommandRule, type RuleContext } from "../rule-context.js";
import { deleteScopeOf, writeKindOf } from "../session-paths.js";
import { isSendableSecretPath } from "../secret-paths.js";
import { rule, type DangerousCommandMatch, type RuleInfo } from "../types.js";
import { OPS_CLI_RULES } from "./ops-cli-catalog.js";
import { DELETE_RULES } from "./delete-rules.js";
import { EXEC_RULES, stageName } from "./exec-rules.js";
import { COMMAND_SETTING, GIT_RULES } from "./git-rules.js";
import { everydayCommandSetting } from "./git-config-values.js";
import { PROCESS_RULES } from "./process-rules.js";
import { SQL_RULES } from "./sql-rules.js";
import { SYSTEM_RULES } from "./system-rules.js";

type Match = DangerousCommandMatch | null;

/** Rules for operations without a delete target. */
export const OPERATION_RULES: Readonly<
  Record<"configTamper" | "permissions" | "tunnel" | "exhaustion" | "httpDelete", RuleInfo>
> = {
  configTamper: rule(
    "config-code-source",
    "configuration changed so that a tool runs a command or fetches packages from another source",
  ),
  permissions: rule(
    "permission-weakening",
    "permissions changed on a system binary or directory, or a credential made readable",
  ),
  tunnel: rule(
    "network-tunnel",
    "tunnel or listener exposing this machine's shell or ports to the network",
  ),
  exhaustion: rule(
    "resource-exhaustion",
    "unbounded process or disk use (fills the disk or spawns without limit)",
  ),
  httpDelete: rule("http-delete", "HTTP DELETE request against a remote service"),
} as const;

const RSYNC_OPTIONS: OptionTable = {
  shortWithValue: "eBTfM",
  longWithValue: [
    "rsh",
    "rsync-path",
    "exclude",
    "include",
    "filter",
    "files-from",
    "exclude-from",
    "include-from",
    "backup-dir",
    "suffix",
    "temp-dir",
    "compare-dest",
    "copy-dest",
    "link-dest",
    "log-file",
    "password-file",
    "chmod",
    "chown",
    "timeout",
    "port",
    "bwlimit",
    "max-size",
    "min-size",
    "partial-dir",
    "out-format",
    "max-delete",
    "block-size",
    "info",
    "debug",
    "usermap",
    "groupmap",
    "iconv",
    "sockopts",
    "outbuf",
    "remote-option",
    "checksum-choice",
    "compress-choice",
    "compress-level",
    "modify-window",
    "write-batch",
    "only-write-batch",
    "read-batch",
    "protocol",
    "contimeout",
    "address",
    "stop-after",
    "stop-at",
    "skip-compress",
  ],
  long: [
    "delete",
    "delete-before",
    "delete-during",
    "delete-delay",
    "delete-after",
    "delete-excluded",
    "delete-missing-args",
    "del",
    "delay-updates",
    "archive",
    "recursive",
    "verbose",
    "quiet",
    "dry-run",
    "update",
    "inplace",
    "append",
    "checksum",
    "compress",
    "progress",
    "partial",
    "remove-source-files",
    "force",
    "ignore-errors",
    "links",
    "perms",
    "times",
    "group",
    "owner",
    "devices",
    "specials",
    "hard-links",
    "acls",
    "xattrs",
    "existing",
    "ignore-existing",
    "sparse",
    "human-readable",
    "stats",
    "itemize-changes",
    "list-only",
    "mkpath",
    "relative",
    "backup",
  ],
};

// `host:path`, `user@host:path`, `host::module`, `rsync://host/module`: another machine.
const RSYNC_REMOTE = /^(?:rsync:\/\/|[^/~]*:)/;

/** Where rsync deletes: the destination (`--delete*`) or the sources (`--remove-source-files`). */
function rsyncDeleteScope(location: string, glob: boolean): Match {
  if (RSYNC_REMOTE.test(location)) return matchOf(OPS_CLI_RULES.remoteSyncDelete);
  const scope = deleteScopeOf(location, glob);
  if (scope === "root") return matchOf(DELETE_RULES.root);
  if (scope === "home-root") return matchOf(DELETE_RULES.home);
  return scope === "inside" || scope === "tree-root" ? null : matchOf(DELETE_RULES.outside);
}

function rsyncDelete(cmd: ResolvedCommand): Match {
  const read = readOptions(cmd.args, RSYNC_OPTIONS);
  const deletes = read.options.some((o) => /^del(?:ete.*)?$/.test(o.name));
  const removesSources = read.options.some((o) => o.name === "remove-source-files");
  if (!deletes && !removesSources) return null;
  if (read.options.some((o) => o.name === "n" || o.name === "dry-run" || o.name === "list-only"))
    return null;
  const dest = read.operands[read.operands.length - 1];
  if (dest === undefined || read.operands.length < 2) return null;
  const sources = read.operands.slice(0, -1);
  let found = deletes ? rsyncDeleteScope(dest.text, dest.glob) : null;
  if (removesSources)
    for (const source of sources) found ??= rsyncDeleteScope(source.text, source.glob);
  return found;
}

const GIT_COMMAND_KEYS =
  /^(?:core\.(?:pager|sshcommand|editor|fsmonitor|hookspath|askpass|gitproxy)|alias\..+|sequence\.editor|diff\.external|diff\..+\.(?:textconv|command)|merge\..+\.driver|filter\..+\.(?:clean|smudge|process)|credential\.helper|gpg\.program|gpg\.\w+\.program|uploadpack\.packobjectshook|pager\..+|url\..+\.insteadof|remote\..+\.(?:uploadpack|receivepack|proxy)|http\.proxy|include\.path|includeif\..+\.path|init\.templatedir)$/i;

function gitConfig(cmd: ResolvedCommand, ctx: RuleContext): Match {
  const global = readOptions(cmd.args, {
    posix: true,
    shortWithValue: "Cc",
    longWithValue: ["git-dir", "work-tree", "namespace", "exec-path", "config-env"],
  });
  if (global.operands[0]?.text !== "config") return null;
  const read = readOptions(global.operands.slice(1), {
    shortWithValue: "f",
    longWithValue: ["file", "blob", "type", "default", "comment"],
  });
  const words = read.operands.filter((word) => !/^(?:set|add)$/.test(word.text));
  const key = words[0]?.text ?? "";
  const value = words[1];
  if (!(GIT_COMMAND_KEYS.test(key) || COMMAND_SETTING.test(key)) || value === undefined)
    return null;
  if (/^alias\./i.test(key) && !value.text.startsWith("!")) return null;
  if (!value.dynamic && everydayCommandSetting(key, value.text)) return null;
  const inner = value.dynamic ? null : ctx.analyseText(value.text.replace(/^!/, ""));
  return inner?.hardline ? inner : (inner ?? matchOf(GIT_RULES.configCommand));
}

const SYSTEM_BINARY =
  /^\/(?:s?bin|usr\/(?:local\/)?s?bin|usr\/lib(?:exec)?|lib(?:64)?|etc|boot)(?:\/|$)/;

function chmodMatch(cmd: ResolvedCommand): Match {
  // A mode may start with `-` (`chmod -x FILE`): it is the first word that is not an option.
  const words = cmd.args.filter(
    (word) => !/^-(?:[RvcfH]+|-[a-z-]+(?:=.*)?)$/.test(word.text) || /^-[rwxXst]+$/.test(word.text),
  );
  const mode = words[0]?.text ?? "";
  const targets = words.slice(1);
  // A credential made readable to others (`chmod 644 ~/.ssh/id_rsa`, `chmod o+r`).
  const readable =
    /^[0-7]?[0-7][4-7][0-7]$|^[0-7]?[0-7][0-7][4-7]$|[ago]*[og][ago]*[+=][rwx]*r|^a?[+=][rwx]*r/.test(
      mode,
    );
  if (
    readable &&
    targets.some((word) => isSendableSecretPath(word.text) && !/\.pub$/.test(word.text))
  )
    return matchOf(OPERATION_RULES.permissions);
  if (targets.some((word) => SYSTEM_BINARY.test(word.text) || writeKindOf(word.text) === "system"))
    return matchOf(OPERATION_RULES.permissions);
  return null;
}

function tunnelMatch(cmd: ResolvedCommand): Match {
  const texts = cmd.args.map((word) => word.text);
  switch (cmd.name) {
    case "ssh":
    case "autossh":
      return texts.some((text) => /^-\w*R/.test(text) || text.startsWith("-oRemoteForward"))
        ? matchOf(OPERATION_RULES.tunnel)
        : null;
    case "ngrok":
      return /^(?:tcp|tls)$/.test(texts[0] ?? "") ||
        texts.some((t) => /^(?:22|23|3389|5900)$/.test(t))
        ? matchOf(OPERATION_RULES.tunnel)
        : null;
    case "cloudflared":
    case "bore":
    case "frpc":
    case "chisel":
    case "pagekite":
      return texts.some((t) => /(?:^|[:/])(?:22|23|3389|5900)$|^(?:tcp|ssh):\/\/|^R:/.test(t))
        ? matchOf(OPERATION_RULES.tunnel)
        : null;
    case "zmodload":
      return texts.some((t) => /^zsh\/net\//.test(t)) ? matchOf(EXEC_RULES.reverseShell) : null;
    default:
      return null;
  }
}

const TOUCH_OPTIONS: OptionTable = { shortWithValue: "rdt", longWithValue: ["reference", "date"] };

const UNBOUNDED_SOURCE = /^\/dev\/(?:zero|u?random)$/;

/** An endless producer: `yes`, `cat /dev/zero`, `dd if=/dev/zero` without a count. */
export function unbounded(stage: Stage): boolean {
  if (!isSimple(stage)) return false;
  const name = stageName(stage);
  const texts = stage.words.slice(1).map((word) => word.text);
  if (name === "yes") return true;
  if (/^(?:cat|pv|tee)$/.test(name))
    return (
      texts.some((t) => UNBOUNDED_SOURCE.test(t)) ||
      stage.redirects.some((r) => r.op === "<" && UNBOUNDED_SOURCE.test(r.target?.text ?? ""))
    );
  if (name === "dd")
    return (
      texts.some((t) => /^if=\/dev\/(?:zero|u?random)$/.test(t)) &&
      !texts.some((t) => /^count=/.test(t))
    );
  return false;
}

/** An unbounded producer (`yes`, `cat /dev/zero`, `dd` without count) writing to a file. */
function unboundedWrite(cmd: ResolvedCommand): boolean {
  const source = cmd.source;
  const writes = source.redirects.some(
    (r) =>
      /^>|^&>/.test(r.op) &&
      r.target !== null &&
      !/^\/dev\/(?:null|stdout|stderr)$/.test(r.target.text) &&
      !/^\d$/.test(r.target.text),
  );
  return writes && source.upstream.length === 0 && unbounded(source);
}

function exhaustionMatch(cmd: ResolvedCommand): Match {
  const read = readOptions(cmd.args, {
    posix: true,
    shortWithValue: "IdELnPsaj",
    longWithValue: ["max-procs", "jobs", "max-args", "arg-file", "delimiter", "replace"],
  });
  return read.options.some(
    (o) => /^(?:P|j|max-procs|jobs)$/.test(o.name) && /^0+$/.test(o.value ?? ""),
  )
    ? matchOf(OPERATION_RULES.exhaustion)
    : null;
}

/** `ps aux | awk '{print $2}' | xargs kill -9`: every process listed, none filtered. */
function killEveryListed(cmd: ResolvedCommand): Match {
  if (!cmd.argsFromInput) return null;
  const stages = cmd.source.upstream.filter(isSimple);
  const names = stages.map(stageName);
  if (!names.includes("ps")) return null;
  const filtered = stages.some((stage) => {
    const name = stageName(stage);
    const program = stage.words
      .slice(1)
      .map((word) => word.text)
      .join(" ");
    return (
      /^(?:grep|egrep|rg|pgrep|head|tail|sed)$/.test(name) ||
      (/awk$/.test(name) && /\/[^/]+\/|~|==|!=|NR\s*[<>]/.test(program))
    );
  });
  return filtered ? null : matchOf(PROCESS_RULES.killAll);
}

const CRITICAL_PACKAGES =
  /^(?:glibc|libc6|libc-bin|systemd|systemd-sysv|openssh-server|openssh|sudo|coreutils|bash|dash|util-linux|linux-image.*|linux|kernel|grub.*|apt|dpkg|pacman|rpm|yum|dnf|libssl\d*|openssl|ca-certificates|base-files|login|passwd|init|python3?)$/;

function packageRemoval(cmd: ResolvedCommand): Match {
  const texts = cmd.args.map((word) => word.text);
  const operands = texts.filter((text) => !text.startsWith("-"));
  if (cmd.name === "pacman" && texts.some((t) => /^-R|^--remove$/.test(t)))
    return matchOf(SYSTEM_RULES.packages);
  if (
    (cmd.name === "dpkg" || cmd.name === "rpm") &&
    texts.some((t) => /^(?:-[rPe]\w*|--(?:remove|purge|erase)|-\w*[rPe])$/.test(t))
  )
    return matchOf(SYSTEM_RULES.packages);
  if (
    /^(?:apt|apt-get|aptitude|yum|dnf|zypper|apk|pacman|brew|snap|port|emerge|xbps-remove|nix-env)$/.test(
      cmd.name,
    ) &&
    texts.some((t) => /force|--nodeps|-Rdd/.test(t)) &&
    operands.some((t) => CRITICAL_PACKAGES.test(t))
  )
    return matchOf(SYSTEM_RULES.packages);
  return null;
}

const HISTORY_VARIABLES =
  /^(?:HISTFILE|HISTSIZE|HISTFILESIZE|HISTCONTROL|HISTIGNORE|SAVEHIST|HISTORY)$/;

function historyTamper(cmd: ResolvedCommand): Match {
  const texts = cmd.args.map((word) => word.text);
  switch (cmd.name) {
    case "unset":
      return texts.some((t) => HISTORY_VARIABLES.test(t)) ? matchOf(SYSTEM_RULES.history) : null;
    case "export":
    case "declare":
    case "typeset":
    case "readonly":
      return texts.some((t) =>
        /^(?:HISTFILE=(?:\/dev\/null)?$|HISTSIZE=0*$|HISTFILESIZE=0*$|SAVEHIST=0*$|HISTIGNORE=\*$)/.test(
          t,
        ),
      )
        ? matchOf(SYSTEM_RULES.history)
        : null;
    case "set":
      return texts.some((t, i) => (t === "+o" && texts[i + 1] === "history") || /^\+\w*H/.test(t))
        ? matchOf(SYSTEM_RULES.history)
        : null;
    case "shopt":
      return null;
    case "journalctl":
      return texts.some((t) => /^--(?:vacuum-(?:time|size|files)|rotate|flush)\b/.test(t))
        ? matchOf(SYSTEM_RULES.history)
        : null;
    case "touch": {
      const read = readOptions(cmd.args, TOUCH_OPTIONS);
      const reference = read.options.find(
        (o) => o.name === "r" || o.name === canonicalLongOption("reference", TOUCH_OPTIONS),
      );
      return reference !== undefined &&
        /^\/(?:etc|bin|sbin|usr|lib|boot|var\/log)\//.test(reference.value ?? "")
        ? matchOf(SYSTEM_RULES.history)
        : null;
    }
    default:
      return null;
  }
}

function remoteDelete(cmd: ResolvedCommand): Match {
  const texts = cmd.args.map((word) => word.text);
  const joined = texts.join(" ");
  switch (cmd.name) {
    case "gh":
    case "glab":
    case "tea":
      if (
        /^(?:repo|release|secret|variable|environment|project|label|gist|ssh-key|gpg-key|cache|run|ruleset|deploy-key)\b.*\bdelete\b/.test(
          joined,
        )
      )
        return matchOf(GIT_RULES.deleteRemote);
      if (texts[0] === "api" && /(?:^|\s)(?:-X|--method)\s*=?\s*DELETE\b/i.test(joined))
        return matchOf(OPERATION_RULES.httpDelete);
      return null;
    case "prisma":
      return /--accept-data-loss|--force-reset/.test(joined) ? matchOf(SQL_RULES.datastore) : null;
    case "umount":
      return texts.some((t) => /^\/(?:home|usr|var|boot|etc|opt|srv)?\/?$/.test(t)) ||
        texts.some((t) => /^-\w*a/.test(t) || t === "--all")
        ? matchOf(PROCESS_RULES.service)
        : null;
    case "firewall-cmd":
      return texts.some(
        (t) =>
          /^--set-default-zone=(?:trusted|public)?$|^--panic-off$|^--zone=trusted$|^--add-port=|^--add-service=|^--remove-service=ssh/.test(
            t,
          ) || t === "--set-default-zone",
      )
        ? matchOf(SYSTEM_RULES.firewall)
        : null;
    case "pfctl":
      return texts.some((t) => /^-\w*d$|^-F$|^-Fa$|^-F\s*all$/.test(t))
        ? matchOf(SYSTEM_RULES.firewall)
        : null;
    default:
      return null;
  }
}

const BY_NAME: ReadonlyMap<string, (cmd: ResolvedCommand, ctx: RuleContext) => Match> = new Map<
  string,
  (cmd: ResolvedCommand, ctx: RuleContext) => Match
>([
  ["rsync", rsyncDelete],
  ["git", gitConfig],
  ["chmod", chmodMatch],
  ["kill", killEveryListed],
  [
    "dd",
    (cmd) =>
      unbounded(cmd.source) &&
      cmd.args.some((word) => /^of=/.test(word.text) && !/^of=\/dev\/null$/.test(word.text))
        ? matchOf(OPERATION_RULES.exhaustion)
        : null,
  ],
  ...[
    "ssh",
    "autossh",
    "ngrok",
    "cloudflared",
    "bore",
    "frpc",
    "chisel",
    "pagekite",
    "zmodload",
  ].map((name) => [name, tunnelMatch] as const),
  ...["xargs", "parallel"].map((name) => [name, exhaustionMatch] as const),
  ...[
    "pacman",
    "dpkg",
    "rpm",
    "apt",
    "apt-get",
    "aptitude",
    "yum",
    "dnf",
    "zypper",
    "apk",
    "brew",
    "snap",
    "port",
    "emerge",
    "xbps-remove",
    "nix-env",
  ].map((name) => [name, packageRemoval] as const),
  ...["unset", "export", "declare", "typeset", "readonly", "set", "journalctl", "touch"].map(
    (name) => [name, historyTamper] as const,
  ),
  ...["gh", "glab", "tea", "prisma", "umount", "firewall-cmd", "pfctl"].map(
    (name) => [name, remoteDelete] as const,
  ),
]);

/** Operations that destroy or weaken without naming a path to delete. */
export const operationRules: CommandRule = (cmd, ctx) => {
  const source = cmd.source;
  if (source.redirects.length > 0) {
    // `exec 5<>/dev/tcp/HOST/PORT`: a two-way socket for the shell to read commands from.
    if (
      source.redirects.some(
        (r) => r.op === "<>" && /^\/dev\/(?:tcp|udp)\//.test(r.target?.text ?? ""),
      )
    )
      return matchOf(EXEC_RULES.reverseShell);
    if (cmd.via.length === 0 && unboundedWrite(cmd)) return matchOf(OPERATION_RULES.exhaustion);
  }
  return BY_NAME.get(cmd.name)?.(cmd, ctx) ?? null;
};
