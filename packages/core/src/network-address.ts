// Which IP addresses an outbound request (fetch, browser navigation) may reach. Everything that is not globally routable unicast is
// refused: loopback, RFC 1918, CGNAT, link-local (cloud metadata lives at 169.254.169.254),
// unique-local IPv6 (fc00::/7 covers fd00::/8), multicast, documentation and reserved ranges.
import { BlockList, isIP } from "node:net";

const IPV4_BLOCKED: readonly (readonly [string, number])[] = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
];

const IPV6_BLOCKED: readonly (readonly [string, number])[] = [
  ["::", 128],
  ["::1", 128],
  ["100::", 64],
  ["2001:db8::", 32],
  ["2001::", 23],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
];

const blocked = new BlockList();
for (const [net, prefix] of IPV4_BLOCKED) blocked.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of IPV6_BLOCKED) blocked.addSubnet(net, prefix, "ipv6");

/** Cloud metadata and credential endpoints: refused even when private URLs are allowed. */
const metadata = new BlockList();
metadata.addSubnet("169.254.0.0", 16, "ipv4");
metadata.addAddress("100.100.100.200", "ipv4");
metadata.addAddress("fd00:ec2::254", "ipv6");

/** Host names that name a cloud metadata service whatever they resolve to. */
const METADATA_HOSTS: ReadonlySet<string> = new Set([
  "metadata.google.internal",
  "metadata.goog",
  "metadata",
  "instance-data",
  "instance-data.ec2.internal",
]);

/**
 * The IPv4 address an IPv6 address carries, for forms that reach IPv4 hosts: IPv4-mapped
 * (`::ffff:a.b.c.d`), IPv4-compatible (`::a.b.c.d`), NAT64 (`64:ff9b::/96`) and 6to4 (`2002::/16`).
 */
function embeddedIpv4(address: string): string | undefined {
  const groups = expandIpv6(address);
  if (groups === undefined) return undefined;
  const v4 = (hi: number, lo: number) =>
    `${String(hi >> 8)}.${String(hi & 0xff)}.${String(lo >> 8)}.${String(lo & 0xff)}`;
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const zeroHead = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (zeroHead && (g5 === 0xffff || (g5 === 0 && (g6 !== 0 || g7 > 1)))) return v4(g6, g7);
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    return v4(g6, g7);
  }
  if (g0 === 0x2002) return v4(g1, g2);
  return undefined;
}

/** The eight 16-bit groups of an IPv6 address, or undefined when it does not parse. */
function expandIpv6(address: string): number[] | undefined {
  let text = address.toLowerCase();
  const zone = text.indexOf("%");
  if (zone >= 0) text = text.slice(0, zone);
  const lastColon = text.lastIndexOf(":");
  const last = text.slice(lastColon + 1);
  if (last.includes(".")) {
    const parts = last.split(".").map(Number);
    if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255)) {
      return undefined;
    }
    const [a, b, c, d] = parts as [number, number, number, number];
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((g) => parseInt(g, 16)));
  const head = parse(halves[0] ?? "");
  const rest = halves.length === 2 ? parse(halves[1] ?? "") : [];
  let groups = head;
  if (halves.length === 2) {
    const fill = 8 - head.length - rest.length;
    if (fill < 0) return undefined;
    groups = [...head, ...new Array<number>(fill).fill(0), ...rest];
  }
  if (groups.length !== 8 || groups.some((g) => Number.isNaN(g) || g < 0 || g > 0xffff)) {
    return undefined;
  }
  return groups;
}

/** True when a connection to this IP address must be refused (not public unicast). */
export function isBlockedAddress(address: string): boolean {
  const bare = address.startsWith("[") && address.endsWith("]") ? address.slice(1, -1) : address;
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, "ipv4");
  if (family !== 6) return true;
  const v4 = embeddedIpv4(bare);
  if (v4 !== undefined && blocked.check(v4, "ipv4")) return true;
  const zone = bare.indexOf("%");
  return blocked.check(zone >= 0 ? bare.slice(0, zone) : bare, "ipv6");
}

/**
 * True for cloud metadata addresses (the link-local range with 169.254.169.254, Alibaba's
 * 100.100.100.200, AWS' IPv6 fd00:ec2::254), in any IPv6 wrapping. These stay refused when
 * `web.allow_private_urls` is on.
 */
export function isMetadataAddress(address: string): boolean {
  const bare = address.startsWith("[") && address.endsWith("]") ? address.slice(1, -1) : address;
  const family = isIP(bare);
  if (family === 4) return metadata.check(bare, "ipv4");
  if (family !== 6) return false;
  const v4 = embeddedIpv4(bare);
  if (v4 !== undefined && metadata.check(v4, "ipv4")) return true;
  const zone = bare.indexOf("%");
  return metadata.check(zone >= 0 ? bare.slice(0, zone) : bare, "ipv6");
}

/** True for host names that always mean a cloud metadata endpoint. */
export function isMetadataHostname(hostname: string): boolean {
  return METADATA_HOSTS.has(hostname.toLowerCase().replace(/\.$/, ""));
}
