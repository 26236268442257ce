import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { captureLogs } from '../http/http-test-kit.js';
import { createTestRedis, type TestRedis } from '../testing/test-redis.js';
import { createUnreachableRedis, type UnreachableRedis } from '../testing/unreachable-redis.js';
import { FixedWindowStore } from './fixed-window.store.js';

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

describe('FixedWindowStore', () => {
  it('counts every request of a subject in Redis, admitting up to the limit, with the window reset ahead', async () => {
    const store = new FixedWindowStore({
      redis: suite.redis,
      logger: captureLogs().logger,
      windowMs: WINDOW_MS,
      namespace: 'rl:a:',
    });
    const counts = [];
    for (let index = 0; index < 4; index += 1) counts.push(await store.hit('client', 3));
    expect(counts.map((count) => [count.totalHits, count.admitted])).toEqual([
      [1, true],
      [2, true],
      [3, true],
      [4, false],
    ]);
    expect(counts[3]!.resetAtMs).toBeGreaterThan(Date.now() + WINDOW_MS - 5_000);
    expect(await suite.redis.get('rl:a:client')).toBe('4');
    expect((await store.peek('client')).totalHits).toBe(4);
  });

  it('shares a window between two replicas and keeps subjects apart', async () => {
    const options = { redis: suite.redis, logger: captureLogs().logger, windowMs: WINDOW_MS, namespace: 'rl:b:' };
    const [one, two] = [new FixedWindowStore(options), new FixedWindowStore(options)];
    await one.hit('client', 10);
    expect((await two.hit('client', 10)).totalHits).toBe(2);
    expect((await two.hit('other', 10)).totalHits).toBe(1);
  });

  it('counts concurrent hits of one subject exactly, each with its own place in the window', async () => {
    const store = new FixedWindowStore({
      redis: suite.redis,
      logger: captureLogs().logger,
      windowMs: WINDOW_MS,
      namespace: 'rl:e:',
    });
    const counts = await Promise.all(Array.from({ length: 25 }, () => store.hit('client', 20)));
    expect(counts.map((count) => count.totalHits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, index) => index + 1),
    );
    expect(counts.filter((count) => count.admitted)).toHaveLength(20);
    expect(counts.every((count) => count.admitted === count.totalHits <= 20)).toBe(true);
    expect(await suite.redis.get('rl:e:client')).toBe('25');
  });

  it('starts a new window once the last one expired', async () => {
    const store = new FixedWindowStore({
      redis: suite.redis,
      logger: captureLogs().logger,
      windowMs: 50,
      namespace: 'rl:c:',
    });
    await store.hit('client', 1);
    expect((await store.hit('client', 1)).admitted).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await store.hit('client', 1)).toMatchObject({ totalHits: 1, admitted: true });
  });

  it('counts in a per-process window while Redis is unreachable, logging the outage once per 30 s', async () => {
    const logs = captureLogs();
    let now = 1_000_000;
    const store = new FixedWindowStore({
      redis: unreachable.redis,
      logger: logs.logger,
      windowMs: WINDOW_MS,
      namespace: 'rl:d:',
      now: () => now,
    });
    const counts = [];
    for (let index = 0; index < 3; index += 1) counts.push(await store.hit('client', 2));
    expect(counts.map((count) => [count.totalHits, count.admitted, count.resetAtMs])).toEqual([
      [1, true, now + WINDOW_MS],
      [2, true, now + WINDOW_MS],
      [3, false, now + WINDOW_MS],
    ]);
    expect(logs.text().match(/rate limit store unavailable/g)).toHaveLength(1);
    now += WINDOW_MS;
    expect(await store.hit('client', 2)).toMatchObject({ totalHits: 1, admitted: true });
    // Still down 30 s or more later: said once more, not on every request.
    expect(logs.text().match(/rate limit store unavailable/g)).toHaveLength(2);
  });
});
