import { randomInt } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { expectProblemCode, failAuthentication, useTradingApiKit } from '#tooling/kits/trading-api/suite-kit.js';
import {
  call,
  createCaller,
  randomTestIp,
  startTradingApiKit,
} from '#tooling/kits/trading-api/trading-api-test-kit.js';

/**
 * Behind the gateway every request arrives from the gateway's pods. TRUST_PROXY names that hop (its CIDR, as the
 * manifests set it): through it the lockout and the allowlists see the client's address; from any other peer the
 * X-Forwarded-For header is ignored, so it can neither spoof an allowed address nor dodge a lockout.
 */

// The tests' loopback peer is the gateway hop.
const throughGateway = useTradingApiKit({ trustProxy: '127.0.0.0/8' });
// The gateway is elsewhere: loopback is an untrusted peer.
const fromElsewhere = useTradingApiKit({ trustProxy: '10.0.0.0/8' });
// Google's regional external load balancer: it appends `<client>,<its own address>` (GATEWAY_APPENDED_ADDRESSES=2).
const throughGoogle = useTradingApiKit({ trustProxy: '127.0.0.0/8', gatewayAppendedAddresses: 2 });

/** The load balancer's own address: the last entry of every chain it forwards. */
const LOAD_BALANCER = '34.120.0.9';
/** X-Forwarded-For as Google's load balancer forwards it: what the caller sent, then the client, then itself. */
const googleChain = (client: string, forged: string[] = []): string => [...forged, client, LOAD_BALANCER].join(',');

describe('through the trusted gateway hop', () => {
  it('locks out the failing client only, not every client behind the gateway', async () => {
    const attacker = randomTestIp();
    await failAuthentication(throughGateway, 20, attacker);
    const caller = await createCaller(throughGateway);
    const locked = await call(throughGateway, 'GET', '/v1/portfolio', { key: caller.key, ip: attacker });
    expect(locked.json.code).toBe('AUTH_LOCKED_OUT');
    const neighbour = await call(throughGateway, 'GET', '/v1/portfolio', { key: caller.key, ip: randomTestIp() });
    expect(neighbour.status).toBe(200);
  });

  it("checks a key's IP allowlist against the client's address", async () => {
    const office = '203.0.113.7';
    const caller = await createCaller(throughGateway, { ipAllowlist: [office] });
    expect((await call(throughGateway, 'GET', '/v1/portfolio', { key: caller.key, ip: office })).status).toBe(200);
    const elsewhere = await call(throughGateway, 'GET', '/v1/portfolio', { key: caller.key, ip: '203.0.113.8' });
    expect(elsewhere.json.code).toBe('IP_NOT_ALLOWED');
  });
});

describe('from an untrusted peer', () => {
  it('ignores a forwarded address that names an allowlisted one', async () => {
    const office = '203.0.113.9';
    const caller = await createCaller(fromElsewhere, { ipAllowlist: [office] });
    const spoofed = await call(fromElsewhere, 'GET', '/v1/portfolio', { key: caller.key, ip: office });
    expectProblemCode(spoofed, 403, 'IP_NOT_ALLOWED');
  });

  it('locks out the peer itself: a new forwarded address on each try does not dodge the lockout', async () => {
    // Its own app: this locks the tests' loopback address out of it.
    const kit = await startTradingApiKit({ trustProxy: '10.0.0.0/8' });
    try {
      await failAuthentication(kit, 20, randomTestIp);
      const caller = await createCaller(kit);
      const locked = await call(kit, 'GET', '/v1/portfolio', { key: caller.key, ip: randomTestIp() });
      expectProblemCode(locked, 429, 'AUTH_LOCKED_OUT');
    } finally {
      await kit.close();
    }
  });
});

describe("behind Google's load balancer (two appended addresses)", () => {
  it('locks out the failing client only, whatever it forges, and leaves its neighbours behind the balancer alone', async () => {
    const attacker = randomTestIp();
    // A new forged entry on every try.
    await failAuthentication(throughGoogle, 20, () => googleChain(attacker, [randomTestIp()]));
    const caller = await createCaller(throughGoogle);
    const locked = await call(throughGoogle, 'GET', '/v1/portfolio', {
      key: caller.key,
      ip: googleChain(attacker, [randomTestIp()]),
    });
    expectProblemCode(locked, 429, 'AUTH_LOCKED_OUT');
    // The attacker cannot forge its way into another client's bucket either: only its own appended entry counts.
    const neighbour = await call(throughGoogle, 'GET', '/v1/portfolio', {
      key: caller.key,
      ip: googleChain(randomTestIp(), [attacker]),
    });
    expect(neighbour.status).toBe(200);
    // The audit log names the client, not the load balancer.
    const rows = await throughGoogle.database.db('auth_failures').where({ ip: attacker }).count({ n: '*' });
    expect(Number(rows[0]?.n)).toBe(20);
    expect(await throughGoogle.database.db('auth_failures').where({ ip: LOAD_BALANCER }).first()).toBeUndefined();
  });

  it('locks out an IPv6 client per /64: other addresses of its network are locked too, other networks are not', async () => {
    const site = `2001:db8:${randomInt(0, 0xffff).toString(16)}`;
    const subnet = randomInt(0, 0xfffe);
    const network = `${site}:${subnet.toString(16)}`;
    // A new address of the /64 each time.
    await failAuthentication(throughGoogle, 20, (attempt) => googleChain(`${network}::${(attempt + 1).toString(16)}`));
    const caller = await createCaller(throughGoogle);
    const portfolio = (client: string) =>
      call(throughGoogle, 'GET', '/v1/portfolio', { key: caller.key, ip: googleChain(client) });
    expect((await portfolio(`${network}:ffff:ffff:ffff:ffff`)).json.code).toBe('AUTH_LOCKED_OUT');
    expect((await portfolio(`${site}:${(subnet + 1).toString(16)}::1`)).status).toBe(200);
  });

  it("admits the real client to a key's IP allowlist, and never a caller who forges an allowed address", async () => {
    const office = '203.0.113.17';
    const caller = await createCaller(throughGoogle, { ipAllowlist: [office, '2001:db8:aa::/48'] });
    const portfolio = (forwardedFor: string) =>
      call(throughGoogle, 'GET', '/v1/portfolio', { key: caller.key, ip: forwardedFor });
    expect((await portfolio(googleChain(office, ['198.51.100.1']))).status).toBe(200);
    expect((await portfolio(googleChain(`::ffff:${office}`))).status).toBe(200);
    expect((await portfolio(googleChain('2001:db8:aa:1::7'))).status).toBe(200);
    const forged = await portfolio(googleChain('203.0.113.18', [office]));
    expectProblemCode(forged, 403, 'IP_NOT_ALLOWED');
    // A chain shorter than the balancer appends did not come through it: the peer's own address is judged.
    expect((await portfolio(office)).json.code).toBe('IP_NOT_ALLOWED');
  });

  it('ignores the chain from a peer that is not the gateway, however it is shaped', async () => {
    const kit = await startTradingApiKit({ trustProxy: '10.0.0.0/8', gatewayAppendedAddresses: 2 });
    try {
      const office = '203.0.113.19';
      const caller = await createCaller(kit, { ipAllowlist: [office] });
      const spoofed = await call(kit, 'GET', '/v1/portfolio', { key: caller.key, ip: googleChain(office) });
      expect(spoofed.json.code).toBe('IP_NOT_ALLOWED');
    } finally {
      await kit.close();
    }
  });
});
