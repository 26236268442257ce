import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiScopes } from '#shared/auth/tiers.js';
import { sumRequestUsage } from '../db/request-usage/request-usage.repository.js';
import { tradingApiDocument } from '../openapi/operations.js';
import { listOperations } from '../openapi/operations.js';
import { createUnreachableRedis, type UnreachableRedis } from '#tooling/testing/unreachable-redis.js';
import {
  addKey,
  callAs,
  concretePath,
  createCaller,
  startTradingApiKit,
  type TestCaller,
  type TradingApiKit,
} from '#tooling/kits/trading-api/trading-api-test-kit.js';
import { expectProblemCode, useTradingApiKit } from '#tooling/kits/trading-api/suite-kit.js';

const MARKET = '/v1/markets/7f1c2b8e-4d5a-4e6f-8a9b-0c1d2e3f4a5b';
const TRADE_BODY = { marketId: '7f1c2b8e-4d5a-4e6f-8a9b-0c1d2e3f4a5b', outcomeIndex: 0, amount: '1', side: 'buy' };

const kit = useTradingApiKit();

async function burst(caller: TestCaller, count: number, method = 'GET', path = MARKET, key = caller.key) {
  const body = method === 'POST' ? TRADE_BODY : undefined;
  return Promise.all(Array.from({ length: count }, () => callAs(kit, caller, method, path, { key, body })));
}

const admitted = (responses: Array<{ status: number }>) =>
  responses.filter((response) => response.status !== 429).length;

describe('per-user read limit (sliding window)', () => {
  it('admits exactly 60 of 200 parallel reads against a limit of 60 and rejects the rest with 429 RATE_LIMIT_EXCEEDED', async () => {
    const caller = await createCaller(kit, { tier: 'free' });
    const responses = await burst(caller, 200);
    expect(admitted(responses)).toBe(60);
    const rejected = responses.find((response) => response.status === 429)!;
    expect(rejected.json.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(Number(rejected.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(rejected.headers.get('x-ratelimit-limit')).toBe('60');
    expect(rejected.headers.get('x-ratelimit-remaining')).toBe('0');
    await kit.usage.flush();
    const usage = await sumRequestUsage(kit.database.db, caller.record.id, new Date(Date.now() - 120_000));
    expect(usage).toMatchObject({ requests: 200, rateLimitRejections: 140 });
  });

  it('sets X-RateLimit-Limit, Remaining and Reset (epoch seconds) on admitted responses', async () => {
    const caller = await createCaller(kit, { tier: 'developer' });
    const [first] = await burst(caller, 1);
    expect(first!.headers.get('x-ratelimit-limit')).toBe('300');
    expect(first!.headers.get('x-ratelimit-remaining')).toBe('299');
    const reset = Number(first!.headers.get('x-ratelimit-reset'));
    const nowSeconds = kit.clock.now() / 1000;
    expect(reset).toBeGreaterThan(nowSeconds - 1);
    expect(reset).toBeLessThanOrEqual(Math.ceil(nowSeconds) + 60);
  });

  it('shares one window across the keys of a user, sized by the highest limit among them', async () => {
    const caller = await createCaller(kit, { tier: 'free' });
    const second = await addKey(kit, caller, { tier: 'free' });
    const responses = [...(await burst(caller, 40)), ...(await burst(caller, 40, 'GET', MARKET, second))];
    expect(admitted(responses)).toBe(60);
    const owner = await createCaller(kit, { tier: 'free' });
    await addKey(kit, owner, { tier: 'free', rateLimitRpm: 90 });
    expect((await burst(owner, 1))[0]!.headers.get('x-ratelimit-limit')).toBe('90');
  });

  it('limits the markets list like any read, although its answer is cached for every caller: 429 RATE_LIMIT_EXCEEDED past the limit', async () => {
    const caller = await createCaller(kit, { rateLimitRpm: 3 });
    const responses = await burst(caller, 5, 'GET', '/v1/markets');
    expect(responses.map((response) => response.status).sort()).toEqual([200, 200, 200, 429, 429]);
    const rejected = responses.find((response) => response.status === 429)!;
    expect(rejected.json.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(rejected.headers.get('content-type')).toContain('application/problem+json');
    expect(Number(rejected.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(rejected.headers.get('x-ratelimit-remaining')).toBe('0');
  });

  it('weights the previous minute: one minute after a full window only the decayed share is free again', async () => {
    const caller = await createCaller(kit, { tier: 'free' });
    const clock = kit.clock;
    // A stopped clock 100 ms into a minute: the bursts' own duration must not decay the window under load.
    clock.freezeAt(clock.now() - (clock.now() % 60_000) + 60_100);
    expect(admitted(await burst(caller, 61))).toBe(60);
    clock.advance(61_500);
    // 1.6 s into the next minute the estimate is 60 × 58.4/60 = 58.4: exactly one more request fits.
    expect(admitted(await burst(caller, 3))).toBe(1);
    clock.advance(30_000);
    const halfway = admitted(await burst(caller, 60));
    expect(halfway).toBeGreaterThanOrEqual(29);
    expect(halfway).toBeLessThanOrEqual(31);
    clock.advance(120_000);
    expect(admitted(await burst(caller, 60))).toBe(60);
  });
});

describe('per-user write limit (token bucket)', () => {
  it('admits exactly the capacity of 200 parallel POST /v1/trades and refills limit/60 per second', async () => {
    const caller = await createCaller(kit, { rateLimitRpm: 60 });
    expect(admitted(await burst(caller, 200, 'POST', '/v1/trades'))).toBe(60);
    kit.clock.advance(1_000);
    expect(admitted(await burst(caller, 3, 'POST', '/v1/trades'))).toBe(1);
    const rejected = (await burst(caller, 1, 'POST', '/v1/trades'))[0]!;
    expect(rejected.status).toBe(429);
    expect(Number(rejected.headers.get('retry-after'))).toBe(1);
  });

  it("is one bucket for all of a user's keys: two keys drain it together, another user's key is unaffected", async () => {
    const caller = await createCaller(kit, { rateLimitRpm: 10 });
    const second = await addKey(kit, caller, { rateLimitRpm: 10 });
    const stranger = await createCaller(kit, { rateLimitRpm: 10 });
    const first = await burst(caller, 3, 'POST', '/v1/trades');
    expect(admitted(first)).toBe(3);
    const fromSecond = (await burst(caller, 1, 'POST', '/v1/trades', second))[0]!;
    expect(fromSecond.status).toBe(404);
    expect(fromSecond.headers.get('x-ratelimit-remaining')).toBe('6');
    const mixed = [
      ...(await burst(caller, 6, 'POST', '/v1/trades', second)),
      ...(await burst(caller, 2, 'POST', '/v1/trades')),
    ];
    expect(admitted(mixed)).toBe(6);
    expect((await burst(caller, 1, 'POST', '/v1/trades', second))[0]!.status).toBe(429);
    const other = (await burst(stranger, 1, 'POST', '/v1/trades'))[0]!;
    expect(other.status).toBe(404);
    expect(other.headers.get('x-ratelimit-remaining')).toBe('9');
  });

  it('is separate from the read window and shared by confirm and redeliver', async () => {
    const caller = await createCaller(kit, {
      rateLimitRpm: 2,
      scopes: ['trades:write', 'webhooks:manage', 'markets:read'],
    });
    expect((await burst(caller, 1, 'POST', '/v1/trades'))[0]!.status).toBe(404);
    const confirm = await callAs(kit, caller, 'POST', '/v1/trades/7f1c2b8e-4d5a-4e6f-8a9b-0c1d2e3f4a5b/confirm', {
      body: { token: 'abc' },
    });
    // Admitted by the bucket (the trade does not exist: 404); the third write of the minute is refused.
    expect(confirm.status).toBe(404);
    const redeliver = await callAs(kit, caller, 'POST', '/v1/webhooks/events/evt_abc/redeliver');
    expect(redeliver.status).toBe(429);
    expect((await burst(caller, 1))[0]!.status).toBe(404);
  });
});

describe('when Redis is unavailable', () => {
  let unreachable: UnreachableRedis;
  let degraded: TradingApiKit;
  beforeAll(async () => {
    unreachable = createUnreachableRedis();
    degraded = await startTradingApiKit({ redis: unreachable.redis });
  });
  afterAll(async () => {
    await degraded.close();
    await unreachable.close();
  });

  const operations = listOperations(tradingApiDocument()).filter((operation) => operation.scope !== null);
  const writes = operations.filter((operation) => operation.method !== 'GET');

  it('covers the writes on the sliding window too (POST /v1/redemptions, the webhook-secret rotation)', () => {
    expect(writes.map((operation) => operation.routeId)).toEqual(
      expect.arrayContaining([
        'POST /v1/trades',
        'POST /v1/redemptions',
        'POST /v1/auth/api-keys/me/webhook-secret/rotate',
      ]),
    );
    expect(writes.filter((operation) => operation.rateLimit === 'sliding-window').length).toBeGreaterThanOrEqual(2);
  });

  it.each(writes.map((operation) => [operation.routeId, operation] as const))(
    'fails closed on %s: 503 DEPENDENCY_UNAVAILABLE with Retry-After: 30',
    async (_routeId, operation) => {
      const caller = await createCaller(degraded, { scopes: [...apiScopes] });
      const refused = await callAs(degraded, caller, operation.method, concretePath(operation.path), {
        body: TRADE_BODY,
      });
      expectProblemCode(refused, 503, 'DEPENDENCY_UNAVAILABLE');
      expect(refused.headers.get('retry-after')).toBe('30');
    },
  );

  it('keeps every read open, limited per process by a local window', async () => {
    const caller = await createCaller(degraded, { tier: 'free', scopes: [...apiScopes] });
    for (const operation of operations.filter((candidate) => candidate.method === 'GET')) {
      const path = concretePath(operation.path).concat(
        operation.operationId === 'getMarketQuote' ? '?outcomeIndex=0&action=buy&amount=1000000' : '',
      );
      const response = await callAs(degraded, caller, 'GET', path);
      expect([operation.routeId, response.status]).not.toEqual([operation.routeId, 503]);
      expect(response.headers.get('x-ratelimit-limit')).toBe('60');
    }
    const reader = await createCaller(degraded, { tier: 'free' });
    const reads = await Promise.all(Array.from({ length: 70 }, () => callAs(degraded, reader, 'GET', MARKET)));
    expect(reads.filter((response) => response.status === 404)).toHaveLength(60);
    expect(reads.filter((response) => response.status === 429)).toHaveLength(10);
  });
});
