/* The client address through a real createHttpApp on port 0: the tests' loopback peer plays the gateway. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { clientAddressOf } from './client-address.js';
import { startTestApp, type TestApp } from '#tooling/testing/http-test-kit.js';
import type { RouteRegistrar } from './route-registrar.js';

const mountClient = (registrar: RouteRegistrar) =>
  registrar.route('GET', '/client', (req, res) => {
    res.json({ ip: req.ip, client: clientAddressOf(res) });
  });

/** Google's load balancer: `<what the caller sent>,<client>,<its own address>`. */
const LOAD_BALANCER = '34.120.0.9';

let behindGoogle: TestApp;
let gatewayElsewhere: TestApp;
beforeAll(async () => {
  [behindGoogle, gatewayElsewhere] = await Promise.all([
    startTestApp({ errorStyle: 'problem', trustProxy: 'loopback', gatewayAppendedAddresses: 2 }, mountClient),
    startTestApp({ errorStyle: 'problem', trustProxy: '10.0.0.0/8', gatewayAppendedAddresses: 2 }, mountClient),
  ]);
});
afterAll(async () => {
  await Promise.all([behindGoogle.running.close(), gatewayElsewhere.running.close()]);
});

async function ask(app: TestApp, forwardedFor: string): Promise<unknown> {
  return (await fetch(`${app.url}/client`, { headers: { 'x-forwarded-for': forwardedFor } })).json();
}

describe('the client address of a request', () => {
  it("is the client the gateway appended, in req.ip and clientAddressOf alike, never the caller's forged entries", async () => {
    expect(await ask(behindGoogle, `198.51.100.1, 2001:DB8:5:6::7, ${LOAD_BALANCER}`)).toEqual({
      ip: '2001:db8:5:6::7',
      client: { address: '2001:db8:5:6::7', group: '2001:db8:5:6::/64' },
    });
  });

  it("is the peer's own address for a chain too short for the gateway or a malformed client entry", async () => {
    expect(await ask(behindGoogle, '198.51.100.1')).toMatchObject({ ip: '127.0.0.1' });
    expect(await ask(behindGoogle, `198.51.100.1,bogus,${LOAD_BALANCER}`)).toMatchObject({ ip: '127.0.0.1' });
  });

  it("is the peer's own address when the peer is not one of the gateway's sources", async () => {
    expect(await ask(gatewayElsewhere, `203.0.113.7,${LOAD_BALANCER}`)).toEqual({
      ip: '127.0.0.1',
      client: { address: '127.0.0.1', group: '127.0.0.1' },
    });
  });
});
