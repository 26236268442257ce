import { describe, expect, it } from '@jest/globals';
import { normalizeIp, parseIpAllowlist } from './ip-allowlist.js';

describe('IP allowlist', () => {
  const list = parseIpAllowlist(['203.0.113.7', '198.51.100.0/24', '2001:db8::/32', '::1']);

  it('matches IPv4 addresses and CIDR ranges', () => {
    expect(list.allows('203.0.113.7')).toBe(true);
    expect(list.allows('203.0.113.8')).toBe(false);
    expect(list.allows('198.51.100.0')).toBe(true);
    expect(list.allows('198.51.100.255')).toBe(true);
    expect(list.allows('198.51.101.1')).toBe(false);
  });

  it('matches IPv6 addresses and ranges', () => {
    expect(list.allows('2001:db8:1::42')).toBe(true);
    expect(list.allows('2001:db9::1')).toBe(false);
    expect(list.allows('::1')).toBe(true);
  });

  it('treats IPv4-mapped IPv6 peers as their IPv4 address', () => {
    expect(normalizeIp('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(list.allows('::ffff:198.51.100.9')).toBe(true);
    expect(list.allows('::ffff:192.0.2.1')).toBe(false);
  });

  it('never allows garbage', () => {
    expect(list.allows('')).toBe(false);
    expect(list.allows('not-an-ip')).toBe(false);
  });

  it('refuses invalid entries', () => {
    expect(() => parseIpAllowlist(['10.0.0.0/33'])).toThrow('invalid CIDR prefix');
    expect(() => parseIpAllowlist(['2001:db8::/129'])).toThrow('invalid CIDR prefix');
    expect(() => parseIpAllowlist(['example.com'])).toThrow('not an IP address');
    expect(() => parseIpAllowlist(['10.0.0.0/x'])).toThrow('invalid CIDR prefix');
  });
});
