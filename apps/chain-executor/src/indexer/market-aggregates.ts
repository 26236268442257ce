/*
 * Pure: a market's aggregate columns from the totals of its indexed rows. Recomputed from the rows after every
 * range (never incremented), so replays and re-indexing cannot double count.
 */
import type { MarketActivityTotals, MarketAggregatesUpdate } from '../../../../shared/src/db/repositories/index.js';

/** USDC atomic units (6 decimals) per cent. */
const ATOMIC_PER_CENT = 10_000n;

/** Whole cents of a USDC atomic amount, rounded down (the public volumes are cents). */
export function atomicToCents(atomic: bigint): bigint {
  return atomic / ATOMIC_PER_CENT;
}

/**
 * The columns to write: volumes (atomic and cents), trade count and distinct traders; current prices and
 * probabilities from the newest price point, or left unchanged when the market has none.
 */
export function marketAggregates(totals: MarketActivityTotals): MarketAggregatesUpdate {
  const { latestPrices, latestProbabilities } = totals;
  return {
    totalVolumeAtomic: totals.volumeAtomic,
    totalVolumeCents: atomicToCents(totals.volumeAtomic),
    tradeCount: totals.tradeCount,
    uniqueTraders: totals.uniqueTraders,
    ...(latestPrices && latestProbabilities
      ? { current: { prices: latestPrices, probabilities: latestProbabilities } }
      : {}),
  };
}
