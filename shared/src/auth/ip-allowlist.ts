import { BlockList, isIP } from 'node:net';

/** A parsed per-key IP allowlist: IPv4/IPv6 addresses and CIDR ranges. */
export interface IpAllowlist {
  readonly entries: readonly string[];
  allows(ip: string): boolean;
}

const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** `::ffff:10.0.0.1` (how dual-stack sockets report IPv4 peers) → `10.0.0.1`; anything else unchanged. */
export function normalizeIp(ip: string): string {
  return MAPPED_IPV4.exec(ip)?.[1] ?? ip;
}

/** Throws on an entry that is neither an address nor a CIDR range (issuance validates with this). */
export function parseIpAllowlist(entries: readonly string[]): IpAllowlist {
  const list = new BlockList();
  for (const raw of entries) {
    const entry = raw.trim();
    const [address = '', prefixText] = entry.split('/', 2);
    const family = isIP(address);
    if (family === 0) throw new Error(`not an IP address or CIDR range: ${entry}`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefixText === undefined) {
      list.addAddress(address, type);
      continue;
    }
    const prefix = Number(prefixText);
    if (!/^\d{1,3}$/.test(prefixText) || prefix > (family === 4 ? 32 : 128)) {
      throw new Error(`invalid CIDR prefix: ${entry}`);
    }
    list.addSubnet(address, prefix, type);
  }
  return {
    entries: [...entries],
    allows(ip) {
      const candidate = normalizeIp(ip);
      const family = isIP(candidate);
      if (family === 0) return false;
      return list.check(candidate, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}
