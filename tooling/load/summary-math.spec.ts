import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { counterValues, gaugeValues, percentile, rateValues, trendValues } from './summary-math.js';

describe('load summary maths', () => {
  it('interpolates percentiles between the nearest ranks as k6 does', () => {
    const sorted = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100];
    expect(percentile(sorted, 50)).toBe(55);
    expect(percentile(sorted, 95)).toBeCloseTo(95.5, 10);
    expect(percentile(sorted, 99)).toBeCloseTo(99.1, 10);
    expect(percentile(sorted, 0)).toBe(10);
    expect(percentile(sorted, 100)).toBe(100);
    expect(percentile([], 95)).toBe(0);
    expect(percentile([7], 99)).toBe(7);
  });

  it('keeps every percentile between the smallest and largest sample and never lowers it for a higher p', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 200 }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        (samples, p, q) => {
          const sorted = [...samples].sort((a, b) => a - b);
          const [low, high] = p <= q ? [p, q] : [q, p];
          expect(percentile(sorted, low)).toBeGreaterThanOrEqual(sorted[0]!);
          expect(percentile(sorted, high)).toBeLessThanOrEqual(sorted[sorted.length - 1]!);
          expect(percentile(sorted, low)).toBeLessThanOrEqual(percentile(sorted, high) + 1e-9);
        },
      ),
    );
  });

  it('summarises a trend with k6 value names, unsorted input included', () => {
    expect(trendValues([30, 10, 20])).toEqual({
      avg: 20,
      min: 10,
      med: 20,
      max: 30,
      'p(90)': 28,
      'p(95)': 29,
      'p(99)': 29.8,
    });
    expect(trendValues([])).toEqual({});
  });

  it('counts a counter and its rate per second over the run', () => {
    expect(counterValues([1, 1, 3], 2_000)).toEqual({ count: 5, rate: 2.5 });
  });

  it('gives a rate metric the share of non-zero samples', () => {
    expect(rateValues([1, 0, 1, 1])).toEqual({ rate: 0.75, passes: 3, fails: 1 });
  });

  it('reports the last value of a gauge', () => {
    expect(gaugeValues([5, 9, 2])).toEqual({ value: 2, min: 2, max: 9 });
  });
});
