import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { equalWeights } from '../../../admin-cli/src/chain/deploy-platform.js';
import { limitBound, maximumInput, minimumOutput, tradeGuard } from './trade-guards.js';

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

describe('price limit guards', () => {
  const WAD = 10n ** 18n;

  it('bounds the average price exactly: a buy pays at most the limit per token, a sell receives at least it', () => {
    expect(limitBound('buy', 1_000_000n, 500_000n)).toBe(2n * WAD); // 1 USDC at 0.5 → at least 2 tokens
    expect(limitBound('sell', 1_000_000n, 400_000n)).toBe(25n * 10n ** 17n); // receives 1 at 0.4 → at most 2.5
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 15n }), fc.bigInt({ min: 1n, max: 999_999n }), (amount, limit) => {
        const most = limitBound('buy', amount, limit);
        // amount / tokens ≤ limit / 10⁶ ⇔ amount·10¹⁸ ≤ tokens·limit (prices in USDC atomic, tokens in wei).
        expect(amount * WAD).toBeLessThanOrEqual(most * limit);
        expect(amount * WAD).toBeGreaterThan((most - 1n) * limit);
        const fewest = limitBound('sell', amount, limit);
        expect(amount * WAD).toBeGreaterThanOrEqual(fewest * limit);
        expect(amount * WAD).toBeLessThan((fewest + 1n) * limit);
      }),
    );
  });

  it('takes the stricter of the limit and the slippage guard', () => {
    const buy = { side: 'buy' as const, slippageBps: 100 };
    expect(tradeGuard(buy, 10_000n)).toBe(9_900n);
    expect(tradeGuard({ ...buy, limit: 9_000n }, 10_000n)).toBe(9_900n);
    expect(tradeGuard({ ...buy, limit: 9_950n }, 10_000n)).toBe(9_950n);
    const sell = { side: 'sell' as const, slippageBps: 100 };
    expect(tradeGuard({ ...sell, limit: 11_000n }, 10_000n)).toBe(10_100n);
    expect(tradeGuard({ ...sell, limit: 10_050n }, 10_000n)).toBe(10_050n);
  });

  it.each([
    ['buy', 10_001n],
    ['sell', 9_999n],
  ] as const)('refuses a %s whose quote already misses its limit with PRICE_LIMIT_EXCEEDED', (side, limit) => {
    expect(() => tradeGuard({ side, slippageBps: 100, limit }, 10_000n)).toThrow(
      expect.objectContaining({ code: 'PRICE_LIMIT_EXCEEDED', extensions: { quoted: '10000', limit: `${limit}` } }),
    );
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
