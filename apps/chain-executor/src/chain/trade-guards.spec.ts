import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { equalWeights } from '../../../admin-cli/src/chain/deploy-platform.js';
import { maximumInput, minimumOutput } from './trade-guards.js';

describe('trade guards', () => {
  it('rounds a minimum output down and a maximum input up', () => {
    expect(minimumOutput(10_001n, 100)).toBe(9_900n); // 9900.99 → 9900
    expect(maximumInput(10_001n, 100)).toBe(10_102n); // 10101.01 → 10102
    expect(minimumOutput(123n, 0)).toBe(123n);
    expect(maximumInput(123n, 0)).toBe(123n);
  });

  it('never tightens the tolerance: min ≤ quoted ≤ max, each within one unit of the exact bound', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 0, max: 9_999 }), (quoted, bps) => {
        const min = minimumOutput(quoted, bps);
        const max = maximumInput(quoted, bps);
        expect(min).toBeLessThanOrEqual(quoted);
        expect(max).toBeGreaterThanOrEqual(quoted);
        expect(min * 10_000n).toBeLessThanOrEqual(quoted * BigInt(10_000 - bps));
        expect((min + 1n) * 10_000n).toBeGreaterThan(quoted * BigInt(10_000 - bps));
        expect(max * 10_000n).toBeGreaterThanOrEqual(quoted * BigInt(10_000 + bps));
        expect((max - 1n) * 10_000n).toBeLessThan(quoted * BigInt(10_000 + bps));
      }),
    );
  });

  it.each([-1, 10_000, 1.5, Number.NaN])('rejects a tolerance of %p bps with VALIDATION_FAILED', (bps) => {
    expect(() => minimumOutput(1n, bps)).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
  });
});

describe('equalWeights', () => {
  it.each([2, 3, 7, 8, 100])('gives %i outcomes weights summing to exactly 1e18, remainder first', (count) => {
    const weights = equalWeights(count);
    expect(weights).toHaveLength(count);
    expect(weights.reduce((a, b) => a + b, 0n)).toBe(10n ** 18n);
    expect(weights[0]! - weights[count - 1]!).toBeLessThanOrEqual(1n);
  });

  it.each([0, 1, 101, 2.5])('rejects %p outcomes', (count) => {
    expect(() => equalWeights(count)).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
  });
});
