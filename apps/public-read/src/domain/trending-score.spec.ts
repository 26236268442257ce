import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { rankTrending, trendingScore, type RecentMetrics } from './trending-score.js';

const metrics = fc.record({
  tradeCount: fc.nat(100_000),
  volume: fc.nat(1_000_000_000),
  uniqueTraders: fc.nat(10_000),
});

describe('trendingScore', () => {
  it('is ln(1+trades) + ln(1+volumeUsd) + 3·ln(1+uniqueTraders), rounded to 4 decimals', () => {
    expect(trendingScore({ tradeCount: 0, volume: 0, uniqueTraders: 0 })).toBe(0);
    const expected = Math.log(11) + Math.log(101) + 3 * Math.log(11);
    expect(trendingScore({ tradeCount: 10, volume: 10_000, uniqueTraders: 10 })).toBeCloseTo(expected, 4);
  });

  it('never decreases when any metric grows', () => {
    fc.assert(
      fc.property(
        metrics,
        fc.constantFrom<keyof RecentMetrics>('tradeCount', 'volume', 'uniqueTraders'),
        fc.nat(1_000),
        (base, key, extra) => {
          expect(trendingScore({ ...base, [key]: base[key] + extra })).toBeGreaterThanOrEqual(trendingScore(base));
        },
      ),
    );
  });

  it('ranks ten distinct traders above one account trading thirty times the volume', () => {
    const broad = trendingScore({ tradeCount: 10, volume: 10_000, uniqueTraders: 10 });
    const wash = trendingScore({ tradeCount: 30, volume: 300_000, uniqueTraders: 1 });
    expect(broad).toBeGreaterThan(wash);
  });
});

describe('rankTrending', () => {
  it('orders by score, then recent volume, then id, and ranks 1..n up to the limit', () => {
    const items = [
      { id: 'b', metrics: { tradeCount: 1, volume: 100, uniqueTraders: 1 } },
      { id: 'a', metrics: { tradeCount: 1, volume: 100, uniqueTraders: 1 } },
      { id: 'c', metrics: { tradeCount: 5, volume: 5_000, uniqueTraders: 5 } },
    ];
    const ranked = rankTrending(items, 10);
    expect(ranked.map((entry) => [entry.item.id, entry.trendingRank])).toEqual([
      ['c', 1],
      ['a', 2],
      ['b', 3],
    ]);
    expect(rankTrending(items, 2).map((entry) => entry.item.id)).toEqual(['c', 'a']);
  });

  it('always yields ranks 1..n in non-increasing score order', () => {
    fc.assert(
      fc.property(fc.array(metrics, { maxLength: 30 }), fc.integer({ min: 1, max: 50 }), (list, limit) => {
        const ranked = rankTrending(
          list.map((entry, index) => ({ id: String(index), metrics: entry })),
          limit,
        );
        expect(ranked.map((entry) => entry.trendingRank)).toEqual(ranked.map((_, index) => index + 1));
        for (let index = 1; index < ranked.length; index += 1) {
          expect(ranked[index - 1]!.trendingScore).toBeGreaterThanOrEqual(ranked[index]!.trendingScore);
        }
      }),
    );
  });
});
