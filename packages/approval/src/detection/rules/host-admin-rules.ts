// Host administration read over each tool's option table: mounts over system directories,
// boot entries and boot loaders, volume shrinks and rollbacks, device formats, firewall
// changes spelled with abbreviated long options or that drop all traffic, interfaces flushed,
// privileged group membership, signals to the agent's own parent, and tools whose output
// option writes a system or credential file (`sort -o /etc/passwd`).
import {
  hasOption,
  readOptions,
  type OptionTable,
  type ReadOptions,
  type ResolvedCommand,
} from "@hermes-agent/shell";
import { isBlockDevice } from "../paths.js";
import { matchOf, type CommandRule } from "../rule-context.js";
import { writeKindOf } from "../session-paths.js";
import { rule, type DangerousCommandMatch, type RuleInfo } from "../types.js";
import { PROCESS_RULES } from "./process-rules.js";
import { SYSTEM_RULES } from "./system-rules.js";
import { WRITE_RULES } from "./write-rules.js";
import {
  ansibleModuleMatch,
  pulledCodeMatch,
  saltFunctionMatch,
} from "./config-management-modules.js";

type Match = DangerousCommandMatch | null;

/** Rules about mounts and boot configuration. */
export const HOST_RULES: Readonly<Record<"mount" | "boot", RuleInfo>> = {
  mount: rule(
    "mount-over-system",
    "filesystem mounted over, moved onto or remounted at a system directory",
  ),
  boot: rule("boot-configuration", "boot entries, boot order or the boot loader changed"),
} as const;

const SYSTEM_DIR =
  /^\/(?:etc|usr|bin|sbin|lib|lib32|lib64|boot|root|home|var(?!\/tmp)|proc|sys|dev|opt|srv)?(?:\/[^/]*)*$/;

function isSystemDirectory(text: string): boolean {
  if (text === "/") return true;
  if (/^\/(?:mnt|media|tmp|var\/tmp|run\/user)(?:\/|$)/.test(text)) return false;
  return SYSTEM_DIR.test(text) && text.startsWith("/");
}

const MOUNT: OptionTable = {
  shortWithValue: "otOLUTN",
  longWithValue: [
    "options",
    "types",
    "test-opts",
    "label",
    "uuid",
    "fstab",
    "namespace",
    "source",
    "target",
  ],
  long: [
    "bind",
    "rbind",
    "move",
    "make-private",
    "read-only",
    "read-write",
    "all",
    "fake",
    "verbose",
  ],
};

function mount(cmd: ResolvedCommand): Match {
  const read = readOptions(cmd.args, MOUNT);
  const options = read.options
    .filter((o) => o.name === "o" || o.name === "options")
    .map((o) => o.value ?? "");
  const target =
    read.options.find((o) => o.name === "target")?.value ??
    read.operands[read.operands.length - 1]?.text ??
    "";
  if (read.operands.length === 0 && !options.some((o) => /\bremount\b/.test(o))) return null;
  const remount = options.some((o) => /\bremount\b/.test(o));
  if (
    remount ||
    read.operands.length >= 2 ||
    hasOption(read, "bind", "rbind", "move", "B", "R", "M", "target")
  )
    return isSystemDirectory(target.replace(/\/+$/, "") || "/") ? matchOf(HOST_RULES.mount) : null;
  return null;
}

function efibootmgr(cmd: ResolvedCommand): Match {
  const read = readOptions(cmd.args, {
    shortWithValue: "bdlLopetTa",
    longWithValue: [
      "bootnum",
      "disk",
      "loader",
      "label",
      "bootorder",
      "part",
      "edd",
      "timeout",
      "append-binary-args",
    ],
    long: [
      "delete-bootnum",
      "inactive",
      "active",
      "create",
      "delete-bootorder",
      "delete-timeout",
      "bootnext",
      "write-signature",
    ],
  });
  return hasOption(
    read,
    "B",
    "delete-bootnum",
    "o",
    "bootorder",
    "O",
    "delete-bootorder",
    "A",
    "inactive",
    "c",
    "create",
    "n",
    "bootnext",
  )
    ? matchOf(HOST_RULES.boot)
    : null;
}

const PARTITION = (): Match => matchOf(SYSTEM_RULES.partition);

function volumes(cmd: ResolvedCommand): Match {
  const texts = cmd.args.map((word) => word.text);
  switch (cmd.name) {
    case "lvreduce":
    case "vgreduce":
      return texts.some((text) => /^(?:-h|--help|-t|--test)$/.test(text)) ? null : PARTITION();
    case "lvresize":
      return texts.some((text) => /^-[LlS]?-|^--(?:size|extents)=?-/.test(text)) ||
        texts.some(
          (text, i) =>
            /^(?:-L|-l|--size|--extents)$/.test(texts[i - 1] ?? "") && text.startsWith("-"),
        )
        ? PARTITION()
        : null;
    case "zfs":
      return texts[0] === "rollback" ? PARTITION() : null;
    case "dmsetup":
      return texts.some((text) => /^(?:remove_all|remove)$/.test(text)) ? PARTITION() : null;
    case "btrfs": {
      const joined = texts.filter((text) => !text.startsWith("-")).join(" ");
      return /^(?:subvolume|sub|subvol) (?:delete|del)|^device (?:delete|remove)|^check\b/.test(
        joined,
      ) &&
        (!/^check\b/.test(joined) || texts.includes("--repair"))
        ? PARTITION()
        : null;
    }
    case "mdadm":
      return texts.some((text) =>
        /^(?:--stop|-S|--fail|--grow|--remove|--zero-superblock)$/.test(text),
      )
        ? PARTITION()
        : null;
    case "losetup":
      return texts.some((text) => /^(?:-D|--detach-all)$/.test(text)) ? PARTITION() : null;
    case "nvme":
      return /^(?:format|sanitize|delete-ns|detach-ns)$/.test(texts[0] ?? "")
        ? matchOf(
            texts.some((text) => isBlockDevice(text) || /^\/dev\/nvme\d+$/.test(text))
              ? SYSTEM_RULES.wipeDevice
              : SYSTEM_RULES.partition,
          )
        : null;
    default:
      return null;
  }
}

function bootLoader(cmd: ResolvedCommand): Match {
  const texts = cmd.args.map((word) => word.text);
  if (texts.some((text) => /^(?:-h|--help|-V|--version)$/.test(text))) return null;
  if (cmd.name === "bootctl")
    return /^(?:install|remove|update|set-default)$/.test(texts[0] ?? "")
      ? matchOf(HOST_RULES.boot)
      : null;
  if (/^grub2?-mkconfig$/.test(cmd.name))
    return texts.some((text) => /^(?:-o|--output)(?:=\/boot|$)/.test(text))
      ? matchOf(HOST_RULES.boot)
      : null;
  return matchOf(HOST_RULES.boot);
}

const IPTABLES: OptionTable = {
  shortWithValue: "AIDRCLSFZNXPEtjgpsdiomw",
  longWithValue: [
    "append",
    "insert",
    "delete",
    "replace",
    "check",
    "list",
    "list-rules",
    "flush",
    "zero",
    "new-chain",
    "delete-chain",
    "policy",
    "rename-chain",
    "table",
    "jump",
    "goto",
    "protocol",
    "source",
    "destination",
    "in-interface",
    "out-interface",
    "match",
    "wait",
    "dport",
    "sport",
    "destination-port",
    "source-port",
    "state",
    "ctstate",
    "comment",
    "to-destination",
    "to-source",
    "to-ports",
    "set-counters",
    "mac-source",
  ],
  long: ["numeric", "verbose", "line-numbers", "exact", "ipv4", "ipv6", "fragment", "modprobe"],
};
const SELECTORS =
  /^(?:p|s|d|i|o|m|protocol|source|destination|in-interface|out-interface|match|dport|sport|destination-port|source-port)$/;

/** `iptables --flus`, `-P INPUT ACCEPT`, `-A INPUT -j DROP` (no selector: every packet). */
function iptables(cmd: ResolvedCommand): Match {
  // `-F`/`-X`/`-L` take an optional chain; read as taking one, they flush all the same.
  const read: ReadOptions = readOptions(cmd.args, IPTABLES);
  const names = read.options.map((o) => o.name);
  if (names.some((name) => /^(?:F|flush|X|delete-chain|P|policy)$/.test(name)))
    return matchOf(SYSTEM_RULES.firewall);
  const adds = read.options.find((o) => /^(?:A|I|append|insert)$/.test(o.name));
  const target = read.options.find((o) => o.name === "j" || o.name === "jump")?.value ?? "";
  if (
    adds !== undefined &&
    /^(?:DROP|REJECT)$/i.test(target) &&
    /^(?:INPUT|OUTPUT|FORWARD)$/.test(adds.value ?? "") &&
    !names.some((name) => SELECTORS.test(name))
  )
    return matchOf(SYSTEM_RULES.firewall);
  return null;
}

function nft(cmd: ResolvedCommand): Match {
  const words = readOptions(cmd.args, {
    shortWithValue: "fIDj",
    longWithValue: ["file", "includepath", "define"],
  }).operands.map((word) => word.text.toLowerCase());
  const joined = words.join(" ");
  return /^(?:flush|delete|destroy) (?:ruleset|table|chain)\b|^flush\b/.test(joined)
    ? matchOf(SYSTEM_RULES.firewall)
    : null;
}

function ufw(cmd: ResolvedCommand): Match {
  const words = cmd.args
    .map((word) => word.text.toLowerCase())
    .filter((text) => !text.startsWith("-"));
  if (/^(?:disable|reset)$/.test(words[0] ?? "")) return matchOf(SYSTEM_RULES.firewall);
  return words[0] === "default" && words[1] === "allow" ? matchOf(SYSTEM_RULES.firewall) : null;
}

function ipCommand(cmd: ResolvedCommand): Match {
  const words = cmd.args.map((word) => word.text).filter((text) => !/^-/.test(text));
  const object = words[0] ?? "";
  const verb = words[1] ?? "";
  if (
    /^(?:a|ad|add|addr|addre|addres|address)$/.test(object) &&
    /^(?:f|fl|flu|flus|flush)$/.test(verb)
  )
    return matchOf(SYSTEM_RULES.firewall);
  if (/^(?:l|li|lin|link)$/.test(object) && /^(?:del|delete)$/.test(verb))
    return matchOf(SYSTEM_RULES.firewall);
  return null;
}

const PRIVILEGED_GROUPS = /^(?:sudo|wheel|admin|root|adm|docker|lxd|libvirt|disk|shadow|kvm)$/;

function gpasswd(cmd: ResolvedCommand): Match {
  const read = readOptions(cmd.args, {
    shortWithValue: "adMA",
    longWithValue: ["add", "delete", "members", "administrators"],
  });
  if (read.options.length === 0 && read.operands.length === 1)
    return matchOf(SYSTEM_RULES.accounts);
  const group = read.operands[read.operands.length - 1]?.text ?? "";
  return read.options.some((o) => /^(?:d|delete)$/.test(o.name)) ||
    PRIVILEGED_GROUPS.test(group) ||
    read.options.some((o) => /^(?:M|members|A|administrators)$/.test(o.name))
    ? matchOf(SYSTEM_RULES.accounts)
    : null;
}

/** `kill -9 $PPID`: the shell's parent is the agent (or the terminal running it). */
function killParent(cmd: ResolvedCommand): Match {
  return cmd.args.some((word) => (word.variables ?? []).includes("PPID"))
    ? matchOf(PROCESS_RULES.killInit)
    : null;
}

// Tools whose output option writes a file: [program, option table, output option names].
const OUTPUT_OPTIONS: ReadonlyMap<string, { table: OptionTable; names: readonly string[] }> =
  new Map([
    [
      "sort",
      {
        table: {
          shortWithValue: "ktoST",
          longWithValue: [
            "key",
            "field-separator",
            "output",
            "buffer-size",
            "temporary-directory",
            "parallel",
            "files0-from",
            "batch-size",
            "compress-program",
            "random-source",
          ],
        },
        names: ["o", "output"],
      },
    ],
    [
      "shuf",
      {
        table: {
          shortWithValue: "einow",
          longWithValue: ["echo", "input-range", "head-count", "output", "random-source"],
        },
        names: ["o", "output"],
      },
    ],
    [
      "uniq",
      {
        table: {
          shortWithValue: "fsw",
          longWithValue: ["skip-fields", "skip-chars", "check-chars", "group", "all-repeated"],
        },
        names: [],
      },
    ],
    [
      "gpg",
      {
        table: {
          shortWithValue: "orufk",
          longWithValue: ["output", "recipient", "local-user", "default-key", "homedir"],
        },
        names: ["o", "output"],
      },
    ],
    ["openssl", { table: { longWithValue: [] }, names: [] }],
  ]);

function outputOption(cmd: ResolvedCommand): Match {
  const spec = OUTPUT_OPTIONS.get(cmd.name);
  if (spec === undefined) return null;
  const read = readOptions(cmd.args, spec.table);
  const targets = read.options.filter((o) => spec.names.includes(o.name)).map((o) => o.value ?? "");
  // `uniq IN OUT` writes its second operand.
  if (cmd.name === "uniq" && read.operands.length >= 2) targets.push(read.operands[1]?.text ?? "");
  if (cmd.name === "openssl") {
    const texts = cmd.args.map((word) => word.text);
    texts.forEach((text, i) => {
      if (text === "-out") targets.push(texts[i + 1] ?? "");
    });
  }
  for (const target of targets) {
    const kind = writeKindOf(target);
    if (kind === "system" || kind === "block-device") return matchOf(WRITE_RULES.system);
    if (kind === "credential") return matchOf(WRITE_RULES.credential);
  }
  return null;
}

/** Host administration rules dispatched by command name. */
export const hostAdminRules: CommandRule = (cmd, ctx) => {
  switch (cmd.name) {
    case "ansible":
      return ansibleModuleMatch(cmd, ctx);
    case "salt":
    case "salt-ssh":
    case "salt-call":
      return saltFunctionMatch(cmd, ctx);
    case "ansible-pull":
    case "chef-solo":
    case "chef-client":
      return pulledCodeMatch(cmd);
    case "mount":
      return mount(cmd);
    case "efibootmgr":
      return efibootmgr(cmd);
    case "grub-install":
    case "grub2-install":
    case "update-grub":
    case "grub-mkconfig":
    case "grub2-mkconfig":
    case "bootctl":
      return bootLoader(cmd);
    case "iptables":
    case "ip6tables":
    case "iptables-legacy":
    case "iptables-nft":
    case "ip6tables-legacy":
    case "ebtables":
    case "arptables":
      return iptables(cmd);
    case "nft":
      return nft(cmd);
    case "ufw":
      return ufw(cmd);
    case "ip":
      return ipCommand(cmd);
    case "gpasswd":
      return gpasswd(cmd);
    case "kill":
    case "pkill":
      return killParent(cmd);
    default:
      return volumes(cmd) ?? outputOption(cmd);
  }
};
