// Verb tables of host administration tools not covered by the device-wipe rules: disks
// initialised for LVM, RAID or ZFS (which overwrites what they held), kernel modules loaded,
// login shells changed, and user sessions terminated.
import type { CliTable, VerbInput } from "./cli-verb-tables.js";
import { PROCESS_RULES } from "./process-rules.js";
import { SYSTEM_RULES } from "./system-rules.js";

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
      verbs:
        /^(?:check --repair|rescue (?:zero-log|chunk-recover|super-recover|clear-uuid-tree))\b/,
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
]);
