/**
 * fast-check generators shared by the model's unit properties and the on-chain comparison: random markets
 * (2–8 outcomes, weights ≥ 0.0125 %, seed 1–1,000,000 USDC) and random trade scripts.
 */
import fc from 'fast-check';
import { WAD } from './fixed-point.js';

export interface MarketShape {
  weights: bigint[];
  /** USDC atomic. */
  initialReserve: bigint;
}

export type TradeStep =
  | { kind: 'buy'; trader: number; outcome: number; usdcIn: bigint }
  | { kind: 'sell'; trader: number; outcome: number; fractionPpm: number }
  | { kind: 'sellExact'; trader: number; outcome: number; fractionPpm: number }
  | { kind: 'roundTrip'; trader: number; outcome: number; usdcIn: bigint };

/** Weights from integer parts 1..1000, normalised to sum exactly 1e18 (remainder to the last). */
export function normaliseWeights(parts: readonly number[]): bigint[] {
  const total = parts.reduce((sum, part) => sum + BigInt(part), 0n);
  const weights = parts.map((part) => (BigInt(part) * WAD) / total);
  const assigned = weights.reduce((sum, weight) => sum + weight, 0n);
  return weights.map((weight, index) => (index === weights.length - 1 ? weight + WAD - assigned : weight));
}

export const marketShapeArb: fc.Arbitrary<MarketShape> = fc.record({
  weights: fc.array(fc.integer({ min: 1, max: 1_000 }), { minLength: 2, maxLength: 8 }).map(normaliseWeights),
  initialReserve: fc.bigInt({ min: 1_000_000n, max: 1_000_000_000_000n }),
});

/** A buy amount between 1 atomic unit and 100,000 USDC, biased toward small and large ends. */
export const usdcAmountArb: fc.Arbitrary<bigint> = fc.oneof(
  fc.bigInt({ min: 1n, max: 1_000_000n }),
  fc.bigInt({ min: 1_000_000n, max: 100_000_000_000n }),
);

export function tradeStepArb(outcomes: number, traders: number): fc.Arbitrary<TradeStep> {
  const trader = fc.integer({ min: 0, max: traders - 1 });
  const outcome = fc.integer({ min: 0, max: outcomes - 1 });
  const fractionPpm = fc.integer({ min: 1, max: 1_000_000 });
  return fc.oneof(
    fc.record({ kind: fc.constant('buy' as const), trader, outcome, usdcIn: usdcAmountArb }),
    fc.record({ kind: fc.constant('sell' as const), trader, outcome, fractionPpm }),
    fc.record({ kind: fc.constant('sellExact' as const), trader, outcome, fractionPpm }),
    fc.record({ kind: fc.constant('roundTrip' as const), trader, outcome, usdcIn: usdcAmountArb }),
  );
}

/** A market and a script of 1..`maxSteps` trades by `traders` traders. */
export function scenarioArb(traders: number, maxSteps: number) {
  return marketShapeArb.chain((shape) =>
    fc.record({
      shape: fc.constant(shape),
      steps: fc.array(tradeStepArb(shape.weights.length, traders), { minLength: 1, maxLength: maxSteps }),
      settlement: fc.oneof(
        fc.record({
          kind: fc.constant('resolve' as const),
          winners: fc.uniqueArray(fc.integer({ min: 0, max: shape.weights.length - 1 }), { minLength: 1 }),
        }),
        fc.record({ kind: fc.constant('cancel' as const), winners: fc.constant<number[]>([]) }),
      ),
    }),
  );
}
