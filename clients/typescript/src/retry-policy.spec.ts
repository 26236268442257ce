/* When the client retries and how long it waits. */
import { describe, expect, it } from '@jest/globals';
import { parseRetryAfterMs } from './errors.js';
import {
  backoffDelayMs,
  delayBeforeRetryMs,
  isRepeatable,
  isRetryableStatus,
  withJitter,
  type RetryOptions,
} from './retry-policy.js';

const options: RetryOptions = { maxAttempts: 4, initialDelayMs: 200, maxDelayMs: 10_000 };

describe('retry policy', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfterMs('3')).toBe(3_000);
    expect(parseRetryAfterMs(new Date(Date.UTC(2026, 0, 1, 0, 0, 5)).toUTCString(), Date.UTC(2026, 0, 1))).toBe(5_000);
    expect(parseRetryAfterMs(null)).toBeUndefined();
    expect(parseRetryAfterMs('soon')).toBeUndefined();
  });

  it('waits the Retry-After plus up to 10 % (at most 1 s) at random, and gives up when it is longer than the cap or no attempt is left', () => {
    expect(delayBeforeRetryMs(1, '2', options, () => 0)).toBe(2_000);
    expect(delayBeforeRetryMs(1, '2', options, () => 1)).toBe(2_200);
    expect(withJitter(30_000, () => 1)).toBe(31_000);
    expect(delayBeforeRetryMs(1, '60', options)).toBeNull();
    expect(delayBeforeRetryMs(4, '1', options)).toBeNull();
  });

  it('backs off exponentially with full jitter under the cap', () => {
    expect(backoffDelayMs(1, options, () => 1)).toBe(200);
    expect(backoffDelayMs(3, options, () => 1)).toBe(800);
    expect(backoffDelayMs(20, options, () => 1)).toBe(10_000);
    expect(backoffDelayMs(3, options, () => 0.5)).toBe(400);
    expect(delayBeforeRetryMs(2, null, options, () => 1)).toBe(400);
  });

  it('repeats reads and idempotent writes, a rate-limit 429 always and 502, 503 and 504 only when repeating is safe', () => {
    expect(isRepeatable('GET', new Headers())).toBe(true);
    expect(isRepeatable('POST', new Headers({ 'Idempotency-Key': 'k' }))).toBe(true);
    expect(isRepeatable('POST', new Headers())).toBe(false);
    expect(isRetryableStatus(429, false, 'RATE_LIMIT_EXCEEDED')).toBe(true);
    expect(isRetryableStatus(503, true, null)).toBe(true);
    expect(isRetryableStatus(503, false, null)).toBe(false);
    for (const gateway of [502, 504]) {
      expect(isRetryableStatus(gateway, true, null)).toBe(true);
      expect(isRetryableStatus(gateway, false, null)).toBe(false);
    }
    expect(isRetryableStatus(500, true, null)).toBe(false);
  });

  it('does not retry a 429 that time does not cure: a lockout, a replay limit, or one without a code', () => {
    expect(isRetryableStatus(429, true, 'AUTH_LOCKED_OUT')).toBe(false);
    expect(isRetryableStatus(429, true, 'WEBHOOK_REPLAY_LIMIT_REACHED')).toBe(false);
    expect(isRetryableStatus(429, true, null)).toBe(false);
  });
});
