import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Options } from 'express-rate-limit';
import { captureLogs } from '#tooling/testing/http-test-kit.js';
import { createRedis, waitForRedis } from '#shared/redis/create-redis.js';
import { createTestRedis, type TestRedis } from '#tooling/testing/test-redis.js';
import { testEnv } from '#tooling/testing/test-env.js';
import { createUnreachableRedis, type UnreachableRedis } from '#tooling/testing/unreachable-redis.js';
import { FailOpenWindowStore, type FailOpenWindowStoreOptions } from './fail-open-window.store.js';

const WINDOW_MS = 60_000;
let suite: TestRedis;
let unreachable: UnreachableRedis;

beforeAll(async () => {
  suite = await createTestRedis();
  unreachable = createUnreachableRedis();
});

afterAll(async () => {
  await suite.destroy();
  await unreachable.close();
});

/** A store as express-rate-limit sets it up (it calls init with its options; the store reads windowMs). */
async function storeOf(options: Partial<FailOpenWindowStoreOptions> & { namespace: string }, windowMs = WINDOW_MS) {
  const store = new FailOpenWindowStore({ redis: suite.redis, logger: captureLogs().logger, ...options });
  await store.init({ windowMs } as Options).catch(() => undefined);
  return store;
}

describe('FailOpenWindowStore (rate-limit-redis)', () => {
  it('counts every request of a subject in Redis, with the window reset ahead', async () => {
    const store = await storeOf({ namespace: 'rl:a:' });
    const counts = [];
    for (let index = 0; index < 4; index += 1) counts.push(await store.increment('client'));
    expect(counts.map((count) => count.totalHits)).toEqual([1, 2, 3, 4]);
    expect(counts[3]!.resetTime!.getTime()).toBeGreaterThan(Date.now() + WINDOW_MS - 5_000);
    expect(await suite.redis.get('rl:a:client')).toBe('4');
    expect((await store.get('client'))?.totalHits).toBe(4);
  });

  it('shares a window between two replicas and keeps subjects apart', async () => {
    const [one, two] = [await storeOf({ namespace: 'rl:b:' }), await storeOf({ namespace: 'rl:b:' })];
    await one.increment('client');
    expect((await two.increment('client')).totalHits).toBe(2);
    expect((await two.increment('other')).totalHits).toBe(1);
  });

  it('counts concurrent hits of one subject exactly, each with its own place in the window', async () => {
    const store = await storeOf({ namespace: 'rl:e:' });
    const counts = await Promise.all(Array.from({ length: 25 }, () => store.increment('client')));
    expect(counts.map((count) => count.totalHits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, index) => index + 1),
    );
    expect(await suite.redis.get('rl:e:client')).toBe('25');
  });

  it('starts a new window once the last one expired', async () => {
    const store = await storeOf({ namespace: 'rl:c:' }, 50);
    await store.increment('client');
    expect((await store.increment('client')).totalHits).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect((await store.increment('client')).totalHits).toBe(1);
  });

  it('starts while Redis is not connected yet with one line, no stack, then counts in Redis (scripts loaded again)', async () => {
    const late = createRedis({ redisUrl: testEnv.redisUrl, keyPrefix: suite.prefix });
    try {
      // Not connected yet and no offline queue: rate-limit-redis's script load at init fails.
      const logs = captureLogs();
      const store = new FailOpenWindowStore({ redis: late, logger: logs.logger, namespace: 'rl:f:' });
      await store.init({ windowMs: WINDOW_MS } as Options);
      expect(logs.lines()).toEqual([
        expect.objectContaining({ level: 'warn', msg: 'rate limit store unavailable; limiting per replica in memory' }),
      ]);
      expect(logs.text()).not.toContain('stack');
      await waitForRedis(late);
      expect((await store.increment('client')).totalHits).toBe(1);
      expect(await suite.redis.get('rl:f:client')).toBe('1');
    } finally {
      late.disconnect();
    }
  });

  it('counts in a per-process window while Redis is unreachable, logging the outage once per 30 s', async () => {
    const logs = captureLogs();
    let now = 1_000_000;
    const store = new FailOpenWindowStore({
      redis: unreachable.redis,
      logger: logs.logger,
      namespace: 'rl:d:',
      now: () => now,
    });
    await store.init({ windowMs: WINDOW_MS } as Options).catch(() => undefined);
    const counts = [];
    for (let index = 0; index < 3; index += 1) counts.push(await store.increment('client'));
    expect(counts.map((count) => [count.totalHits, count.resetTime!.getTime()])).toEqual([
      [1, now + WINDOW_MS],
      [2, now + WINDOW_MS],
      [3, now + WINDOW_MS],
    ]);
    expect(logs.text().match(/rate limit store unavailable/g)).toHaveLength(1);
    now += WINDOW_MS;
    expect((await store.increment('client')).totalHits).toBe(1);
    // Still down 30 s or more later: said once more, not on every request.
    expect(logs.text().match(/rate limit store unavailable/g)).toHaveLength(2);
  });
});
