import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { isLocalhostName, nonPublicRange } from './ip-ranges.js';

describe('nonPublicRange', () => {
  it.each([
    ['127.0.0.1', 'loopback', '127.0.0.0/8'],
    ['127.255.255.254', 'loopback', '127.0.0.0/8'],
    ['10.0.0.1', 'private', '10.0.0.0/8'],
    ['172.16.0.1', 'private', '172.16.0.0/12'],
    ['172.31.255.255', 'private', '172.16.0.0/12'],
    ['192.168.1.10', 'private', '192.168.0.0/16'],
    ['169.254.169.254', 'link-local', '169.254.0.0/16'],
    ['100.64.0.1', 'shared (carrier-grade NAT)', '100.64.0.0/10'],
    ['0.0.0.0', 'unspecified', '0.0.0.0/8'],
    ['224.0.0.1', 'multicast', '224.0.0.0/4'],
    ['255.255.255.255', 'reserved', '240.0.0.0/4'],
    ['198.18.0.1', 'benchmarking', '198.18.0.0/15'],
    ['192.0.0.8', 'IETF protocol assignments', '192.0.0.0/24'],
    ['192.0.2.1', 'documentation (TEST-NET-1)', '192.0.2.0/24'],
    ['198.51.100.7', 'documentation (TEST-NET-2)', '198.51.100.0/24'],
    ['203.0.113.9', 'documentation (TEST-NET-3)', '203.0.113.0/24'],
  ])('classifies the IPv4 address %s as %s', (address, kind, cidr) => {
    expect(nonPublicRange(address)).toEqual({ kind, cidr });
  });

  it.each([
    ['::1', 'loopback', '::1/128'],
    ['[::1]', 'loopback', '::1/128'],
    ['0:0:0:0:0:0:0:1', 'loopback', '::1/128'],
    ['::', 'unspecified', '::/128'],
    ['fc00::1', 'unique-local', 'fc00::/7'],
    ['fd12:3456:789a::1', 'unique-local', 'fc00::/7'],
    ['fe80::1', 'link-local', 'fe80::/10'],
    ['fe80::1%eth0', 'link-local', 'fe80::/10'],
    ['febf:ffff::1', 'link-local', 'fe80::/10'],
    ['fec0::1', 'site-local', 'fec0::/10'],
    ['ff02::1', 'multicast', 'ff00::/8'],
    ['64:ff9b:1::a00:1', 'local-use NAT64', '64:ff9b:1::/48'],
    ['100::1', 'discard-only', '100::/64'],
    ['2001:0:4136:e378::1', 'Teredo', '2001::/32'],
    ['2001:db8::1', 'documentation', '2001:db8::/32'],
  ])('classifies the IPv6 address %s as %s', (address, kind, cidr) => {
    expect(nonPublicRange(address)).toEqual({ kind, cidr });
  });

  it.each([
    ['::ffff:127.0.0.1', 'loopback (IPv4-mapped)', '127.0.0.0/8'],
    ['::ffff:7f00:1', 'loopback (IPv4-mapped)', '127.0.0.0/8'],
    ['[::ffff:a9fe:a9fe]', 'link-local (IPv4-mapped)', '169.254.0.0/16'],
    ['0:0:0:0:0:ffff:c0a8:0101', 'private (IPv4-mapped)', '192.168.0.0/16'],
    ['::10.1.2.3', 'private (IPv4-compatible)', '10.0.0.0/8'],
    ['64:ff9b::127.0.0.1', 'loopback (NAT64)', '127.0.0.0/8'],
    ['64:ff9b::a00:1', 'private (NAT64)', '10.0.0.0/8'],
    ['2002:a00:1::1', 'private (6to4)', '10.0.0.0/8'],
    ['2002:a9fe:a9fe::', 'link-local (6to4)', '169.254.0.0/16'],
  ])('judges %s by the IPv4 address it carries', (address, kind, cidr) => {
    expect(nonPublicRange(address)).toEqual({ kind, cidr });
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '169.253.0.1',
    '223.255.255.255',
    '2001:4860:4860::8888',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '::ffff:808:808',
    '64:ff9b::808:808',
    'fbff::1',
    'fe7f::1',
  ])('treats %s as public', (address) => {
    expect(nonPublicRange(address)).toBeNull();
  });

  it('judges every IPv4-mapped IPv6 address, dotted or hex, exactly as the IPv4 address it carries', () => {
    fc.assert(
      fc.property(fc.ipV4(), (v4) => {
        const plain = nonPublicRange(v4);
        const [a, b, c, d] = v4.split('.').map(Number) as [number, number, number, number];
        const hex = `::ffff:${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
        const expected = plain && { kind: `${plain.kind} (IPv4-mapped)`, cidr: plain.cidr };
        expect(nonPublicRange(`::ffff:${v4}`)).toEqual(expected);
        expect(nonPublicRange(hex)).toEqual(expected);
      }),
    );
  });

  it('finds every address of a range in it and the addresses just outside it outside', () => {
    const toText = (value: number) => [24, 16, 8, 0].map((shift) => (value >>> shift) & 255).join('.');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 20 - 1 }), (offset) => {
        expect(nonPublicRange(toText(0xac100000 + offset))?.cidr).toBe('172.16.0.0/12');
        expect(nonPublicRange(toText(0xac100000 - 1 - (offset % 2 ** 16)))).toBeNull();
        expect(nonPublicRange(toText(0xac200000 + (offset % 2 ** 16)))).toBeNull();
      }),
    );
  });

  it.each(['localhost', 'example.com', '256.0.0.1', '1.2.3', '::g', ''])('throws on %j, which is not an IP', (text) => {
    expect(() => nonPublicRange(text)).toThrow(TypeError);
  });
});

describe('isLocalhostName', () => {
  it.each(['localhost', 'LOCALHOST', 'localhost.', 'api.localhost', 'a.b.localhost..'])('matches %s', (name) => {
    expect(isLocalhostName(name)).toBe(true);
  });

  it.each(['localhost.example.com', 'notlocalhost', 'mylocalhost', 'example.com', 'localhost-1'])(
    'does not match %s',
    (name) => {
      expect(isLocalhostName(name)).toBe(false);
    },
  );
});

describe('refusedDeliveryAddress', () => {
  it('refuses loopback and private addresses unless private targets are allowed, link-local always', async () => {
    const { refusedDeliveryAddress } = await import('./webhook-url-policy.js');
    expect(refusedDeliveryAddress('127.0.0.1', false)).toMatch(/loopback/);
    expect(refusedDeliveryAddress('10.1.2.3', false)).toBe('a private address');
    expect(refusedDeliveryAddress('::1', false)).toMatch(/loopback/);
    expect(refusedDeliveryAddress('127.0.0.1', true)).toBeNull();
    expect(refusedDeliveryAddress('169.254.169.254', true)).toMatch(/link-local/);
    expect(refusedDeliveryAddress('93.184.216.34', false)).toBeNull();
  });
});
