import {
  hasOption,
  readOptions,
  SUDO_OPTIONS,
  type OptionTable,
  type ResolvedCommand,
} from "@hermes-agent/shell";
import { isBlockDevice } from "../paths.js";
import { allInsideTree } from "../session-paths.js";
import { matchOf, type CommandRule } from "../rule-context.js";
import { rule, type RuleInfo } from "../types.js";

/** Rules about disks, accounts, scheduling, firewalls, packages and kernel state. */
export const SYSTEM_RULES: Readonly<
  Record<
    | "mkfs"
    | "wipeDevice"
    | "mkfsFile"
    | "partition"
    | "cron"
    | "firewall"
    | "accounts"
    | "packages"
    | "kernel"
    | "sudoStdin"
    | "history"
    | "metadata",
    RuleInfo
  >
> = {
  mkfs: rule("format-filesystem", "filesystem format (mkfs) on a device", true),
  wipeDevice: rule("wipe-block-device", "wipe of a raw block device", true),
  mkfsFile: rule("format-image", "filesystem format on a path that is not a known device"),
  partition: rule("disk-partitioning", "disk partitioning or volume removal"),
  cron: rule("crontab-replace", "crontab removed or replaced"),
  firewall: rule(
    "firewall-flush",
    "firewall rules flushed or disabled, or a network interface taken down",
  ),
  accounts: rule("user-accounts", "user or group accounts or passwords changed"),
  packages: rule("package-uninstall", "package manager uninstall"),
  kernel: rule("kernel-security", "kernel module, sysctl or security policy change"),
  sudoStdin: rule("sudo-stdin-password", "sudo reading a password from stdin or an askpass helper"),
  history: rule("history-wipe", "shell history or audit logs wiped"),
  metadata: rule("cloud-metadata", "cloud metadata endpoint access (instance credentials)"),
} as const;

const deviceOperand = (cmd: ResolvedCommand): boolean =>
  cmd.args.some((word) => isBlockDevice(word.text) || (word.dynamic && !word.text.startsWith("-")));

// npm, pnpm, yarn, pip and uv removals are scoped in package-manager-rules.
const PACKAGE_REMOVE: ReadonlyMap<string, RegExp> = new Map([
  ["brew", /^(?:uninstall|remove|rm)$/],
  ["apt", /^(?:remove|purge|autoremove)$/],
  ["apt-get", /^(?:remove|purge|autoremove)$/],
  ["yum", /^(?:remove|erase|autoremove)$/],
  ["dnf", /^(?:remove|erase|autoremove)$/],
  ["zypper", /^(?:remove|rm)$/],
  ["apk", /^del$/],
  ["snap", /^remove$/],
  ["gem", /^uninstall$/],
  ["cargo", /^uninstall$/],
  ["conda", /^(?:remove|uninstall)$/],
  ["port", /^uninstall$/],
  ["flatpak", /^(?:uninstall|remove)$/],
  ["pipx", /^uninstall(?:-all)?$/],
]);

// Options that make a removal a simulation (nothing is removed).
const APT_SIMULATE =
  /^(?:--simulate|--just-print|--dry-run|--recon|--no-act|-[a-zA-Z]*s[a-zA-Z]*)$/;
const PACKAGE_SIMULATE: ReadonlyMap<string, RegExp> = new Map([
  ["apt", APT_SIMULATE],
  ["apt-get", APT_SIMULATE],
  ["aptitude", /^(?:--simulate|-[a-zA-Z]*s[a-zA-Z]*)$/],
  ["yum", /^(?:--assumeno)$/],
  ["dnf", /^(?:--assumeno)$/],
  ["zypper", /^(?:--dry-run|-D)$/],
  ["apk", /^(?:--simulate|-[a-zA-Z]*s[a-zA-Z]*)$/],
  ["conda", /^(?:--dry-run|-d)$/],
  ["port", /^-[a-zA-Z]*y[a-zA-Z]*$/],
]);

const WIPEFS_OPTIONS: OptionTable = {
  short: "abfiJnpqhV",
  shortWithValue: "Oot",
  long: ["all", "backup", "force", "noheadings", "json", "no-act", "parsable", "quiet", "lock"],
  longWithValue: ["output", "offset", "types"],
};
const SGDISK_OPTIONS: OptionTable = {
  short: "ZozgDOPpivVeEFlLmXA",
  shortWithValue: "abcdhjknrstTuU",
  long: [
    "zap-all",
    "zap",
    "clear",
    "mbrtogpt",
    "pretend",
    "print",
    "verify",
    "version",
    "randomize-guids",
    "move-second-header",
    "display-alignment",
    "first-in-largest",
    "end-of-largest",
    "first-aligned-in-largest",
    "list-types",
    "load-backup",
  ],
  longWithValue: [
    "delete",
    "new",
    "largest-new",
    "backup",
    "change-name",
    "typecode",
    "attributes",
    "set-alignment",
    "info",
    "transpose",
    "partition-guid",
    "disk-guid",
    "replicate",
    "hybrid",
    "gpttombr",
    "resize-table",
  ],
};

const BY_NAME = new Map<string, CommandRule>([
  ["mkswap", (cmd) => (deviceOperand(cmd) ? matchOf(SYSTEM_RULES.mkfs) : null)],
  [
    "wipefs",
    (cmd) => {
      // Over wipefs' own option table: `--al --fo` are `--all --force` to getopt_long.
      const read = readOptions(cmd.args, WIPEFS_OPTIONS);
      if (hasOption(read, "n", "no-act") || !hasOption(read, "a", "all", "o", "offset"))
        return null;
      return matchOf(deviceOperand(cmd) ? SYSTEM_RULES.wipeDevice : SYSTEM_RULES.partition);
    },
  ],
  [
    "sgdisk",
    (cmd) =>
      hasOption(
        readOptions(cmd.args, SGDISK_OPTIONS),
        "Z",
        "zap-all",
        "o",
        "clear",
        "z",
        "zap",
        "d",
        "delete",
      )
        ? matchOf(deviceOperand(cmd) ? SYSTEM_RULES.wipeDevice : SYSTEM_RULES.partition)
        : null,
  ],
  [
    "blkdiscard",
    (cmd) => matchOf(deviceOperand(cmd) ? SYSTEM_RULES.wipeDevice : SYSTEM_RULES.partition),
  ],
  [
    "hdparm",
    (cmd) =>
      cmd.args.some((word) =>
        /^--(?:security-erase|trim-sector|write-sector|make-bad)/.test(word.text),
      )
        ? matchOf(SYSTEM_RULES.wipeDevice)
        : null,
  ],
  [
    "cryptsetup",
    (cmd) =>
      cmd.args.some((word) => /^(?:luksformat|erase|luksErase|reencrypt)$/i.test(word.text))
        ? matchOf(SYSTEM_RULES.wipeDevice)
        : null,
  ],
  [
    "diskutil",
    (cmd) =>
      cmd.args.some((word) =>
        /^(?:erasedisk|erasevolume|zerodisk|randomdisk|secureerase|reformat|partitiondisk|apfs)$/i.test(
          word.text,
        ),
      ) &&
      cmd.args.some((word) =>
        /^(?:erase|zero|random|secure|reformat|partition|deleteContainer|deleteVolume)/i.test(
          word.text,
        ),
      )
        ? matchOf(SYSTEM_RULES.mkfs)
        : null,
  ],
  [
    "crontab",
    (cmd) => {
      const texts = cmd.args.map((word) => word.text).filter((text) => !/^-u$/.test(text));
      if (texts.some((text) => /^-\w*r/.test(text))) return matchOf(SYSTEM_RULES.cron);
      return texts.some((text) => text === "-" || !text.startsWith("-")) ||
        (texts.length === 0 && cmd.source.upstream.length > 0)
        ? matchOf(SYSTEM_RULES.cron)
        : null;
    },
  ],
  [
    "setenforce",
    (cmd) =>
      cmd.args[0]?.text === "0" || /^permissive$/i.test(cmd.args[0]?.text ?? "")
        ? matchOf(SYSTEM_RULES.kernel)
        : null,
  ],
  [
    "sysctl",
    (cmd) =>
      cmd.args.some((word) => /^(?:-w|--write|-p|--load)$/.test(word.text) || /=/.test(word.text))
        ? matchOf(SYSTEM_RULES.kernel)
        : null,
  ],
  [
    "sudo",
    (cmd) =>
      hasOption(readOptions(cmd.args, SUDO_OPTIONS), "S", "A", "stdin", "askpass")
        ? matchOf(SYSTEM_RULES.sudoStdin)
        : null,
  ],
  [
    "history",
    (cmd) =>
      cmd.args.some((word) => /^-\w*c/.test(word.text)) ? matchOf(SYSTEM_RULES.history) : null,
  ],
]);

// A filesystem made in an image file of the project (`mkfs.ext4 -F ./test.img`) only
// overwrites that file; a device is the hard-line floor and any other path needs approval.
const MKFS_OPTIONS = { shortWithValue: "tbLOENmgGIiJCUTd" } as const;
for (const name of ["mkfs", "mke2fs", "mkdosfs", "mkntfs", "mkexfatfs", "newfs", "mformat"]) {
  BY_NAME.set(name, (cmd) => {
    if (deviceOperand(cmd) || cmd.args.length === 0) return matchOf(SYSTEM_RULES.mkfs);
    const targets = readOptions(cmd.args, MKFS_OPTIONS).operands.filter(
      (word) => !/^\d+[kKmMgG]?$/.test(word.text),
    );
    return allInsideTree(targets) ? null : matchOf(SYSTEM_RULES.mkfsFile);
  });
}
for (const name of [
  "fdisk",
  "sfdisk",
  "parted",
  "gdisk",
  "cfdisk",
  "lvremove",
  "vgremove",
  "pvremove",
  "zpool",
  "zfs",
  "mdadm",
  "dmsetup",
]) {
  BY_NAME.set(name, (cmd) => {
    const texts = cmd.args.map((word) => word.text);
    if (
      /^(?:fdisk|sfdisk|parted|gdisk)$/.test(name) &&
      texts.every(
        (text) => /^(?:-l|--list|-s|print|-d|--dump)$/.test(text) || isBlockDevice(text),
      ) &&
      texts.some((text) => /^(?:-l|--list|print|-d|--dump)$/.test(text))
    )
      return null;
    if (
      /^(?:zpool|zfs)$/.test(name) &&
      !texts.some((text) => /^(?:destroy|labelclear)$/.test(text))
    )
      return null;
    if (
      /^(?:mdadm|dmsetup)$/.test(name) &&
      !texts.some((text) => /^(?:--zero-superblock|remove|wipe_table|--remove)$/.test(text))
    )
      return null;
    return matchOf(SYSTEM_RULES.partition);
  });
}
for (const name of [
  "userdel",
  "deluser",
  "groupdel",
  "delgroup",
  "usermod",
  "chpasswd",
  "useradd",
  "adduser",
  "groupmod",
  "vipw",
  "visudo",
  "chage",
]) {
  BY_NAME.set(name, (cmd) =>
    cmd.args.some((word) => /^(?:-h|--help)$/.test(word.text))
      ? null
      : matchOf(SYSTEM_RULES.accounts),
  );
}
BY_NAME.set("passwd", (cmd) =>
  cmd.args.some((word) => /^(?:-S|--status|-h|--help)$/.test(word.text))
    ? null
    : matchOf(SYSTEM_RULES.accounts),
);
for (const name of ["rmmod", "insmod", "modprobe"]) {
  BY_NAME.set(name, (cmd) =>
    name === "modprobe" && !cmd.args.some((word) => /^(?:-r|--remove)$/.test(word.text))
      ? null
      : matchOf(SYSTEM_RULES.kernel),
  );
}
for (const name of ["ip", "ifconfig", "route", "ifdown", "nmcli"]) {
  BY_NAME.set(name, (cmd) => {
    const texts = cmd.args.map((word) => word.text.toLowerCase());
    if (name === "ifdown") return matchOf(SYSTEM_RULES.firewall);
    if (
      texts.includes("down") &&
      (name === "ifconfig" || texts.includes("link") || texts.includes("set"))
    )
      return matchOf(SYSTEM_RULES.firewall);
    if ((name === "ip" || name === "route") && texts.includes("del") && texts.includes("default"))
      return matchOf(SYSTEM_RULES.firewall);
    if (name === "ip" && texts[0] === "route" && texts[1] === "flush")
      return matchOf(SYSTEM_RULES.firewall);
    if (
      name === "nmcli" &&
      texts.includes("off") &&
      (texts.includes("networking") || texts.includes("radio"))
    )
      return matchOf(SYSTEM_RULES.firewall);
    return null;
  });
}

const METADATA =
  /(?:^|[^\d.])(?:169\.254\.169\.254|100\.100\.100\.200)(?![\d])|(?:^|[/@])metadata\.google\.internal(?![\w.-])|\[?fd00:ec2::254\]?/i;

/** System administration rules dispatched by command name. */
export const systemRules: CommandRule = (cmd, ctx) => {
  const own = (
    BY_NAME.get(cmd.name) ??
    (/^(?:mkfs|mke2fs|newfs)[._]/.test(cmd.name) ? BY_NAME.get("mkfs") : undefined)
  )?.(cmd, ctx);
  if (own) return own;
  const remove = PACKAGE_REMOVE.get(cmd.name);
  if (remove !== undefined) {
    const words = cmd.args.map((word) => word.text);
    const verb = words.find(
      (text, i) =>
        !text.startsWith("-") &&
        !/^(?:--prefix|--proxy|--cwd|-C|--dir)$/.test(words[i - 1] ?? "") &&
        text !== "global",
    );
    const simulate = PACKAGE_SIMULATE.get(cmd.name);
    if (verb !== undefined && remove.test(verb) && !words.some((text) => simulate?.test(text)))
      return matchOf(SYSTEM_RULES.packages);
  }
  if (
    /^(?:curl|wget|http|xh|nc|ncat|fetch|aria2c|python\d*|node|httpie)$/.test(cmd.name) &&
    cmd.args.some((word) => METADATA.test(word.text))
  )
    return matchOf(SYSTEM_RULES.metadata);
  return null;
};
