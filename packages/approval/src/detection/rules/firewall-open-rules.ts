// Firewall rules that open the machine to every address: `ufw allow from any to any port 80`,
// `ufw allow 5432`, `iptables -I INPUT -j ACCEPT` (every port), `iptables -A INPUT -p tcp --dport
// 3306 -j ACCEPT` (a database port, no source), `nft add rule inet filter input tcp dport 22
// accept` (no saddr). A rule limited to a source network (`ufw allow from 10.0.0.0/8`,
// `iptables -s 192.168.1.0/24`), an application port opened without naming a source
// (`ufw allow 8080`), denials, listings and dry runs stay allowed. Flushes and disables are
// judged by the host rules.
import { readOptions, type ResolvedCommand } from "@hermes-agent/shell";
import { matchOf, type CommandRule } from "../rule-context.js";
import type { DangerousCommandMatch } from "../types.js";
import { OPS_CLI_RULES } from "./ops-cli-catalog.js";

type Match = DangerousCommandMatch | null;

const open = (): Match => matchOf(OPS_CLI_RULES.firewallOpen);
const ANY_ADDRESS = /^(?:any|0\.0\.0\.0\/0|::\/0|0\/0|::|0\.0\.0\.0)$/i;

// Ports of remote shells, databases, caches, search engines, container and cluster APIs and
// file shares: opened to every address, they are reachable by anyone who scans the host.
// An application port (`ufw allow 8080`) opened without naming a source stays allowed.
const SENSITIVE_PORTS: ReadonlySet<string> = new Set(
  "21 22 23 111 135 139 445 873 1433 1521 2049 2375 2376 2379 2380 3306 3389 4243 5432 5672 5900 5984 6379 6443 7474 8086 8500 8529 9042 9200 9300 10250 11211 15672 26257 27017 28017".split(
    " ",
  ),
);
const SENSITIVE_APPS =
  /^(?:openssh|ssh|telnet|ftp|mysql|mariadb|postgres(?:ql)?|redis|mongodb|samba|cifs|nfs|vnc|rdp|ms-sql|elasticsearch|docker|memcached|rsync)(?:\b|$)/i;

/** True when a port list (`22`, `5432/tcp`, `3000:3010`, `22,80`, `{ 22, 80 }`) includes one. */
function sensitivePorts(spec: string): boolean {
  return spec
    .replace(/[{}]/g, " ")
    .split(/[\s,]+/)
    .some((item) => {
      const [first = "", last = first] = item.replace(/\/\w+$/, "").split(/[:-]/);
      if (SENSITIVE_APPS.test(item)) return true;
      const low = Number(first);
      const high = Number(last);
      if (!Number.isInteger(low) || !Number.isInteger(high)) return false;
      // A range wider than a few ports opens whatever listens in it.
      if (high - low > 16) return true;
      for (const port of SENSITIVE_PORTS)
        if (Number(port) >= low && Number(port) <= high) return true;
      return false;
    });
}

/** `ufw [--dry-run] [insert N|prepend|route] allow [in|out] ... [from ADDR] [to ADDR port P]`. */
function ufwAllow(cmd: ResolvedCommand): Match {
  const texts = cmd.args.map((word) => word.text.toLowerCase());
  if (texts.includes("--dry-run")) return null;
  const words = texts.filter((text) => !text.startsWith("-"));
  let at = 0;
  if (words[at] === "insert") at += 2;
  else if (words[at] === "prepend" || words[at] === "route") at += 1;
  if (words[at] === "route") at += 1;
  if (words[at] !== "allow") return null;
  const from = words.indexOf("from", at);
  // `from any` said out loud opens to everyone whatever the port.
  if (from >= 0) return ANY_ADDRESS.test(words[from + 1] ?? "") ? open() : null;
  const port = words.indexOf("port", at);
  const spec =
    port >= 0
      ? (words[port + 1] ?? "")
      : (words
          .slice(at + 1)
          .find((word) => !/^(?:in|out|on|proto|tcp|udp|log|log-all)$/.test(word)) ?? "");
  return spec === "" || sensitivePorts(spec) ? open() : null;
}

const IPTABLES_OPTIONS = {
  shortWithValue: "ADIRNEPtjgpsdiomwW",
  longWithValue: [
    "append",
    "delete",
    "insert",
    "replace",
    "new-chain",
    "rename-chain",
    "policy",
    "table",
    "jump",
    "goto",
    "protocol",
    "source",
    "destination",
    "in-interface",
    "out-interface",
    "match",
    "dport",
    "sport",
    "dports",
    "sports",
    "destination-port",
    "source-port",
    "state",
    "ctstate",
    "comment",
    "src-range",
    "set",
    "match-set",
  ],
};

/** `iptables -A|-I INPUT|FORWARD ... -j ACCEPT` with no source restriction. */
function iptablesAccept(cmd: ResolvedCommand): Match {
  const read = readOptions(cmd.args, IPTABLES_OPTIONS);
  const adds = read.options.find((o) => /^(?:A|I|append|insert)$/.test(o.name));
  if (adds === undefined || !/^(?:INPUT|FORWARD|DOCKER-USER)$/i.test(adds.value ?? "")) return null;
  const target = read.options.find((o) => o.name === "j" || o.name === "jump")?.value ?? "";
  if (!/^ACCEPT$/i.test(target)) return null;
  // A loopback-only rule does not open anything to the network.
  if (read.options.some((o) => /^(?:i|in-interface)$/.test(o.name) && o.value === "lo"))
    return null;
  const source = read.options.filter((o) => /^(?:s|source|src-range|match-set)$/.test(o.name));
  if (source.length > 0 && !source.every((o) => ANY_ADDRESS.test(o.value ?? ""))) return null;
  if (source.length > 0) return open();
  const ports = read.options.filter((o) => /^(?:dport|dports|destination-port)$/.test(o.name));
  return ports.length === 0 || ports.some((o) => sensitivePorts(o.value ?? "")) ? open() : null;
}

/** `nft add|insert rule FAMILY TABLE CHAIN ... accept` with no source address match. */
function nftAccept(cmd: ResolvedCommand): Match {
  const words = cmd.args
    .map((word) => word.text.toLowerCase())
    .filter((text) => !text.startsWith("-"));
  const joined = words.join(" ");
  if (!/^(?:add|insert) rule\b/.test(joined) || !/\baccept\b/.test(joined)) return null;
  if (!/\b(?:input|forward|prerouting)\b/.test(joined)) return null;
  if (/\b(?:ip6? )?saddr\b|\biifname "?lo"?\b|\biif "?lo"?\b/.test(joined)) return null;
  const port = /\bdport\s+(\{[^}]*\}|\S+)/.exec(joined);
  return port === null || sensitivePorts(port[1] ?? "") ? open() : null;
}

/** `docker run -p 0.0.0.0:6379:6379 redis`: a database port published on every interface. */
function publishedPort(cmd: ResolvedCommand): Match {
  const texts = cmd.args.map((word) => word.text);
  const sub = texts.find((text) => !text.startsWith("-"));
  if (sub !== "run" && sub !== "create") return null;
  for (let i = 0; i < texts.length; i++) {
    const text = texts[i] ?? "";
    const value = /^(?:-p|--publish)$/.test(text)
      ? (texts[i + 1] ?? "")
      : /^--publish=|^-p\d|^-p0/.test(text)
        ? text.replace(/^--publish=|^-p/, "")
        : null;
    if (value === null) continue;
    // Only an address said out loud: `-p 5432:5432` is the everyday local default.
    const explicit = /^(?:0\.0\.0\.0|\[::\]|::):(\d+(?:-\d+)?):/.exec(value);
    if (explicit !== null && sensitivePorts(explicit[1] ?? "")) return open();
  }
  return null;
}

/** Firewall rules opening ports or chains to every address. */
export const firewallOpenRule: CommandRule = (cmd) => {
  switch (cmd.name) {
    case "docker":
    case "podman":
    case "nerdctl":
      return publishedPort(cmd);
    case "ufw":
      return ufwAllow(cmd);
    case "iptables":
    case "ip6tables":
    case "iptables-legacy":
    case "iptables-nft":
    case "ip6tables-legacy":
    case "ip6tables-nft":
      return iptablesAccept(cmd);
    case "nft":
      return nftAccept(cmd);
    default:
      return null;
  }
};
