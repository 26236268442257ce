import { describe, expect, it } from '@jest/globals';
import { createFailedLookupBudget } from './failed-lookup-budget.js';

describe('the failed key-lookup budget', () => {
  it('refuses a client once it has spent its failures in the minute, and only that client', () => {
    const clock = { now: 1_000 };
    const budget = createFailedLookupBudget({ perMinute: 3, now: () => clock.now });
    for (let index = 0; index < 3; index += 1) {
      expect(budget.allows('203.0.113.1')).toBe(true);
      budget.charge('203.0.113.1');
    }
    expect(budget.allows('203.0.113.1')).toBe(false);
    expect(budget.allows('203.0.113.2')).toBe(true);
  });

  it('starts a fresh window a minute after the first failure', () => {
    const clock = { now: 1_000 };
    const budget = createFailedLookupBudget({ perMinute: 1, now: () => clock.now });
    budget.charge('::1');
    clock.now += 59_999;
    expect(budget.allows('::1')).toBe(false);
    clock.now += 1;
    expect(budget.allows('::1')).toBe(true);
    budget.charge('::1');
    expect(budget.allows('::1')).toBe(false);
  });
});
