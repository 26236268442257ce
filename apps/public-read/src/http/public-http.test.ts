import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  createPublicReadSuite,
  getJson,
  type AppOptions,
  type PublicReadSuite,
  type RunningPublicRead,
} from '#tooling/kits/public-read/public-read-test-kit.js';
import { loadConfig } from '#shared/config/load-config.js';
import { publicReadConfigSchema } from '#shared/config/app-configs.js';
import { publicReadSettingsFrom } from '../app.js';
import type { ApiKeyVerifier } from './api-key.js';

let suite: PublicReadSuite;
let app: RunningPublicRead;
let clientNumber = 0;
/** A distinct client address per test (the app trusts X-Forwarded-For from loopback here). */
const nextClient = (): Record<string, string> => ({ 'X-Forwarded-For': `203.0.113.${++clientNumber}` });
const limits = { windowMs: 60_000, threadsList: 3, default: 5 };
/** An app with the small limits above, trusting X-Forwarded-For from loopback. */
const startLimited = (options: AppOptions = {}) =>
  suite.start({ settings: { rateLimit: limits }, trustProxy: 'loopback', ...options });

beforeAll(async () => {
  suite = await createPublicReadSuite();
  app = await startLimited();
});

afterAll(() => suite.destroy());

describe('rate limits', () => {
  it('limits the threads list per client and reports X-RateLimit-* with the reset in epoch milliseconds', async () => {
    const headers = nextClient();
    const before = Date.now();
    const remaining: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const response = await getJson(`${app.url}/api/threads`, { headers });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-ratelimit-limit')).toBe('3');
      remaining.push(response.headers.get('x-ratelimit-remaining')!);
      const reset = Number(response.headers.get('x-ratelimit-reset'));
      expect(reset).toBeGreaterThanOrEqual(before);
      expect(reset).toBeLessThanOrEqual(Date.now() + 60_000);
    }
    expect(remaining).toEqual(['2', '1', '0']);

    const limited = await getJson(`${app.url}/api/threads`, { headers });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      error: 'Too Many Requests',
      code: 'RATE_LIMIT_EXCEEDED',
      message: expect.any(String),
      retryAfter: expect.any(Number),
    });
    const retryAfter = limited.body.retryAfter as number;
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
    expect(limited.headers.get('retry-after')).toBe(String(retryAfter));
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(limited.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('gives every other endpoint the default limit in its own window, shared by every replica through Redis', async () => {
    const headers = nextClient();
    for (let index = 0; index < 3; index += 1) await getJson(`${app.url}/api/threads`, { headers });
    expect((await getJson(`${app.url}/api/threads`, { headers })).status).toBe(429);

    const replica = await startLimited();
    const first = await getJson(`${app.url}/api/markets`, { headers });
    expect(first.headers.get('x-ratelimit-limit')).toBe('5');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('4');
    const second = await getJson(`${replica.url}/api/markets`, { headers });
    expect(second.headers.get('x-ratelimit-remaining')).toBe('3');
    for (let index = 0; index < 3; index += 1) await getJson(`${replica.url}/api/markets`, { headers });
    expect((await getJson(`${app.url}/api/markets`, { headers })).status).toBe(429);
    expect((await getJson(`${app.url}/api/markets/featured`, { headers })).status).toBe(200);
    const key = `rl:public:GET /api/markets|ip:${headers['X-Forwarded-For']}`;
    expect(Number(await suite.redis.get(key))).toBe(6);
    expect(await suite.redis.pttl(key)).toBeGreaterThan(0);
  });

  it('counts invalid requests too, so a 400 carries the headers', async () => {
    const response = await getJson(`${app.url}/api/markets?limit=0`, { headers: nextClient() });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-ratelimit-remaining')).toBe('4');
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY names the proxy', async () => {
    const untrusting = await suite.start({ settings: { rateLimit: limits } });
    const spoofs = ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4'];
    const statuses: number[] = [];
    for (const ip of spoofs) {
      statuses.push((await getJson(`${untrusting.url}/api/threads`, { headers: { 'X-Forwarded-For': ip } })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe("per-IP limits behind Google's load balancer (two appended addresses)", () => {
  /** The load balancer's own address: the last entry of every chain it forwards. */
  const loadBalancer = '34.120.0.9';
  /** X-Forwarded-For as the balancer forwards it: what the caller sent, then the client, then itself. */
  const through = (client: string, forged: string[] = []) => ({
    'X-Forwarded-For': [...forged, client, loadBalancer].join(','),
  });
  let gateway: RunningPublicRead;
  beforeAll(async () => {
    gateway = await startLimited({ gatewayAppendedAddresses: 2 });
  });

  it('counts each client on its own, whatever it forges ahead of its address', async () => {
    const client = `203.0.113.${++clientNumber}`;
    const statuses: number[] = [];
    for (let index = 0; index < 4; index += 1) {
      const headers = through(client, [`198.51.100.${index + 1}`]);
      statuses.push((await getJson(`${gateway.url}/api/threads`, { headers })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Another client behind the same balancer has its own window, even one that forges the limited client's address.
    const neighbour = await getJson(`${gateway.url}/api/threads`, {
      headers: through(`203.0.113.${++clientNumber}`, [client]),
    });
    expect(neighbour.status).toBe(200);
    expect(neighbour.headers.get('x-ratelimit-remaining')).toBe('2');
    expect(await suite.redis.get(`rl:public:GET /api/threads|ip:${loadBalancer}`)).toBeNull();
  });

  it('counts an IPv6 client per /64, and an IPv4-mapped client as its IPv4 address', async () => {
    const network = `2001:db8:${(++clientNumber).toString(16)}:7`;
    const remaining: Array<string | null> = [];
    for (const host of ['1', 'abcd::2', 'ffff:ffff:ffff:ffff']) {
      const client = host.includes(':') ? `${network}:${host}` : `${network}::${host}`;
      remaining.push(
        (await getJson(`${gateway.url}/api/threads`, { headers: through(client) })).headers.get(
          'x-ratelimit-remaining',
        ),
      );
    }
    expect(remaining).toEqual(['2', '1', '0']);
    expect(Number(await suite.redis.get(`rl:public:GET /api/threads|ip:${network}::/64`))).toBe(3);
    const nextNetwork = await getJson(`${gateway.url}/api/threads`, {
      headers: through(`2001:db8:${clientNumber.toString(16)}:8::1`),
    });
    expect(nextNetwork.headers.get('x-ratelimit-remaining')).toBe('2');

    const ipv4 = `203.0.113.${++clientNumber}`;
    await getJson(`${gateway.url}/api/threads`, { headers: through(ipv4) });
    const mapped = await getJson(`${gateway.url}/api/threads`, { headers: through(`::ffff:${ipv4}`) });
    expect(mapped.headers.get('x-ratelimit-remaining')).toBe('1');
  });

  it('counts a chain shorter than the balancer appends against the peer, never against a forged client', async () => {
    const isolated = await startLimited({ gatewayAppendedAddresses: 2 });
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) {
      const headers = { 'X-Forwarded-For': `198.51.100.${index + 1}` }; // one entry: not through the balancer
      statuses.push((await getJson(`${isolated.url}/api/markets/featured`, { headers })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(Number(await suite.redis.get('rl:public:GET /api/markets/featured|ip:127.0.0.1'))).toBe(6);
  });
});

describe('unknown paths', () => {
  it.each([
    ['GET', '/api/nothing-here'],
    ['GET', '/api/markets/m1/unknown'],
    ['POST', '/api/threads'],
    ['DELETE', '/api/markets/m1'],
  ])('answers %s %s with 404 NOT_FOUND in the public style, rate-limited like any endpoint', async (method, path) => {
    const headers = { ...nextClient(), 'Content-Type': 'application/json' };
    // A body is never read: a malformed one changes nothing.
    const body = method === 'GET' ? undefined : '{not json';
    const { status, body: answerBody, headers: answer } = await getJson(`${app.url}${path}`, { method, headers, body });
    expect(status).toBe(404);
    expect(answerBody).toEqual({ error: 'Not Found', code: 'NOT_FOUND', message: expect.any(String) });
    expect(answer.get('x-ratelimit-limit')).toBe('5');
    expect(answer.get('x-ratelimit-remaining')).toBe('4');
    expect(answer.get('access-control-allow-origin')).toBe('*');
  });
});

describe('configured limits', () => {
  it('applies the deployment defaults: 50/min on the threads list, 100/min elsewhere, per minute', async () => {
    const config = loadConfig(publicReadConfigSchema, {});
    const running = await suite.start({ settings: publicReadSettingsFrom(config), trustProxy: 'loopback' });
    const headers = nextClient();
    const threads = await getJson(`${running.url}/api/threads`, { headers });
    const markets = await getJson(`${running.url}/api/markets`, { headers });
    expect([threads.headers.get('x-ratelimit-limit'), markets.headers.get('x-ratelimit-limit')]).toEqual(['50', '100']);
    const reset = Number(threads.headers.get('x-ratelimit-reset'));
    expect(reset).toBeGreaterThan(Date.now() + 50_000);
    expect(reset).toBeLessThanOrEqual(Date.now() + 60_000);
  });
});

describe('CORS and security headers', () => {
  it('allows any origin on responses and errors, exposing the rate-limit headers', async () => {
    for (const path of ['/api/markets', '/api/markets?limit=0', '/api/nothing-here']) {
      const response = await fetch(`${app.url}${path}`, {
        headers: { Origin: 'https://embed.example', ...nextClient() },
      });
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-expose-headers')).toContain('X-RateLimit-Reset');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('answers a preflight with 204, the allowed methods and headers (X-API-Key included), unlimited', async () => {
    for (let index = 0; index < 8; index += 1) {
      const response = await fetch(`${app.url}/api/threads`, {
        method: 'OPTIONS',
        headers: {
          Origin: 'https://embed.example',
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'x-api-key',
        },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-allow-methods')).toContain('GET');
      expect(response.headers.get('access-control-allow-headers')).toContain('X-API-Key');
      expect(response.headers.get('access-control-max-age')).toBe('86400');
      expect(response.headers.get('x-ratelimit-limit')).toBeNull();
    }
  });
});

describe('X-API-Key hook', () => {
  it('ignores the header while no verifier is wired in: anonymous, per-IP limit', async () => {
    const headers = { ...nextClient(), 'X-API-Key': 'svc_test_0123456789abcdef0123456789abcdef' };
    const { body, headers: responseHeaders } = await getJson(`${app.url}/api/threads`, { headers });
    expect(body._meta).toMatchObject({ authenticated: false });
    expect(responseHeaders.get('x-ratelimit-limit')).toBe('3');
  });

  it('with a verifier, a valid key is authenticated and limited per user with its own limit', async () => {
    const verifier: ApiKeyVerifier = {
      verify: (rawKey) =>
        Promise.resolve(rawKey === 'good' ? { apiKeyId: 'key_1', userId: 'user_1', limitPerMinute: 7 } : null),
    };
    const keyed = await startLimited({ apiKeyVerifier: verifier });
    const good = await getJson(`${keyed.url}/api/threads`, { headers: { ...nextClient(), 'X-API-Key': 'good' } });
    expect(good.body._meta).toMatchObject({ authenticated: true });
    expect(good.headers.get('x-ratelimit-limit')).toBe('7');
    const other = await getJson(`${keyed.url}/api/markets`, { headers: { ...nextClient(), 'X-API-Key': 'good' } });
    expect(other.headers.get('x-ratelimit-remaining')).toBe('5');
    const bad = await getJson(`${keyed.url}/api/threads`, { headers: { ...nextClient(), 'X-API-Key': 'bad' } });
    expect(bad.body._meta).toMatchObject({ authenticated: false });
    expect(bad.headers.get('x-ratelimit-limit')).toBe('3');
  });
});

describe('kill switch', () => {
  it('answers 503 ROUTE_DISABLED in the public style for a disabled route id, with the rate-limit headers', async () => {
    const disabled = await suite.start({ routeDisabled: ['GET /api/markets/:id'] });
    const { status, body, headers } = await getJson(`${disabled.url}/api/markets/anything`);
    expect(status).toBe(503);
    expect(body).toMatchObject({ code: 'ROUTE_DISABLED', extensions: { route: 'GET /api/markets/:id' } });
    expect(headers.get('access-control-allow-origin')).toBe('*');
    expect(headers.get('x-ratelimit-limit')).toBe('100');
    expect(Number(headers.get('x-ratelimit-remaining'))).toBeLessThan(100);
    expect(Number(headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() - 1_000);
    expect((await getJson(`${disabled.url}/api/markets`)).status).toBe(200);
  });
});
