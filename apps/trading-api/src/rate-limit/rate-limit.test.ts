import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sumRequestUsage } from '../../../../shared/src/db/index.js';
import type { Redis } from '../../../../shared/src/redis/index.js';
import {
  addKey,
  callAs,
  createCaller,
  startTradingApiKit,
  type TestCaller,
  type TradingApiKit,
} from '../testing/trading-api-test-kit.js';

const MARKET = '/v1/markets/7f1c2b8e-4d5a-4e6f-8a9b-0c1d2e3f4a5b';
const TRADE_BODY = { marketId: '7f1c2b8e-4d5a-4e6f-8a9b-0c1d2e3f4a5b', outcomeIndex: 0, amount: '1', side: 'buy' };

let kit: TradingApiKit;
beforeAll(async () => {
  kit = await startTradingApiKit();
});
afterAll(async () => {
  await kit.close();
});

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

  it('is separate from the read window and shared by confirm and redeliver', async () => {
    const caller = await createCaller(kit, {
      rateLimitRpm: 2,
      scopes: ['trades:write', 'webhooks:manage', 'markets:read'],
    });
    expect((await burst(caller, 1, 'POST', '/v1/trades'))[0]!.status).toBe(501);
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
  let degraded: TradingApiKit;
  // Every command fails at once, as the shared client does while the server is down (no offline queue).
  const deadRedis = new Proxy(
    {},
    {
      get: () => () => Promise.reject(new Error('Connection is closed.')),
    },
  ) as Redis;
  beforeAll(async () => {
    degraded = await startTradingApiKit({ redis: deadRedis });
  });
  afterAll(async () => {
    await degraded.close();
  });

  it('keeps limiting reads per process (fail open with a local window) and refuses writes with 503', async () => {
    const caller = await createCaller(degraded, { tier: 'free' });
    const reads = await Promise.all(Array.from({ length: 70 }, () => callAs(degraded, caller, 'GET', MARKET)));
    expect(reads.filter((response) => response.status === 404)).toHaveLength(60);
    expect(reads.filter((response) => response.status === 429)).toHaveLength(10);
    const write = await callAs(degraded, caller, 'POST', '/v1/trades', { body: TRADE_BODY });
    expect(write.status).toBe(403);
    const trader = await createCaller(degraded);
    const refused = await callAs(degraded, trader, 'POST', '/v1/trades', { body: TRADE_BODY });
    expect(refused.status).toBe(503);
    expect(refused.json.code).toBe('DEPENDENCY_UNAVAILABLE');
    expect(refused.headers.get('retry-after')).toBe('30');
  });
});
