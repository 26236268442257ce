import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { captureLogs } from '#tooling/testing/http-test-kit.js';
import { createTestRedis, type TestRedis } from '#tooling/testing/test-redis.js';
import type { RateLimitCount } from './rate-limit-store.js';
import { SlidingWindowStore, WINDOW_MS } from './sliding-window.store.js';

let suite: TestRedis;
beforeAll(async () => {
  suite = await createTestRedis();
});
afterAll(async () => {
  await suite.destroy();
});

/** 10 s into a window, so the previous window still weighs 5/6. */
const WINDOW_START = 1_800_000_000_000 - (1_800_000_000_000 % WINDOW_MS);
const NOW = WINDOW_START + 10_000;

function storeAt(namespace: string) {
  return new SlidingWindowStore({ redis: suite.redis, logger: captureLogs().logger, now: () => NOW, namespace });
}

describe('SlidingWindowStore', () => {
  it('admits concurrent requests of one user up to the limit, exactly as if they came one after another', async () => {
    const concurrent = await Promise.all(Array.from({ length: 12 }, () => storeAt('rl:sw-a:').hit('user', 8)));
    const sequential: RateLimitCount[] = [];
    const one = storeAt('rl:sw-b:');
    for (let index = 0; index < 12; index += 1) sequential.push(await one.hit('user', 8));

    const shape = (counts: RateLimitCount[]) =>
      counts.map(({ admitted, totalHits, resetAtMs }) => [admitted, totalHits, resetAtMs]);
    expect(shape(concurrent)).toEqual(shape(sequential));
    expect(concurrent.filter((count) => count.admitted)).toHaveLength(8);
    expect(await suite.redis.get(`rl:sw-a:user:${WINDOW_START}`)).toBe('8');
  });

  it('reports each of many concurrent admitted requests with its own remaining count', async () => {
    const store = storeAt('rl:sw-c:');
    const counts = await Promise.all(Array.from({ length: 30 }, () => store.hit('user', 100)));
    expect(counts.map((count) => 100 - count.totalHits).sort((a, b) => b - a)).toEqual(
      Array.from({ length: 30 }, (_, index) => 99 - index),
    );
    expect(await suite.redis.get(`rl:sw-c:user:${WINDOW_START}`)).toBe('30');
  });

  it('weighs the previous window and refuses with the moment the next request is admitted', async () => {
    await suite.redis.set(`rl:sw-d:user:${WINDOW_START - WINDOW_MS}`, '6');
    const store = storeAt('rl:sw-d:');
    const counts = await Promise.all(Array.from({ length: 3 }, () => store.hit('user', 6)));
    // 6 × 50/60 = 5 already: one more fits, the next two are refused until the previous window has decayed.
    expect(counts.map((count) => count.admitted)).toEqual([true, false, false]);
    expect(counts[1]!.resetAtMs).toBeGreaterThan(NOW);
    expect(counts[1]!.resetAtMs).toBe(counts[2]!.resetAtMs);
  });
});
