import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { marketShapeArb, scenarioArb, usdcAmountArb } from './amm-arbitraries.js';
import { BPS, USDC_TO_WAD, WAD, ceilDiv, sqrtCeil, sqrtFloor } from './fixed-point.js';
import {
  cancelledRefund,
  coefficient,
  minTokensIn,
  priceArrays,
  quoteBuy,
  quoteSell,
  resolvedPayout,
  seedMarket,
  sellableSupply,
  sellNet,
  sellRelease,
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
        // The reserve gives back what the buy added, plus its rounding (at most 2 atomic units, to the treasury).
        expect(sold.usdcOut + sold.ammFee + sold.protocolFee).toBeLessThanOrEqual(usdcIn - bought.fee + 2n);
        expect(sold.c).toBeLessThan(bought.c);
      }),
    );
  });

  it('on every sell of a positive amount: c falls, prices sum to 1e18, usdcOut is net of the fees', () => {
    fc.assert(
      fc.property(
        marketShapeArb,
        fc.array(fc.tuple(fc.nat(7), usdcAmountArb), { maxLength: 4 }),
        fc.nat(7),
        fc.oneof(fc.bigInt({ min: 1n, max: 10n ** 6n }), fc.bigInt({ min: 1n, max: 10n ** 30n })),
        ({ weights, initialReserve }, buys, pick, amount) => {
          let state = seedMarket(weights, initialReserve);
          for (const [index, usdcIn] of buys) state = quoteBuy(state, index % weights.length, usdcIn).next;
          const outcome = pick % weights.length;
          const sellable = sellableSupply(state, outcome);
          const tokens = amount > sellable ? (amount % sellable) + 1n : amount;
          const before = coefficient(state.reserve, sumSq(state));
          const quote = quoteSell(state, outcome, tokens);

          expect(quote.c).toBeLessThan(before);
          expect(sum(quote.pAfter)).toBe(WAD);
          expect(sum(quote.qAfter)).toBe(WAD);
          // Everything the sale takes from the reserve is the net paid plus the fees; none of it stays.
          expect(quote.grossRelease % USDC_TO_WAD).toBe(0n);
          expect(quote.usdcOut + quote.ammFee + quote.protocolFee).toBe(quote.grossRelease / USDC_TO_WAD);
          // usdcOut is the curve's release (floored) net of the 1 % + 1 % sellFeeBps, so also net of them on the gross.
          const curve = sellRelease(state, outcome, tokens).grossWad;
          const grossUsdc = curve / USDC_TO_WAD;
          const fees = ceilDiv(grossUsdc * 200n, BPS);
          expect(quote.usdcOut).toBe(grossUsdc - fees);
          expect(quote.protocolFee).toBe(fees / 2n);
          const grossFees = ceilDiv((quote.grossRelease / USDC_TO_WAD) * 200n, BPS);
          expect(quote.usdcOut).toBeLessThanOrEqual(quote.grossRelease / USDC_TO_WAD - grossFees);
          // Strictly more than c·ΔN leaves: the reserve keeps at most c·N' − one atomic unit (by 1 to 2 units).
          const kept = state.reserve - curve;
          expect(kept - quote.reserveAfter).toBeGreaterThanOrEqual(USDC_TO_WAD);
          expect(quote.ammFee - (fees - quote.protocolFee)).toBeGreaterThanOrEqual(quote.reserveAfter === 0n ? 0n : 1n);
        },
      ),
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
            expect(quote.c).toBeLessThan(coefficient(state.reserve, sumSq(state)));
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
