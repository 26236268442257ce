import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { nearestRank, summariseTradeCounts } from './trade-usage.js';

describe('nearestRank', () => {
  it('picks an observed value with at least p% of the values at or below it and fewer than p% below it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 300 }),
        fc.integer({ min: 1, max: 100 }),
        (values, percentile) => {
          const sorted = [...values].sort((a, b) => a - b);
          const rank = nearestRank(percentile, sorted.length);
          expect(rank).toBeGreaterThanOrEqual(1);
          expect(rank).toBeLessThanOrEqual(sorted.length);
          const value = sorted[rank - 1]!;
          const atOrBelow = sorted.filter((v) => v <= value).length;
          const below = sorted.filter((v) => v < value).length;
          expect(atOrBelow * 100).toBeGreaterThanOrEqual(percentile * sorted.length);
          expect(below * 100).toBeLessThan(percentile * sorted.length);
        },
      ),
    );
  });

  it('is 0 without values and exact at round counts', () => {
    expect(nearestRank(50, 0)).toBe(0);
    expect([nearestRank(50, 1), nearestRank(99, 1)]).toEqual([1, 1]);
    expect([nearestRank(50, 100), nearestRank(99, 100), nearestRank(99, 150)]).toEqual([50, 99, 149]);
  });
});

describe('summariseTradeCounts', () => {
  it('counts failed and rejected as failed, in-flight trades only in the total, and times finished trades', () => {
    expect(
      summariseTradeCounts([
        { status: 'completed', cancelled: false, trades: 3, finished: 3 },
        { status: 'failed', cancelled: false, trades: 1, finished: 1 },
        { status: 'rejected', cancelled: false, trades: 2, finished: 1 },
        { status: 'executing', cancelled: false, trades: 4, finished: 0 },
      ]),
    ).toEqual({ total: 10, completed: 3, failed: 3, cancelled: 0, successRate: 0.5, timed: 5 });
  });

  it('counts cancelled trades apart: neither failed, nor in the success rate, nor timed', () => {
    expect(
      summariseTradeCounts([
        { status: 'completed', cancelled: false, trades: 1, finished: 1 },
        { status: 'rejected', cancelled: true, trades: 9, finished: 9 },
      ]),
    ).toEqual({ total: 10, completed: 1, failed: 0, cancelled: 9, successRate: 1, timed: 1 });
  });

  it('has no success rate while nothing finished', () => {
    expect(summariseTradeCounts([{ status: 'pending', cancelled: false, trades: 2, finished: 0 }])).toEqual({
      total: 2,
      completed: 0,
      failed: 0,
      cancelled: 0,
      successRate: null,
      timed: 0,
    });
    expect(summariseTradeCounts([]).successRate).toBeNull();
  });
});
