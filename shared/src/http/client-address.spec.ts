import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { addressGroupOf, canonicalAddress, resolveClientAddress, type ClientAddressInput } from './client-address.js';

/** The gateway's proxy-only subnet in these examples, and the load balancer's own (public) address. */
const GATEWAY_POD = '10.129.0.7';
const LOAD_BALANCER = '34.120.0.9';
const isTrustedSource = (address: string): boolean => address.startsWith('10.129.');

function clientFrom(input: Partial<ClientAddressInput> & { forwardedFor: ClientAddressInput['forwardedFor'] }) {
  return resolveClientAddress({ socketAddress: GATEWAY_POD, isTrustedSource, appendedAddresses: 2, ...input });
}

describe('resolveClientAddress behind a Google load balancer (2 appended addresses)', () => {
  it('takes the client the gateway appended, before its own address', () => {
    expect(clientFrom({ forwardedFor: `203.0.113.7,${LOAD_BALANCER}` }).address).toBe('203.0.113.7');
  });

  it('never takes an entry the caller forged ahead of the appended ones', () => {
    expect(clientFrom({ forwardedFor: `198.51.100.1,203.0.113.7,${LOAD_BALANCER}` }).address).toBe('203.0.113.7');
    expect(clientFrom({ forwardedFor: `1.1.1.1, 2.2.2.2,203.0.113.7, ${LOAD_BALANCER}` }).address).toBe('203.0.113.7');
    // A forged entry that is not an address, or empty ones, change nothing either.
    expect(clientFrom({ forwardedFor: `not-an-ip,,203.0.113.7,${LOAD_BALANCER}` }).address).toBe('203.0.113.7');
  });

  it('counts from the right across repeated X-Forwarded-For headers', () => {
    const forwardedFor = ['198.51.100.1', `203.0.113.7,${LOAD_BALANCER}`];
    expect(clientFrom({ forwardedFor }).address).toBe('203.0.113.7');
  });

  it('falls back to the socket address when the chain is shorter than what the gateway appends', () => {
    expect(clientFrom({ forwardedFor: '203.0.113.7' }).address).toBe(GATEWAY_POD);
    expect(clientFrom({ forwardedFor: undefined }).address).toBe(GATEWAY_POD);
    expect(clientFrom({ forwardedFor: '' }).address).toBe(GATEWAY_POD);
  });

  it('falls back to the socket address when the appended client entry is malformed', () => {
    for (const entry of ['nonsense', '203.0.113.7:443', '[2001:db8::1]', '203.0.113.256', '']) {
      expect(clientFrom({ forwardedFor: `198.51.100.1,${entry},${LOAD_BALANCER}` }).address).toBe(GATEWAY_POD);
    }
  });

  it('reads IPv6 clients canonically and IPv4-mapped ones as IPv4', () => {
    expect(clientFrom({ forwardedFor: `2001:DB8:0:0:1::AB,${LOAD_BALANCER}` }).address).toBe('2001:db8::1:0:0:ab');
    expect(clientFrom({ forwardedFor: `::ffff:203.0.113.7,${LOAD_BALANCER}` })).toEqual({
      address: '203.0.113.7',
      group: '203.0.113.7',
    });
  });
});

describe('resolveClientAddress with one appended address (the default)', () => {
  it('takes the last entry from a trusted gateway, never an earlier one', () => {
    const client = clientFrom({ forwardedFor: '198.51.100.1, 203.0.113.7', appendedAddresses: 1 });
    expect(client.address).toBe('203.0.113.7');
  });

  it('would take the load balancer for every client if a two-address gateway were configured as one', () => {
    const client = clientFrom({ forwardedFor: `203.0.113.7,${LOAD_BALANCER}`, appendedAddresses: 1 });
    expect(client.address).toBe(LOAD_BALANCER);
  });
});

describe('resolveClientAddress from a source that is not the gateway', () => {
  it('ignores X-Forwarded-For entirely and judges the socket address', () => {
    for (const appendedAddresses of [1, 2]) {
      const client = resolveClientAddress({
        socketAddress: '192.0.2.50',
        forwardedFor: `203.0.113.7,${LOAD_BALANCER}`,
        isTrustedSource,
        appendedAddresses,
      });
      expect(client.address).toBe('192.0.2.50');
    }
  });

  it('reads a dual-stack socket IPv4-mapped peer as IPv4, and a gone socket as unknown', () => {
    const untrusted = { forwardedFor: '203.0.113.7', isTrustedSource, appendedAddresses: 1 };
    expect(resolveClientAddress({ ...untrusted, socketAddress: '::ffff:192.0.2.50' }).address).toBe('192.0.2.50');
    expect(resolveClientAddress({ ...untrusted, socketAddress: undefined })).toEqual({
      address: 'unknown',
      group: 'unknown',
    });
  });

  it('never lets an untrusted caller choose its address, whatever it sends', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.ipV4(), fc.ipV6(), fc.string())), fc.integer({ min: 1, max: 4 }), (chain, n) => {
        const client = resolveClientAddress({
          socketAddress: '192.0.2.50',
          forwardedFor: chain.join(','),
          isTrustedSource,
          appendedAddresses: n,
        });
        expect(client.address).toBe('192.0.2.50');
      }),
    );
  });
});

describe('resolveClientAddress from the gateway, whatever the caller prepends', () => {
  it('always answers the appended client, whatever the caller put before it', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.ipV4(), fc.ipV6(), fc.string())), fc.ipV4(), (forged, client) => {
        const forwardedFor = [...forged, client, LOAD_BALANCER].join(',');
        expect(clientFrom({ forwardedFor }).address).toBe(client);
      }),
    );
  });
});

describe('addressGroupOf', () => {
  it('keeps an IPv4 address as its own group', () => {
    expect(addressGroupOf('203.0.113.7')).toBe('203.0.113.7');
  });

  it('groups IPv6 addresses by /64: one subscriber network is one client', () => {
    expect(addressGroupOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressGroupOf('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressGroupOf('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressGroupOf('2001:0DB8:0000:0000:0000:0000:0000:0001')).toBe('2001:db8::/64');
    expect(addressGroupOf('fe80::1%eth0')).toBe('fe80::/64');
  });

  it('treats IPv4-mapped IPv6 as IPv4', () => {
    expect(addressGroupOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroupOf('::FFFF:cb00:7107')).toBe('203.0.113.7');
  });

  it('gives every address of one /64 the same group, and different /64s different groups', () => {
    const hextets = fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 4, maxLength: 4 });
    const address = (high: number[], low: number[]) => [...high, ...low].map((group) => group.toString(16)).join(':');
    // A prefix of zeros could spell an IPv4-mapped address (::ffff:…), which is grouped as IPv4.
    const network = hextets.filter((groups) => groups.some((group) => group !== 0));
    fc.assert(
      fc.property(network, network, hextets, hextets, (prefix, other, low, otherLow) => {
        const group = addressGroupOf(address(prefix, low));
        expect(group.endsWith('/64')).toBe(true);
        expect(addressGroupOf(address(prefix, otherLow))).toBe(group);
        const same = prefix.every((value, index) => value === other[index]);
        expect(addressGroupOf(address(other, low)) === group).toBe(same);
      }),
    );
  });

  it('leaves what is not an address unchanged', () => {
    expect(addressGroupOf('unknown')).toBe('unknown');
    expect(addressGroupOf('2001:db8::/64')).toBe('2001:db8::/64');
  });
});

describe('canonicalAddress', () => {
  it('spells IPv6 as RFC 5952 does', () => {
    expect(canonicalAddress('2001:0db8:0000:0000:0001:0000:0000:0001')).toBe('2001:db8::1:0:0:1');
    expect(canonicalAddress('2001:db8:0:1:1:1:1:1')).toBe('2001:db8:0:1:1:1:1:1');
    expect(canonicalAddress('::1')).toBe('::1');
    expect(canonicalAddress('::')).toBe('::');
    expect(canonicalAddress('64:ff9b::192.0.2.33')).toBe('64:ff9b::c000:221');
  });

  it('spells every IPv6 address as the WHATWG URL parser serializes it (IPv4-mapped ones aside)', () => {
    fc.assert(
      fc.property(fc.ipV6(), (address) => {
        const canonical = canonicalAddress(address);
        const serialized = new URL(`http://[${address}]/`).hostname.slice(1, -1);
        if (/^::ffff:[0-9a-f]{1,4}:[0-9a-f]{1,4}$/.test(serialized)) return; // IPv4-mapped: read as IPv4
        expect(canonical).toBe(serialized);
      }),
      { numRuns: 2_000 },
    );
  });

  it('refuses ports, brackets, names and garbage', () => {
    for (const text of ['203.0.113.7:80', '[::1]', 'localhost', 'unknown', '1.2.3', '']) {
      expect(canonicalAddress(text)).toBeNull();
    }
  });
});
