import { describe, expect, it } from '@jest/globals';
import { createFailedLookupBudget } from './failed-lookup-budget.js';

describe('the failed key-lookup budget', () => {
  it('refuses a client once it has spent its failures in the minute, and only that client', () => {
    const clock = { now: 1_000 };
    const budget = createFailedLookupBudget({ perMinute: 3, now: () => clock.now });
    expect([1, 2, 3, 4].map(() => budget.take('203.0.113.1'))).toEqual([true, true, true, false]);
    expect(budget.take('203.0.113.2')).toBe(true);
  });

  it('gives a lookup back when it found a key', () => {
    const budget = createFailedLookupBudget({ perMinute: 1, now: () => 1_000 });
    expect(budget.take('::1')).toBe(true);
    budget.refund('::1');
    expect(budget.take('::1')).toBe(true);
    expect(budget.take('::1')).toBe(false);
  });

  it('starts a fresh window a minute after the first failure', () => {
    const clock = { now: 1_000 };
    const budget = createFailedLookupBudget({ perMinute: 1, now: () => clock.now });
    expect(budget.take('::1')).toBe(true);
    clock.now += 59_999;
    expect(budget.take('::1')).toBe(false);
    clock.now += 1;
    expect(budget.take('::1')).toBe(true);
    expect(budget.take('::1')).toBe(false);
  });
});
