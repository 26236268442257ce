import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { marketShapeArb, scenarioArb, usdcAmountArb } from './amm-arbitraries.js';
import { USDC_TO_WAD, WAD, sqrtCeil, sqrtFloor } from './fixed-point.js';
import {
  cancelledRefund,
  coefficient,
  minTokensIn,
  priceArrays,
  quoteBuy,
  quoteSell,
  resolvedPayout,
  seedMarket,
  sellNet,
  sumSq,
  type AmmState,
} from './pythagorean-amm.js';

const sum = (values: readonly bigint[]) => values.reduce((total, value) => total + value, 0n);

describe('weighted Pythagorean AMM reference model', () => {
  it('computes exact integer square roots, floor and ceil', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), (n) => {
        const root = sqrtFloor(n);
        expect(root * root <= n && (root + 1n) * (root + 1n) > n).toBe(true);
        const up = sqrtCeil(n);
        expect(up * up >= n && (up === 0n || (up - 1n) * (up - 1n) < n)).toBe(true);
      }),
    );
  });

  it('seeds a market whose prices and shares equal the weights and whose c is 1e18', () => {
    fc.assert(
      fc.property(marketShapeArb, ({ weights, initialReserve }) => {
        const state = seedMarket(weights, initialReserve);
        const { p, q } = priceArrays(state);
        expect(p).toEqual(weights);
        expect(q).toEqual(weights);
        expect(coefficient(state.reserve, sumSq(state))).toBe(WAD);
      }),
    );
  });

  it('keeps c on buys (never lower, higher only by rounding) and makes pAfter and qAfter sum to exactly 1e18', () => {
    fc.assert(
      fc.property(marketShapeArb, fc.nat(7), usdcAmountArb, ({ weights, initialReserve }, pick, usdcIn) => {
        const state = seedMarket(weights, initialReserve);
        const before = coefficient(state.reserve, sumSq(state));
        const quote = quoteBuy(state, pick % weights.length, usdcIn);
        expect(sum(quote.pAfter)).toBe(WAD);
        expect(sum(quote.qAfter)).toBe(WAD);
        expect(quote.c).toBeGreaterThanOrEqual(before);
        expect(quote.c - before).toBeLessThanOrEqual(before / 10n ** 12n + 1n);
      }),
    );
  });

  it('gives more tokens for more USDC, with diminishing returns (concave within rounding)', () => {
    fc.assert(
      fc.property(
        marketShapeArb,
        fc.nat(7),
        fc.bigInt({ min: 1n, max: 10_000_000_000n }),
        fc.bigInt({ min: 100n, max: 10_000_000_000n }),
        ({ weights, initialReserve }, pick, base, step) => {
          const state = seedMarket(weights, initialReserve);
          const outcome = pick % weights.length;
          const [a, b, c] = [base, base + step, base + 2n * step].map((x) => quoteBuy(state, outcome, x).tokensOut);
          expect(b! >= a! && c! >= b!).toBe(true);
          // The ceiled fee can shift each step by one atomic unit; token flooring by one wei.
          const slack = (2n * (b! - a!)) / step + 2n;
          expect(c! - b!).toBeLessThanOrEqual(b! - a! + slack);
        },
      ),
    );
  });

  it('never returns more on an immediate sell than the buy cost', () => {
    fc.assert(
      fc.property(marketShapeArb, fc.nat(7), usdcAmountArb, ({ weights, initialReserve }, pick, usdcIn) => {
        const outcome = pick % weights.length;
        const bought = quoteBuy(seedMarket(weights, initialReserve), outcome, usdcIn);
        if (bought.tokensOut === 0n) return;
        const sold = quoteSell(bought.next, outcome, bought.tokensOut);
        expect(sold.usdcOut).toBeLessThanOrEqual(usdcIn);
        expect(sold.c).toBeGreaterThanOrEqual(bought.c);
      }),
    );
  });

  it('sells the fewest tokens that pay exactly the requested net USDC', () => {
    fc.assert(
      fc.property(marketShapeArb, fc.nat(7), fc.integer({ min: 1, max: 999_999 }), (shape, pick, ppm) => {
        const state = seedMarket(shape.weights, shape.initialReserve);
        const outcome = pick % shape.weights.length;
        const target = (sellNet(state, outcome, state.supplies[outcome]! / 2n) * BigInt(ppm)) / 1_000_000n;
        if (target === 0n) return;
        const tokens = minTokensIn(state, outcome, target)!;
        expect(sellNet(state, outcome, tokens)).toBe(target);
        expect(sellNet(state, outcome, tokens - 1n)).toBeLessThan(target);
      }),
    );
  });

  it('covers every redemption from the reserve, losing at most one atomic unit per redemption', () => {
    fc.assert(
      fc.property(scenarioArb(3, 12), ({ shape, steps, settlement }) => {
        let state: AmmState = seedMarket(shape.weights, shape.initialReserve);
        const seed = state.supplies[0]!;
        const holdings = [shape.weights.map(() => seed), ...[1, 2, 3].map(() => shape.weights.map(() => 0n))];
        for (const step of steps) {
          const holder = holdings[step.trader + 1]!;
          if (step.kind === 'buy' || step.kind === 'roundTrip') {
            const quote = quoteBuy(state, step.outcome, step.usdcIn);
            if (quote.tokensOut === 0n) continue;
            state = quote.next;
            holder[step.outcome] = holder[step.outcome]! + quote.tokensOut;
          } else {
            const tokens = (holder[step.outcome]! * BigInt(step.fractionPpm)) / 1_000_000n;
            if (tokens === 0n || sellNet(state, step.outcome, tokens) === 0n) continue;
            const quote = quoteSell(state, step.outcome, tokens);
            expect(quote.c).toBeGreaterThanOrEqual(coefficient(state.reserve, sumSq(state)));
            state = quote.next;
            holder[step.outcome] = holder[step.outcome]! - tokens;
          }
          expect(state.reserve % USDC_TO_WAD).toBe(0n);
        }
        const reserveUsdc = state.reserve / USDC_TO_WAD;
        let paid = 0n;
        let redemptions = 0n;
        const winners = settlement.kind === 'resolve' ? settlement.winners : shape.weights.map((_, i) => i);
        const winningSupply = sum(winners.map((i) => state.supplies[i]!));
        for (const holder of holdings) {
          for (const outcome of winners) {
            if (holder[outcome] === 0n) continue;
            redemptions += 1n;
            paid +=
              settlement.kind === 'resolve'
                ? resolvedPayout(state.reserve, winningSupply, holder[outcome]!)
                : cancelledRefund(state, outcome, holder[outcome]!);
          }
        }
        if (winningSupply === 0n) return;
        expect(paid).toBeLessThanOrEqual(reserveUsdc);
        expect(reserveUsdc - paid).toBeLessThanOrEqual(redemptions);
      }),
    );
  });
});
