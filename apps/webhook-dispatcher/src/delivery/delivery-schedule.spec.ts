import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  classifyAttempt,
  failureCodeOfStatus,
  MAX_SCHEDULED_ATTEMPTS,
  nextRetryDelayMs,
  RETRY_DELAYS_MS,
} from './delivery-schedule.js';

describe('classifyAttempt', () => {
  it.each([200, 201, 204, 299])('acknowledges %i', (statusCode) => {
    expect(classifyAttempt({ statusCode })).toBe('delivered');
  });
  it.each([301, 302, 307, 308, 408, 429, 500, 502, 503, 504])('retries %i', (statusCode) => {
    expect(classifyAttempt({ statusCode })).toBe('retry');
  });
  it.each([400, 401, 403, 404, 410, 422])('fails %i at once', (statusCode) => {
    expect(classifyAttempt({ statusCode })).toBe('fail');
  });
  it('retries timeouts and network errors, fails refused targets at once', () => {
    expect(classifyAttempt({ failureCode: 'TIMEOUT' })).toBe('retry');
    expect(classifyAttempt({ failureCode: 'CONNECTION_RESET' })).toBe('retry');
    expect(classifyAttempt({ failureCode: 'DNS_FAILURE' })).toBe('retry');
    expect(classifyAttempt({ failureCode: 'TARGET_REFUSED' })).toBe('fail');
    expect(classifyAttempt({ failureCode: 'URL_NOT_ALLOWED' })).toBe('fail');
  });
  it('names the failure of a status', () => {
    expect(failureCodeOfStatus(204)).toBeNull();
    expect(failureCodeOfStatus(302)).toBe('HTTP_REDIRECT');
    expect(failureCodeOfStatus(429)).toBe('HTTP_RATE_LIMITED');
    expect(failureCodeOfStatus(410)).toBe('HTTP_CLIENT_ERROR');
    expect(failureCodeOfStatus(503)).toBe('HTTP_SERVER_ERROR');
  });
});

describe('nextRetryDelayMs', () => {
  it('follows 30 s, 2 m, 8 m, 30 m, 1 h, 2 h, 4 h, 6 h, 9 h without jitter at the midpoint', () => {
    const delays = RETRY_DELAYS_MS.map((_, index) => nextRetryDelayMs(index + 1, () => 0.5));
    expect(delays).toEqual([
      30_000, 120_000, 480_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 21_600_000, 32_400_000,
    ]);
    expect(MAX_SCHEDULED_ATTEMPTS).toBe(10);
  });
  it('ends the schedule after the tenth attempt', () => {
    expect(nextRetryDelayMs(10, () => 0.5)).toBeNull();
    expect(nextRetryDelayMs(0, () => 0.5)).toBeNull();
  });
  it('stays within ±20 % of the base delay, about 23 h in all', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), fc.double({ min: 0, max: 0.999999, noNaN: true }), (attempt, r) => {
        const delay = nextRetryDelayMs(attempt, () => r) ?? -1;
        const base = RETRY_DELAYS_MS[attempt - 1] ?? 0;
        return delay >= Math.floor(base * 0.8) && delay <= Math.ceil(base * 1.2);
      }),
    );
    const total = RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0);
    expect(total / 3_600_000).toBeCloseTo(22.675, 2);
  });
});
