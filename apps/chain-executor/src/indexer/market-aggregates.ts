/*
 * Pure: a market's aggregate columns from the totals of its indexed rows. Recomputed from the rows after every
 * range (never incremented), so replays and re-indexing cannot double count.
 */
import type { MarketActivityTotals } from '#shared/db/market-trades/market-trades.repository.js';
import type { MarketAggregatesUpdate } from '#shared/db/markets/markets.repository.js';
import { usdcAtomicToCents } from '#shared/domain/units.js';

/**
 * The columns to write: volumes (atomic and cents), trade count and distinct traders; current prices and
 * probabilities from the newest price point, or left unchanged when the market has none.
 */
export function marketAggregates(totals: MarketActivityTotals): MarketAggregatesUpdate {
  const { latestPrices, latestProbabilities } = totals;
  return {
    totalVolumeAtomic: totals.volumeAtomic,
    totalVolumeCents: usdcAtomicToCents(totals.volumeAtomic),
    tradeCount: totals.tradeCount,
    uniqueTraders: totals.uniqueTraders,
    ...(latestPrices && latestProbabilities
      ? { current: { prices: latestPrices, probabilities: latestProbabilities } }
      : {}),
  };
}
