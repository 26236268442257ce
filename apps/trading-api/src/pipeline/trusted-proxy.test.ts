import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  call,
  createCaller,
  randomTestIp,
  startTradingApiKit,
  type TradingApiKit,
} from '../testing/trading-api-test-kit.js';

/**
 * Behind the gateway every request arrives from the gateway's pods. TRUST_PROXY names that hop (its CIDR, as the
 * manifests set it): through it the lockout and the allowlists see the client's address; from any other peer the
 * X-Forwarded-For header is ignored, so it can neither spoof an allowed address nor dodge a lockout.
 */
const BAD_KEY = `svc_test_${'Q'.repeat(32)}`;

let throughGateway: TradingApiKit;
let fromElsewhere: TradingApiKit;
beforeAll(async () => {
  [throughGateway, fromElsewhere] = await Promise.all([
    startTradingApiKit({ trustProxy: '127.0.0.0/8' }), // the tests' loopback peer is the gateway hop
    startTradingApiKit({ trustProxy: '10.0.0.0/8' }), // the gateway is elsewhere: loopback is an untrusted peer
  ]);
});
afterAll(async () => {
  await Promise.all([throughGateway.close(), fromElsewhere.close()]);
});

async function failAuthentication(kit: TradingApiKit, times: number, ip: () => string): Promise<void> {
  for (let i = 0; i < times; i += 1) {
    expect((await call(kit, 'GET', '/v1/portfolio', { key: BAD_KEY, ip: ip() })).status).toBe(401);
  }
}

describe('through the trusted gateway hop', () => {
  it('locks out the failing client only, not every client behind the gateway', async () => {
    const attacker = randomTestIp();
    await failAuthentication(throughGateway, 20, () => attacker);
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
    expect(spoofed.status).toBe(403);
    expect(spoofed.json.code).toBe('IP_NOT_ALLOWED');
  });

  it('locks out the peer itself: a new forwarded address on each try does not dodge the lockout', async () => {
    // Its own app: this locks the tests' loopback address out of it.
    const kit = await startTradingApiKit({ trustProxy: '10.0.0.0/8' });
    try {
      await failAuthentication(kit, 20, randomTestIp);
      const caller = await createCaller(kit);
      const locked = await call(kit, 'GET', '/v1/portfolio', { key: caller.key, ip: randomTestIp() });
      expect(locked.status).toBe(429);
      expect(locked.json.code).toBe('AUTH_LOCKED_OUT');
    } finally {
      await kit.close();
    }
  });
});
