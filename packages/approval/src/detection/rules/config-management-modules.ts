// Ad-hoc configuration-management calls read as the local commands they amount to: an ansible
// module (`-m user -a 'name=x uid=0'`, `-m authorized_key -a 'user=root key=...'`) or a salt
// execution function (`salt '*' ssh.set_auth_key root KEY`, `salt '*' file.remove /etc/x`) is
// translated into the equivalent shell command (a write to the target path, an `rm -rf`, a
// `chmod`) and judged like it, or mapped to the rule the change falls under (an account made
// root, a login key planted, a service stopped, a database or its users changed).
import { readOptions, staticWord, type ResolvedCommand } from "@hermes-agent/shell";
import { matchOf, type RuleContext } from "../rule-context.js";
import type { DangerousCommandMatch } from "../types.js";
import { ANSIBLE_OPTIONS } from "./ansible-options.js";
import { EXEC_RULES } from "./exec-rules.js";
import { PROCESS_RULES } from "./process-rules.js";
import { SQL_RULES } from "./sql-rules.js";
import { SYSTEM_RULES } from "./system-rules.js";

type Match = DangerousCommandMatch | null;
type Args = ReadonlyMap<string, string>;

// Groups whose members administer the machine or read its secrets.
const PRIVILEGED_GROUP =
  /^(?:sudo|wheel|admin|root|adm|docker|lxd|libvirt|disk|shadow|kvm|sudoers)$/;
const YES = /^(?:yes|true|1|on)$/i;

/** `key=value` pairs of a module argument string (values may be quoted). */
export function moduleArgs(text: string): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const match of text.matchAll(/([\w.]+)=("[^"]*"|'[^']*'|\S+)/g))
    pairs.set(match[1] ?? "", (match[2] ?? "").replace(/^["']|["']$/g, ""));
  return pairs;
}

const run = (ctx: RuleContext, words: readonly string[]): Match =>
  ctx.analyseCommand({
    assignments: [],
    words: words.map((text) => staticWord(text)),
    redirects: [],
    upstream: [],
  });

/** A write to a path on the managed hosts, judged as `tee -a PATH`. */
const writeTo = (ctx: RuleContext, path: string): Match =>
  path === "" ? null : run(ctx, ["tee", "-a", path]);

/** The home directory a user's login keys live under. */
const keysOf = (user: string): string =>
  `${user === "root" ? "/root" : `/home/${user === "" ? "USER" : user}`}/.ssh/authorized_keys`;

const privilegedGroups = (value: string): boolean =>
  value.split(/[,\s]+/).some((group) => PRIVILEGED_GROUP.test(group));

/** An account created or changed into a root-equivalent one, deleted, or given a password. */
function accountChange(args: Args): Match {
  const uid = args.get("uid") ?? "";
  if (
    (args.get("state") ?? "") === "absent" ||
    /^0+$/.test(uid) ||
    YES.test(args.get("non_unique") ?? "") ||
    privilegedGroups(args.get("groups") ?? "") ||
    privilegedGroups(args.get("group") ?? "") ||
    (args.get("password") ?? "") !== ""
  )
    return matchOf(SYSTEM_RULES.accounts);
  return null;
}

const firstOf = (args: Args, ...names: readonly string[]): string =>
  names.map((name) => args.get(name) ?? "").find((value) => value !== "") ?? "";

/** What one ansible module call amounts to. */
type ModuleJudge = (args: Args, ctx: RuleContext) => Match;

const writeDest: ModuleJudge = (args, ctx) => writeTo(ctx, firstOf(args, "path", "dest", "name"));
const whenAbsent =
  (match: () => Match): ModuleJudge =>
  (args) =>
    (args.get("state") ?? "") === "absent" ? match() : null;

const ANSIBLE_MODULES: ReadonlyMap<string, ModuleJudge> = new Map<string, ModuleJudge>([
  ...[
    "lineinfile",
    "blockinfile",
    "copy",
    "template",
    "replace",
    "ini_file",
    "get_url",
    "unarchive",
    "assemble",
  ].map((name): [string, ModuleJudge] => [name, writeDest]),
  [
    "authorized_key",
    (args, ctx) =>
      args.get("state") === "absent" ? null : writeTo(ctx, keysOf(args.get("user") ?? "")),
  ],
  ["user", accountChange],
  ["group", whenAbsent(() => matchOf(SYSTEM_RULES.accounts))],
  ["sudoers", (args) => (args.get("state") === "absent" ? null : matchOf(SYSTEM_RULES.accounts))],
  [
    "file",
    (args, ctx) => {
      const path = firstOf(args, "path", "dest", "name");
      if (args.get("state") === "absent") return run(ctx, ["rm", "-rf", path]);
      const mode = args.get("mode") ?? "";
      return mode !== "" && path !== "" ? run(ctx, ["chmod", mode, path]) : null;
    },
  ],
  ...["service", "systemd", "systemd_service", "sysvinit"].map((name): [string, ModuleJudge] => [
    name,
    (args) =>
      /^(?:stopped|restarted)$/.test(args.get("state") ?? "") ||
      /^(?:no|false)$/i.test(args.get("enabled") ?? "") ||
      YES.test(args.get("masked") ?? "")
        ? matchOf(PROCESS_RULES.service)
        : null,
  ]),
  ...["apt", "yum", "dnf", "package", "pip", "snap", "apk", "pacman", "zypper", "homebrew"].map(
    (name): [string, ModuleJudge] => [name, whenAbsent(() => matchOf(SYSTEM_RULES.packages))],
  ),
  ["reboot", () => matchOf(PROCESS_RULES.shutdown)],
  ["shutdown", () => matchOf(PROCESS_RULES.shutdown)],
  [
    "iptables",
    (args) =>
      YES.test(args.get("flush") ?? "") || /^accept$/i.test(args.get("policy") ?? "")
        ? matchOf(SYSTEM_RULES.firewall)
        : null,
  ],
  [
    "ufw",
    (args) =>
      /^(?:disabled|reset)$/.test(args.get("state") ?? "") ||
      /^allow$/.test(args.get("policy") ?? "")
        ? matchOf(SYSTEM_RULES.firewall)
        : null,
  ],
  [
    "selinux",
    (args) =>
      /^(?:disabled|permissive)$/.test(args.get("state") ?? "")
        ? matchOf(SYSTEM_RULES.kernel)
        : null,
  ],
  ["cron", (args, ctx) => (args.get("job") ? ctx.analyseText(args.get("job") ?? "") : null)],
  ...["mysql_db", "postgresql_db", "mongodb_db"].map((name): [string, ModuleJudge] => [
    name,
    whenAbsent(() => matchOf(SQL_RULES.datastore)),
  ]),
  ...["mysql_user", "postgresql_user", "mongodb_user"].map((name): [string, ModuleJudge] => [
    name,
    (args) =>
      /\*\.\*:ALL|SUPERUSER|\broot\b|AnyDatabase/i.test(
        `${args.get("priv") ?? ""} ${args.get("role_attr_flags") ?? ""} ${args.get("roles") ?? ""}`,
      ) || args.get("state") === "absent"
        ? matchOf(SQL_RULES.privilege)
        : null,
  ]),
  ...["lvol", "lvg", "parted"].map((name): [string, ModuleJudge] => [
    name,
    whenAbsent(() => matchOf(SYSTEM_RULES.partition)),
  ]),
  [
    "filesystem",
    (args) => (YES.test(args.get("force") ?? "") ? matchOf(SYSTEM_RULES.partition) : null),
  ],
]);

/** An ansible ad-hoc call (`ansible HOSTS -m MODULE -a ARGS`); `--check` changes nothing. */
export function ansibleModuleMatch(cmd: ResolvedCommand, ctx: RuleContext): Match {
  const read = readOptions(cmd.args, ANSIBLE_OPTIONS);
  if (read.options.some((o) => o.name === "C" || o.name === "check")) return null;
  // `ansible.builtin.user`, `community.general.ufw`: the collection prefix says nothing more.
  const module = (
    read.options.find((o) => o.name === "m" || o.name === "module-name")?.value ?? ""
  ).replace(/^[\w]+\.[\w]+\./, "");
  const args = moduleArgs(
    read.options
      .filter((o) => o.name === "a" || o.name === "args")
      .map((o) => o.value ?? "")
      .join(" "),
  );
  return ANSIBLE_MODULES.get(module)?.(args, ctx) ?? null;
}

/** What one salt execution function amounts to, given its positional and keyword arguments. */
type SaltJudge = (positional: readonly string[], args: Args, ctx: RuleContext) => Match;

const saltWrite: SaltJudge = (pos, args, ctx) =>
  writeTo(ctx, args.get("path") ?? args.get("name") ?? pos[0] ?? "");
const always =
  (match: () => Match): SaltJudge =>
  () =>
    match();

const SALT_FUNCTIONS: ReadonlyMap<string, SaltJudge> = new Map<string, SaltJudge>([
  [
    "user.add",
    (pos, args) => accountChange(new Map([...args, ["uid", args.get("uid") ?? pos[1] ?? ""]])),
  ],
  ["user.chuid", (pos) => (/^0+$/.test(pos[1] ?? "") ? matchOf(SYSTEM_RULES.accounts) : null)],
  ["user.delete", always(() => matchOf(SYSTEM_RULES.accounts))],
  [
    "user.chgroups",
    (pos) => (privilegedGroups(pos[1] ?? "") ? matchOf(SYSTEM_RULES.accounts) : null),
  ],
  [
    "group.adduser",
    (pos) => (privilegedGroups(pos[0] ?? "") ? matchOf(SYSTEM_RULES.accounts) : null),
  ],
  ["group.delete", always(() => matchOf(SYSTEM_RULES.accounts))],
  ["shadow.set_password", always(() => matchOf(SYSTEM_RULES.accounts))],
  ["shadow.del_password", always(() => matchOf(SYSTEM_RULES.accounts))],
  ["ssh.set_auth_key", (pos, args, ctx) => writeTo(ctx, keysOf(args.get("user") ?? pos[0] ?? ""))],
  [
    "ssh.set_auth_key_from_file",
    (pos, args, ctx) => writeTo(ctx, keysOf(args.get("user") ?? pos[0] ?? "")),
  ],
  ["file.remove", (pos, args, ctx) => run(ctx, ["rm", "-rf", args.get("path") ?? pos[0] ?? ""])],
  ["file.rmdir", (pos, args, ctx) => run(ctx, ["rm", "-rf", args.get("path") ?? pos[0] ?? ""])],
  ["file.set_mode", (pos, _args, ctx) => run(ctx, ["chmod", pos[1] ?? "", pos[0] ?? ""])],
  ["file.copy", (pos, args, ctx) => writeTo(ctx, args.get("dst") ?? pos[1] ?? "")],
  ["cp.get_url", (pos, args, ctx) => writeTo(ctx, args.get("dest") ?? pos[1] ?? "")],
  ["cp.get_file", (pos, args, ctx) => writeTo(ctx, args.get("dest") ?? pos[1] ?? "")],
  ...[
    "file.write",
    "file.append",
    "file.prepend",
    "file.replace",
    "file.line",
    "file.manage_file",
    "file.blockreplace",
    "file.touch",
  ].map((name): [string, SaltJudge] => [name, saltWrite]),
  ...["service.stop", "service.disable", "service.restart", "service.mask", "service.dead"].map(
    (name): [string, SaltJudge] => [name, always(() => matchOf(PROCESS_RULES.service))],
  ),
  ...["system.reboot", "system.halt", "system.poweroff", "system.shutdown"].map(
    (name): [string, SaltJudge] => [name, always(() => matchOf(PROCESS_RULES.shutdown))],
  ),
  ...["pkg.remove", "pkg.purge"].map((name): [string, SaltJudge] => [
    name,
    always(() => matchOf(SYSTEM_RULES.packages)),
  ]),
  ["iptables.flush", always(() => matchOf(SYSTEM_RULES.firewall))],
  ...[
    "disk.wipe",
    "partition.rm",
    "partition.mklabel",
    "lvm.lvremove",
    "lvm.vgremove",
    "lvm.pvremove",
  ].map((name): [string, SaltJudge] => [name, always(() => matchOf(SYSTEM_RULES.partition))]),
  ...["extfs.mkfs", "xfs.mkfs", "btrfs.mkfs", "blockdev.format", "disk.format"].map(
    (name): [string, SaltJudge] => [name, always(() => matchOf(SYSTEM_RULES.partition))],
  ),
  ...["mysql.db_remove", "postgres.db_remove", "mongodb.db_remove"].map(
    (name): [string, SaltJudge] => [name, always(() => matchOf(SQL_RULES.datastore))],
  ),
  [
    "selinux.setenforce",
    (pos) =>
      /^(?:0|permissive|disabled)$/i.test(pos[0] ?? "") ? matchOf(SYSTEM_RULES.kernel) : null,
  ],
]);

// salt's options that take a value (so the target and the function are found).
const SALT_OPTIONS = {
  shortWithValue: "ctsLEGINRSCdlu",
  longWithValue: [
    "config-dir",
    "timeout",
    "batch-size",
    "batch",
    "return",
    "out",
    "output",
    "log-level",
    "subset",
    "user",
    "roster-file",
    "priv",
    "module-executors",
    "executor-opts",
  ],
};

/** `salt TARGET FUNC ARGS`, `salt-ssh TARGET FUNC ARGS`, `salt-call FUNC ARGS`. */
export function saltFunctionMatch(cmd: ResolvedCommand, ctx: RuleContext): Match {
  const read = readOptions(cmd.args, SALT_OPTIONS);
  const ops = read.operands.map((word) => word.text);
  const at = ops.findIndex(
    (text, i) => (cmd.name !== "salt-call" || i === 0) && SALT_FUNCTIONS.has(text),
  );
  if (at < 0) return null;
  const rest = ops.slice(at + 1);
  const args = moduleArgs(rest.filter((text) => /^[\w.]+=/.test(text)).join(" "));
  const positional = rest.filter((text) => !/^[\w.]+=/.test(text));
  return SALT_FUNCTIONS.get(ops[at] ?? "")?.(positional, args, ctx) ?? null;
}

/**
 * `ansible-pull -U REPO`, `chef-solo --recipe-url URL`: configuration code fetched from a
 * repository or URL and applied at once (as root, typically), unread.
 */
export function pulledCodeMatch(cmd: ResolvedCommand): Match {
  const texts = cmd.args.map((word) => word.text);
  const pulls =
    cmd.name === "ansible-pull"
      ? texts.some((text) => /^(?:-U|--url|--u(?:rl?)?(?:=|$)|-U.)/.test(text))
      : texts.some((text) => /^(?:--recipe-url|-r)(?:=|$)/.test(text)) &&
        texts.some((text) => /^(?:https?|ftp|s3):\/\//.test(text.replace(/^--recipe-url=/, "")));
  return pulls ? matchOf(EXEC_RULES.remoteExec) : null;
}
