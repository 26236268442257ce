import { describe, expect, it } from '@jest/globals';
import { computeRequestSignature, signRequest } from '../auth/request-signature.js';
import { call, callAs, createCaller, randomTestIp } from '#tooling/kits/trading-api/trading-api-test-kit.js';
import { expectProblemCode, failAuthentication, useTradingApiKit } from '#tooling/kits/trading-api/suite-kit.js';

const MARKET_ID = '3c9a1d2e-5b6f-4a7b-8c9d-0e1f2a3b4c5d';
const TRADE = { marketId: MARKET_ID, outcomeIndex: 0, amount: '2.5', side: 'buy' };

const kit = useTradingApiKit();

describe('brute-force lockout', () => {
  it('locks an IP out for 15 minutes with 429 AUTH_LOCKED_OUT after 20 authentication failures in 5 minutes', async () => {
    const ip = randomTestIp();
    await failAuthentication(kit, 20, ip);
    const caller = await createCaller(kit);
    const locked = await call(kit, 'GET', '/v1/portfolio', { key: caller.key, ip });
    expectProblemCode(locked, 429, 'AUTH_LOCKED_OUT');
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(890);
    expect((await callAs(kit, caller, 'GET', '/v1/portfolio')).status).toBe(200);
  });

  it('does not lock an IP whose 20 failures are spread over more than 5 minutes', async () => {
    const ip = randomTestIp();
    const caller = await createCaller(kit);
    await failAuthentication(kit, 10, ip);
    kit.clock.advance(5 * 60_000 + 1_000);
    await failAuthentication(kit, 10, ip);
    expect((await call(kit, 'GET', '/v1/portfolio', { key: caller.key, ip })).status).toBe(200);
    // The last ten and ten more are 20 within 5 minutes: that locks.
    await failAuthentication(kit, 10, ip);
    expect((await call(kit, 'GET', '/v1/portfolio', { key: caller.key, ip })).json.code).toBe('AUTH_LOCKED_OUT');
  });

  it('unlocks a locked-out IP once 15 minutes have passed', async () => {
    const ip = randomTestIp();
    const caller = await createCaller(kit);
    await failAuthentication(kit, 20, ip);
    kit.clock.advance(15 * 60_000 - 5_000);
    const stillLocked = await call(kit, 'GET', '/v1/portfolio', { key: caller.key, ip });
    expect(stillLocked.status).toBe(429);
    expect(Number(stillLocked.headers.get('retry-after'))).toBeLessThanOrEqual(5);
    kit.clock.advance(5_000);
    expect((await call(kit, 'GET', '/v1/portfolio', { key: caller.key, ip })).status).toBe(200);
  });

  it('does not count 403s toward the lockout', async () => {
    const caller = await createCaller(kit, { scopes: ['markets:read'] });
    for (let i = 0; i < 25; i += 1) expect((await callAs(kit, caller, 'GET', '/v1/portfolio')).status).toBe(403);
    expect((await callAs(kit, caller, 'GET', `/v1/markets/${MARKET_ID}`)).status).toBe(404);
  });
});

describe('auth failure audit', () => {
  it('records failures per key when a key matched and per IP when none did', async () => {
    const caller = await createCaller(kit);
    await kit.database.db('api_keys').where({ id: caller.record.id }).update({ revoked_at: new Date() });
    await callAs(kit, caller, 'GET', '/v1/portfolio');
    const anonymousIp = randomTestIp();
    await call(kit, 'GET', '/v1/portfolio', { ip: anonymousIp });
    const byKey = await kit.database.db('auth_failures').where({ api_key_id: caller.record.id });
    expect(byKey).toEqual([
      expect.objectContaining({ code: 'API_KEY_REVOKED', ip: caller.ip, route: 'GET /v1/portfolio' }),
    ]);
    const byIp = await kit.database.db('auth_failures').where({ ip: anonymousIp });
    expect(byIp).toEqual([expect.objectContaining({ code: 'API_KEY_MISSING', api_key_id: null })]);
    await kit.usage.flush();
    const usage = await kit.database
      .db('request_usage')
      .where({ api_key_id: caller.record.id })
      .sum({ n: 'auth_failures' });
    expect(Number(usage[0]?.n)).toBe(1);
  });
});

describe('body signing', () => {
  const raw = JSON.stringify(TRADE);
  const sign = (key: string, body = raw, t = kit.clock.now()) =>
    signRequest(key, { method: 'POST', path: '/v1/trades', rawBody: Buffer.from(body) }, t);
  const post = (key: string, ip: string, signature: string | undefined, body = raw) =>
    call(kit, 'POST', '/v1/trades', {
      key,
      ip,
      rawBody: body,
      headers: signature === undefined ? {} : { 'X-Service-Signature': signature },
    });

  it('passes a valid signature and an absent header', async () => {
    const caller = await createCaller(kit);
    expect((await post(caller.key, caller.ip, sign(caller.key))).status).toBe(404);
    expect((await post(caller.key, caller.ip, undefined)).status).toBe(404);
  });

  it('accepts a header with several v1 values when one matches', async () => {
    const caller = await createCaller(kit);
    const t = kit.clock.now();
    const good = computeRequestSignature(caller.key, t, {
      method: 'POST',
      path: '/v1/trades',
      rawBody: Buffer.from(raw),
    });
    expect((await post(caller.key, caller.ip, `t=${t},v1=${'f'.repeat(64)},v1=${good}`)).status).toBe(404);
  });

  it.each([
    ['stale', 't 6 minutes in the past', (key: string) => sign(key, raw, kit.clock.now() - 6 * 60_000)],
    ['stale', 't 6 minutes in the future', (key: string) => sign(key, raw, kit.clock.now() + 6 * 60_000)],
    ['mismatch', 'another body signed', (key: string) => sign(key, raw.replace('2.5', '25'))],
    ['malformed', 'no number in t', () => 't=now,v1=zz'],
  ])('returns 401 REQUEST_SIGNATURE_INVALID with reason %s (%s)', async (reason, _case, signature) => {
    const caller = await createCaller(kit);
    const response = await post(caller.key, caller.ip, signature(caller.key));
    expect(response.status).toBe(401);
    expect(response.json).toMatchObject({ code: 'REQUEST_SIGNATURE_INVALID', extensions: { reason } });
    const audit = await kit.database.db('auth_failures').where({ api_key_id: caller.record.id });
    expect(audit.map((row: { code: string }) => row.code)).toEqual(['REQUEST_SIGNATURE_INVALID']);
  });

  it('verifies the exact raw bytes (whitespace changes the signature)', async () => {
    const caller = await createCaller(kit);
    const spaced = JSON.stringify(TRADE, null, 2);
    expect((await post(caller.key, caller.ip, sign(caller.key, raw), spaced)).status).toBe(401);
    expect((await post(caller.key, caller.ip, sign(caller.key, spaced), spaced)).status).toBe(404);
  });
});

describe('versioning and precedence', () => {
  it('labels every /v1 response with X-Service-Api-Version and rejects unknown versions with the supported list', async () => {
    const caller = await createCaller(kit);
    const ok = await callAs(kit, caller, 'GET', '/v1/portfolio', {
      headers: { 'X-Service-Api-Version': '2026-04-29' },
    });
    expect(ok.headers.get('x-service-api-version')).toBe('2026-04-29');
    const unknown = await callAs(kit, caller, 'GET', '/v1/portfolio', {
      headers: { 'X-Service-Api-Version': '2030-01-01' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ code: 'API_VERSION_UNSUPPORTED', extensions: { supported: ['2026-04-29'] } });
    const missing = await call(kit, 'GET', '/v1/no-such-route');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-service-api-version')).toBe('2026-04-29');
    for (const path of ['/v1/health', '/v1/ready']) {
      const probe = await call(kit, 'GET', path);
      expect(probe.headers.get('x-service-api-version')).toBe('2026-04-29');
    }
  });

  it('answers 503 ROUTE_DISABLED before checking the key, and 413 before the key', async () => {
    kit.switches.set(['POST /v1/trades']);
    try {
      const disabled = await call(kit, 'POST', '/v1/trades', { body: TRADE, ip: randomTestIp() });
      expect(disabled.status).toBe(503);
      expect(disabled.json).toMatchObject({ code: 'ROUTE_DISABLED', extensions: { route: 'POST /v1/trades' } });
      // Trade creation is off through the batch too (x-switched-off-with).
      const batch = await call(kit, 'POST', '/v1/trades/batch', { body: { trades: [TRADE] }, ip: randomTestIp() });
      expect(batch.status).toBe(503);
      expect(batch.json).toMatchObject({ code: 'ROUTE_DISABLED', extensions: { route: 'POST /v1/trades/batch' } });
      // The batch alone can be switched off, leaving single trades on (401: past the kill switch, no key).
      kit.switches.set(['POST /v1/trades/batch']);
      const single = await call(kit, 'POST', '/v1/trades', { body: TRADE, ip: randomTestIp() });
      expectProblemCode(single, 401, 'API_KEY_MISSING');
    } finally {
      kit.switches.set([]);
    }
    const big = await call(kit, 'POST', '/v1/trades', { rawBody: `"${'x'.repeat(70_000)}"`, ip: randomTestIp() });
    expectProblemCode(big, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('checks the IP allowlist before the rate limit: 403 IP_NOT_ALLOWED reports the window and spends no quota', async () => {
    const caller = await createCaller(kit, { rateLimitRpm: 2, ipAllowlist: ['203.0.113.0/24'] });
    for (let i = 0; i < 3; i += 1) {
      const foreign = await callAs(kit, caller, 'GET', `/v1/markets/${MARKET_ID}`, { ip: '192.0.2.10' });
      expect(foreign.json.code).toBe('IP_NOT_ALLOWED');
      expect(foreign.headers.get('x-ratelimit-limit')).toBe('2');
      expect(foreign.headers.get('x-ratelimit-remaining')).toBe('2');
    }
    const own = await callAs(kit, caller, 'GET', `/v1/markets/${MARKET_ID}`, { ip: '203.0.113.7' });
    expect(own.status).toBe(404);
    expect(own.headers.get('x-ratelimit-remaining')).toBe('1');
  });

  it('checks scope before the rate limit: 403 INSUFFICIENT_SCOPE reports the window as it stands, uncounted', async () => {
    const caller = await createCaller(kit, { rateLimitRpm: 2 });
    const wrongScope = await callAs(kit, caller, 'GET', '/v1/webhooks/events');
    expectProblemCode(wrongScope, 403, 'INSUFFICIENT_SCOPE');
    expect(wrongScope.headers.get('x-ratelimit-limit')).toBe('2');
    expect(wrongScope.headers.get('x-ratelimit-remaining')).toBe('2');
    expect(Number(wrongScope.headers.get('x-ratelimit-reset'))).toBeGreaterThan(kit.clock.now() / 1000 - 1);
    for (const remaining of ['1', '0']) {
      const read = await callAs(kit, caller, 'GET', `/v1/markets/${MARKET_ID}`);
      expect(read.headers.get('x-ratelimit-remaining')).toBe(remaining);
      const refused = await callAs(kit, caller, 'GET', '/v1/webhooks/events');
      expect([refused.json.code, refused.headers.get('x-ratelimit-remaining')]).toEqual([
        'INSUFFICIENT_SCOPE',
        remaining,
      ]);
    }
    const limited = await callAs(kit, caller, 'GET', `/v1/markets/${MARKET_ID}`);
    expectProblemCode(limited, 429, 'RATE_LIMIT_EXCEEDED');
  });

  it('reports the token bucket on a refused write: 403 INSUFFICIENT_SCOPE on POST /v1/trades takes no token', async () => {
    const caller = await createCaller(kit, { rateLimitRpm: 3, scopes: ['markets:read'] });
    const refused = await callAs(kit, caller, 'POST', '/v1/trades', { body: TRADE });
    expect(refused.json.code).toBe('INSUFFICIENT_SCOPE');
    expect([refused.headers.get('x-ratelimit-limit'), refused.headers.get('x-ratelimit-remaining')]).toEqual([
      '3',
      '3',
    ]);
  });

  it('validates after the rate limit: a 400 VALIDATION_FAILED spends quota', async () => {
    const caller = await createCaller(kit, { rateLimitRpm: 1 });
    const invalid = await callAs(kit, caller, 'POST', '/v1/trades', { body: { ...TRADE, amount: '1.1234567' } });
    expect(invalid.status).toBe(400);
    expect(invalid.json).toMatchObject({ code: 'VALIDATION_FAILED', extensions: { field: 'amount' } });
    expect(invalid.headers.get('x-ratelimit-remaining')).toBe('0');
    const limited = await callAs(kit, caller, 'POST', '/v1/trades', { body: { ...TRADE, amount: 'bad' } });
    expect(limited.status).toBe(429);
  });

  it('names the offending field of query and body validation failures', async () => {
    const caller = await createCaller(kit);
    const query = await callAs(kit, caller, 'GET', '/v1/markets?limit=0');
    expect(query.json).toMatchObject({ code: 'VALIDATION_FAILED', extensions: { field: 'limit', location: 'query' } });
    const path = await callAs(kit, caller, 'GET', '/v1/markets/not-a-uuid');
    expect(path.json).toMatchObject({ code: 'VALIDATION_FAILED', extensions: { field: 'id', location: 'path' } });
    const json = await callAs(kit, caller, 'POST', '/v1/trades', { rawBody: '{"marketId":' });
    expect(json.json).toMatchObject({ code: 'VALIDATION_FAILED', detail: 'Request body is not valid JSON.' });
    const missing = await callAs(kit, caller, 'POST', '/v1/trades', { body: { ...TRADE, side: undefined } });
    expect(missing.json).toMatchObject({ extensions: { field: 'side', location: 'body' } });
  });
});
