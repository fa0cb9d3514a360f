// Verb tables of host administration tools not covered by the device-wipe rules: disks
// initialised for LVM, RAID or ZFS (which overwrites what they held), kernel modules loaded,
// login shells changed, and user sessions terminated.
import type { CliTable, VerbInput } from "./cli-verb-tables.js";
import { PROCESS_RULES } from "./process-rules.js";
import { SYSTEM_RULES } from "./system-rules.js";
import { OPS_CLI_RULES } from "./ops-cli-catalog.js";

const { partition, kernel, accounts } = SYSTEM_RULES;

// A whole disk, partition or mapped device named as an operand.
const DEVICE = /^\/dev\/(?!null$|zero$|stdin$|stdout$|stderr$|tty|pts\/|shm\/|fd\/)\S+$/;
const namesDevice = ({ ops }: VerbInput): boolean => ops.some((op) => DEVICE.test(op));

// pvcreate/vgcreate/vgextend write LVM labels over whatever the device held.
const LVM_INIT: CliTable = {
  options: {
    shortWithValue: "sfMuZ",
    longWithValue: [
      "setphysicalvolumesize",
      "metadatatype",
      "uuid",
      "restorefile",
      "dataalignment",
      "zero",
      "physicalextentsize",
    ],
    long: ["yes", "force", "test", "verbose"],
  },
  preview: ["test", "t"],
  entries: [{ verbs: /^/, when: namesDevice, rule: partition }],
};

const MDADM: CliTable = {
  options: {
    shortWithValue: "lnxcpeNbzaI",
    longWithValue: [
      "level",
      "raid-devices",
      "spare-devices",
      "chunk",
      "metadata",
      "layout",
      "bitmap",
      "name",
      "homehost",
      "size",
      "array-size",
    ],
    long: [
      "create",
      "build",
      "grow",
      "add",
      "force",
      "run",
      "zero-superblock",
      "fail",
      "remove",
      "stop",
    ],
  },
  entries: [
    {
      verbs: /^/,
      when: ({ read }) =>
        read.options.some((o) => /^(?:C|create|B|build|G|grow|zero-superblock)$/.test(o.name)),
      rule: partition,
    },
    {
      verbs: /^/,
      when: ({ read }) => read.options.some((o) => /^(?:S|stop|f|fail|r|remove)$/.test(o.name)),
      rule: partition,
    },
  ],
};

// zpool: pools created or grown over disks, labels cleared, pools exported away from the host.
const ZPOOL: CliTable = {
  options: { shortWithValue: "oOmRtd", long: ["force"] },
  preview: ["n", "dryrun"],
  entries: [
    { verbs: /^(?:create|add|attach|replace|labelclear|split)\b/, rule: partition },
    { verbs: /^(?:offline|detach|remove)\b/, rule: partition },
  ],
};

const BTRFS: CliTable = {
  options: { shortWithValue: "", long: ["force", "enqueue"] },
  entries: [
    {
      verbs: /^(?:device (?:add|remove|delete)|replace start|balance start)\b/,
      when: namesDevice,
      rule: partition,
    },
    {
      verbs: /^rescue (?:zero-log|chunk-recover|super-recover|clear-uuid-tree)\b/,
      rule: partition,
    },
    { verbs: /^check\b/, when: ({ joined }) => /(?:^|\s)--repair\b/.test(joined), rule: partition },
    // A shrink (`resize -10g`, `resize 1:-5G`) cuts off what the end of the filesystem held.
    {
      verbs: /^(?:filesystem|fi) resize\b/,
      when: ({ joined }) => /(?:^|\s)(?:\d+:)?-\d/.test(joined),
      rule: partition,
    },
  ],
};

// modprobe/insmod load code into the running kernel; the query forms change nothing.
const MODPROBE: CliTable = {
  options: {
    shortWithValue: "CdSo",
    longWithValue: ["config", "dirname", "set-version", "options"],
    long: [
      "dry-run",
      "show",
      "show-depends",
      "showconfig",
      "show-config",
      "show-modversions",
      "show-exports",
      "resolve-alias",
      "quiet",
      "verbose",
      "first-time",
      "all",
      "use-blacklist",
      "force",
    ],
  },
  preview: [
    "n",
    "dry-run",
    "show",
    "D",
    "show-depends",
    "c",
    "showconfig",
    "show-config",
    "R",
    "resolve-alias",
    "show-modversions",
    "show-exports",
  ],
  entries: [{ verbs: /^\S/, rule: kernel }],
};

// chsh changes an account's login shell in the system's account files.
const CHSH: CliTable = {
  options: {
    shortWithValue: "sR",
    longWithValue: ["shell", "root"],
    long: ["list-shells", "help"],
  },
  preview: ["l", "list-shells", "h", "help"],
  entries: [
    {
      verbs: /^/,
      when: ({ read }) => read.options.some((o) => o.name === "s" || o.name === "shell"),
      rule: accounts,
    },
  ],
};

// loginctl: every process of a user or session ended, or the machine switched off.
const LOGINCTL: CliTable = {
  options: {
    shortWithValue: "psHMn",
    longWithValue: ["property", "signal", "host", "machine", "lines", "output", "kill-whom"],
  },
  entries: [
    { verbs: /^(?:terminate|kill)-(?:user|session|seat)\b/, rule: PROCESS_RULES.broadKill },
    {
      verbs: /^(?:enable|disable)-linger\b/,
      when: ({ ops }) => ops.length > 1,
      rule: PROCESS_RULES.persistence,
    },
  ],
};

// Volume contents rolled back or shrunk, key slots wiped, partitions deleted.
const LVCONVERT: CliTable = {
  options: { shortWithValue: "", long: ["merge", "yes", "force"] },
  entries: [
    {
      verbs: /^/,
      when: ({ read }) => read.options.some((o) => o.name === "merge"),
      rule: partition,
    },
  ],
};
const CRYPTSETUP_KEYS: CliTable = {
  options: {
    shortWithValue: "dSckqt",
    longWithValue: ["key-file", "key-slot", "type", "cipher", "header"],
    long: ["batch-mode", "force-password"],
  },
  entries: [
    {
      verbs:
        /^(?:luksKillSlot|luksRemoveKey|erase|luksErase|luksHeaderRestore|reencrypt|luksChangeKey)\b/,
      rule: partition,
    },
  ],
};
const SGDISK: CliTable = {
  options: {
    shortWithValue: "dnctAp",
    longWithValue: ["delete", "new", "change-name", "typecode", "attributes", "print"],
    long: ["clear", "zap", "zap-all", "mbrtogpt"],
  },
  entries: [
    {
      verbs: /^/,
      when: ({ read }) =>
        read.options.some((o) =>
          /^(?:d|delete|o|clear|z|zap|Z|zap-all|n|new|g|mbrtogpt)$/.test(o.name),
        ),
      rule: partition,
    },
  ],
};

// Packages installed outside their sandbox or without a signature check.
const SNAP: CliTable = {
  options: {
    longWithValue: ["channel", "revision", "name"],
    long: ["devmode", "dangerous", "jailmode", "classic", "unaliased"],
  },
  entries: [
    {
      verbs: /^install\b/,
      when: ({ read }) => read.options.some((o) => o.name === "devmode" || o.name === "dangerous"),
      rule: OPS_CLI_RULES.untrustedPackage,
    },
  ],
};
const FLATPAK: CliTable = {
  options: {
    longWithValue: ["from", "title"],
    long: ["no-gpg-verify", "user", "system", "if-not-exists"],
  },
  entries: [
    {
      verbs: /^(?:remote-add|install|remote-modify)\b/,
      when: ({ read }) => read.options.some((o) => o.name === "no-gpg-verify"),
      rule: OPS_CLI_RULES.untrustedPackage,
    },
  ],
};

// Mandatory access control and the audit trail switched off.
const APPARMOR_OFF: CliTable = {
  options: {},
  entries: [{ verbs: /^\S/, rule: kernel }],
};
const APPARMOR_PARSER: CliTable = {
  options: { shortWithValue: "IbfoM", long: ["remove", "replace", "add"] },
  entries: [
    {
      verbs: /^/,
      when: ({ read }) => read.options.some((o) => o.name === "R" || o.name === "remove"),
      rule: kernel,
    },
  ],
};
const AUDITCTL: CliTable = {
  options: { shortWithValue: "abefrRsSwkpFlWAC", longWithValue: [] },
  entries: [
    {
      verbs: /^/,
      when: ({ read }) =>
        read.options.some((o) => o.name === "D" || (o.name === "e" && o.value === "0")),
      rule: kernel,
    },
  ],
};

/** Host device and session tools, by program name. */
export const HOST_DEVICE_CLI_TABLES: ReadonlyMap<string, CliTable> = new Map([
  ["pvcreate", LVM_INIT],
  ["vgcreate", LVM_INIT],
  ["vgextend", LVM_INIT],
  ["mdadm", MDADM],
  ["zpool", ZPOOL],
  ["btrfs", BTRFS],
  ["modprobe", MODPROBE],
  ["insmod", MODPROBE],
  ["chsh", CHSH],
  ["loginctl", LOGINCTL],
  ["lvconvert", LVCONVERT],
  ["cryptsetup", CRYPTSETUP_KEYS],
  ["sgdisk", SGDISK],
  ["snap", SNAP],
  ["flatpak", FLATPAK],
  ["aa-disable", APPARMOR_OFF],
  ["aa-complain", APPARMOR_OFF],
  ["aa-teardown", { options: {}, entries: [{ verbs: /^/, rule: kernel }] }],
  ["apparmor_parser", APPARMOR_PARSER],
  ["auditctl", AUDITCTL],
]);
