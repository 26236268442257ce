/**
 * Pure classification of the addresses a live webhook must never target (DESIGN §6: SSRF protection): loopback,
 * private, link-local, unique-local, and the other ranges that are not public unicast (unspecified, shared/CGNAT,
 * multicast, reserved). IPv6 forms that carry an IPv4 address (IPv4-mapped `::ffff:a.b.c.d`, IPv4-compatible
 * `::a.b.c.d`, NAT64 `64:ff9b::a.b.c.d`) are judged by that IPv4 address, in dotted or hex notation. Matching is
 * node:net's BlockList (as the key allowlists use); only the embedded IPv4 of the last two forms is read here.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';

export interface NonPublicRange {
  /** e.g. `loopback`, `private`, `link-local`, `unique-local`. */
  kind: string;
  /** The range in CIDR notation, e.g. `127.0.0.0/8`. */
  cidr: string;
}

type Family = 'ipv4' | 'ipv6';

interface Range extends NonPublicRange {
  family: Family;
  list: BlockList;
}

const range = (family: Family, cidr: string, kind: string): Range => {
  const [base = '', prefix = ''] = cidr.split('/');
  const list = new BlockList();
  list.addSubnet(base, Number(prefix), family);
  return { kind, cidr, family, list };
};

const ipv4Ranges: Range[] = (
  [
    ['0.0.0.0/8', 'unspecified'], // "this network"; connecting to 0.0.0.0 reaches the local host
    ['10.0.0.0/8', 'private'],
    ['100.64.0.0/10', 'shared (carrier-grade NAT)'],
    ['127.0.0.0/8', 'loopback'],
    ['169.254.0.0/16', 'link-local'], // cloud metadata services live here
    ['172.16.0.0/12', 'private'],
    ['192.0.0.0/24', 'IETF protocol assignments'],
    ['192.0.2.0/24', 'documentation (TEST-NET-1)'],
    ['192.168.0.0/16', 'private'],
    ['198.18.0.0/15', 'benchmarking'],
    ['198.51.100.0/24', 'documentation (TEST-NET-2)'],
    ['203.0.113.0/24', 'documentation (TEST-NET-3)'],
    ['224.0.0.0/4', 'multicast'],
    ['240.0.0.0/4', 'reserved'], // includes the broadcast address 255.255.255.255
  ] as const
).map(([cidr, kind]) => range('ipv4', cidr, kind));

const ipv6Ranges: Range[] = (
  [
    ['::/128', 'unspecified'],
    ['::1/128', 'loopback'],
    ['64:ff9b:1::/48', 'local-use NAT64'],
    ['100::/64', 'discard-only'],
    ['2001::/32', 'Teredo'], // tunnels to an address the check cannot see
    ['2001:db8::/32', 'documentation'],
    ['fc00::/7', 'unique-local'],
    ['fe80::/10', 'link-local'],
    ['fec0::/10', 'site-local'],
    ['ff00::/8', 'multicast'],
  ] as const
).map(([cidr, kind]) => range('ipv6', cidr, kind));

interface Carrier extends Range {
  /** Index of the first of the two 16-bit groups that hold the IPv4 address. */
  group: number;
}

/** IPv6 prefixes that carry an IPv4 address BlockList does not unwrap itself (it does ::ffff:0:0/96). */
const ipv4Carriers: Carrier[] = (
  [
    ['64:ff9b::/96', 'NAT64', 6],
    ['::/96', 'IPv4-compatible', 6],
    ['2002::/16', '6to4', 1],
  ] as const
).map(([cidr, kind, group]) => ({ ...range('ipv6', cidr, kind), group }));

const hit = (ranges: readonly Range[], address: string, family: Family): Range | undefined =>
  ranges.find((candidate) => candidate.list.check(address, family));

/**
 * The non-public range `address` (an IPv4 or IPv6 literal, optionally in [brackets] or with a %zone) falls in, or
 * null when it is public unicast. Throws on anything that is not an IP address.
 */
export function nonPublicRange(address: string): NonPublicRange | null {
  const literal = address.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  if (isIPv4(literal)) return described(hit(ipv4Ranges, literal, 'ipv4'));
  if (!isIPv6(literal)) throw new TypeError(`not an IP address: ${address}`);
  const own = hit(ipv6Ranges, literal, 'ipv6');
  if (own) return described(own);
  // BlockList matches an IPv4-mapped address (::ffff:0:0/96) against IPv4 ranges on its own.
  const mapped = hit(ipv4Ranges, literal, 'ipv6');
  if (mapped) return { kind: `${mapped.kind} (IPv4-mapped)`, cidr: mapped.cidr };
  const carrier = ipv4Carriers.find((candidate) => candidate.list.check(literal, 'ipv6'));
  const embedded = carrier && hit(ipv4Ranges, embeddedIpv4(literal, carrier.group), 'ipv4');
  return embedded ? { kind: `${embedded.kind} (${carrier.kind})`, cidr: embedded.cidr } : null;
}

/** `localhost` and every name under it (RFC 6761: they resolve to loopback), with or without a trailing dot. */
export function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.+$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/** The eight 16-bit groups of a valid IPv6 literal (the URL parser writes a dotted tail as two hex groups). */
function expandIpv6(ipv6: string): string[] {
  const [head = '', tail] = new URL(`http://[${ipv6}]`).hostname.slice(1, -1).split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...zeros, ...tailGroups];
}

const described = (found: Range | undefined): NonPublicRange | null =>
  found ? { kind: found.kind, cidr: found.cidr } : null;

/** The dotted IPv4 held by 16-bit groups `group` and `group + 1` of a valid IPv6 literal. */
function embeddedIpv4(ipv6: string, group: number): string {
  const groups = expandIpv6(ipv6);
  const high = Number.parseInt(groups[group] ?? '0', 16);
  const low = Number.parseInt(groups[group + 1] ?? '0', 16);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}
