/*
 * The price_points table: one point per indexed trade (prices and probabilities after it, cumulative volume), and a
 * market's downsampled price history.
 */
import { toBigInt, toDate } from '../column-values.js';
import { parseJsonColumn, rowsOfRaw, type Queryable } from '../transaction.js';
import { batches } from '../deferred-inserts.js';

export interface NewPricePoint {
  marketId: string;
  marketTradeId: string;
  recordedAt: Date;
  blockNumber: bigint;
  /** Per outcome WAD-18, summing to 1e18. */
  prices: readonly bigint[];
  probabilities: readonly bigint[];
  /** USDC atomic traded on the market up to and including this trade. */
  cumulativeVolume: bigint;
}

/** Inserts one point per trade; a replay rewrites the point of its trade with the same values. */
export async function upsertPricePoints(db: Queryable, points: readonly NewPricePoint[]): Promise<void> {
  const strings = (values: readonly bigint[]) => JSON.stringify(values.map((value) => value.toString()));
  for (const batch of batches(points)) {
    const rows = batch.map((point) => ({
      market_id: point.marketId,
      market_trade_id: point.marketTradeId,
      recorded_at: point.recordedAt,
      block_number: point.blockNumber.toString(),
      prices: strings(point.prices),
      probabilities: strings(point.probabilities),
      cumulative_volume: point.cumulativeVolume.toString(),
    }));
    await db('price_points')
      .insert(rows)
      .onConflict('market_trade_id')
      .merge(['recorded_at', 'block_number', 'prices', 'probabilities', 'cumulative_volume']);
  }
}

export interface PricePoint {
  recordedAt: Date;
  /** Per outcome, WAD-18 marginal prices. */
  prices: string[];
  /** Per outcome, WAD-18 probabilities (capital shares). */
  probabilities: string[];
  /** USDC atomic traded up to this point. */
  cumulativeVolumeAtomic: bigint;
}

/**
 * A market's price history in time order, at most `maxPoints` (≥ 2) points: every point when there are few enough,
 * otherwise exactly `maxPoints` evenly spaced ones, the first and the latest included (the first point of each of
 * `maxPoints` equal buckets of the row numbers; window functions: MySQL 8, MariaDB 10.2+).
 */
export async function listPriceHistory(db: Queryable, marketId: string, maxPoints: number): Promise<PricePoint[]> {
  const steps = Math.max(1, maxPoints - 1);
  const rows = rowsOfRaw(
    await db.raw(
      `SELECT recorded_at, prices, probabilities, cumulative_volume FROM (
       SELECT recorded_at, prices, probabilities, cumulative_volume, id,
              ROW_NUMBER() OVER (ORDER BY recorded_at, id) AS rn,
              COUNT(*) OVER () AS total
         FROM price_points WHERE market_id = ?
     ) numbered
     WHERE total <= ? OR rn = 1
        OR FLOOR((rn - 1) * ? / (total - 1)) > FLOOR((rn - 2) * ? / (total - 1))
     ORDER BY recorded_at, id`,
      [marketId, maxPoints, steps, steps],
    ),
  );
  return rows.map((row) => ({
    recordedAt: toDate(row.recorded_at),
    prices: parseJsonColumn<string[]>(row.prices),
    probabilities: parseJsonColumn<string[]>(row.probabilities),
    cumulativeVolumeAtomic: toBigInt(row.cumulative_volume),
  }));
}
