import { describe, expect, it } from '@jest/globals';
import { backoffDelay, sleep, type BackoffPolicy } from './backoff.js';

const policy: BackoffPolicy = { initialMs: 100, maxMs: 5_000, factor: 2, jitter: 0.3 };
const noJitter = () => 0;

describe('backoffDelay', () => {
  it('doubles from the initial delay on each attempt', () => {
    expect([1, 2, 3, 4].map((attempt) => backoffDelay(attempt, policy, noJitter))).toEqual([100, 200, 400, 800]);
  });

  it('never exceeds the cap, however many attempts', () => {
    for (const attempt of [7, 20, 1_000, Number.MAX_SAFE_INTEGER]) {
      for (const random of [0, 0.5, 0.999]) {
        expect(backoffDelay(attempt, policy, () => random)).toBeLessThanOrEqual(policy.maxMs);
      }
    }
    expect(backoffDelay(1_000, policy, noJitter)).toBe(policy.maxMs);
  });

  it('removes at most the jitter fraction of the delay', () => {
    expect(backoffDelay(3, policy, () => 0.999_999)).toBe(Math.round(400 * (1 - 0.3 * 0.999_999)));
    const delays = Array.from({ length: 200 }, () => backoffDelay(3, policy));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(400 * 0.7);
    expect(Math.max(...delays)).toBeLessThanOrEqual(400);
    expect(new Set(delays).size).toBeGreaterThan(1);
  });

  it('treats attempts below 1 as the first attempt', () => {
    expect(backoffDelay(0, policy, noJitter)).toBe(100);
    expect(backoffDelay(-3, policy, noJitter)).toBe(100);
  });
});

describe('sleep', () => {
  it('resolves at once when its signal aborts', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const sleeping = sleep(60_000, controller.signal);
    controller.abort();
    await sleeping;
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
