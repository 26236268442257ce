import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createLogger } from '#shared/logger/logger.js';
import { createTestRedis, type TestRedis } from '#tooling/testing/test-redis.js';
import { randomTestIp } from '#tooling/kits/trading-api/trading-api-test-kit.js';
import { createAuthLockout, LOCK_STATE_CACHE_MS } from './authenticate.middleware.js';

let testRedis: TestRedis;
beforeAll(async () => {
  testRedis = await createTestRedis();
});
afterAll(async () => {
  await testRedis.destroy();
});

const policy = { threshold: 3, windowMs: 60_000, lockoutMs: 900_000 };
const logger = createLogger({ name: 'lockout-test', level: 'silent' });

function replica(clock: { now: number }) {
  return createAuthLockout({ redis: testRedis.redis, logger, policy, now: () => clock.now });
}

describe('auth lockout across replicas', () => {
  it('keeps a lock written by the earlier release (value 1) until its key expires', async () => {
    const clock = { now: Date.now() };
    const ip = randomTestIp();
    await testRedis.redis.set(`authlock:ip:${ip}`, '1', 'PX', 600_000);
    const remaining = await replica(clock).remainingMs(ip);
    expect(remaining).toBeGreaterThan(590_000);
    expect(remaining).toBeLessThanOrEqual(600_000);
  });

  it('applies a lockout started on this replica at once', async () => {
    const clock = { now: Date.now() };
    const lockout = replica(clock);
    const ip = randomTestIp();
    expect(await lockout.remainingMs(ip)).toBe(0);
    for (let failure = 0; failure < policy.threshold; failure += 1) await lockout.recordFailure(ip);
    expect(await lockout.remainingMs(ip)).toBeGreaterThan(899_000);
  });

  it('applies a lockout started on another replica within LOCK_STATE_CACHE_MS', async () => {
    const clock = { now: Date.now() };
    const [here, elsewhere] = [replica(clock), replica(clock)];
    const ip = randomTestIp();
    expect(await here.remainingMs(ip)).toBe(0);
    for (let failure = 0; failure < policy.threshold; failure += 1) await elsewhere.recordFailure(ip);
    expect(await here.remainingMs(ip)).toBe(0);
    clock.now += LOCK_STATE_CACHE_MS + 1;
    expect(await here.remainingMs(ip)).toBeGreaterThan(898_000);
  });

  it('ends a lockout after lockoutMs on the injected clock, while Redis still holds the lock key', async () => {
    const clock = { now: Date.now() };
    const lockout = replica(clock);
    const ip = randomTestIp();
    for (let failure = 0; failure < policy.threshold; failure += 1) await lockout.recordFailure(ip);
    clock.now += policy.lockoutMs - 1;
    expect(await lockout.remainingMs(ip)).toBe(1);
    clock.now += 1;
    expect(await lockout.remainingMs(ip)).toBe(0);
    expect(await testRedis.redis.pttl(`authlock:ip:${ip}`)).toBeGreaterThan(800_000);
  });

  it('keeps other addresses unlocked', async () => {
    const lockout = replica({ now: Date.now() });
    const [locked, other] = [randomTestIp(), randomTestIp()];
    for (let failure = 0; failure < policy.threshold; failure += 1) await lockout.recordFailure(locked);
    expect(await lockout.remainingMs(other)).toBe(0);
  });
});
