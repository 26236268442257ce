/*
 * The price_points table: one point per indexed trade (prices and probabilities after it, cumulative volume), and a
 * market's downsampled price history.
 */
import { toBigInt, toDate, toInt } from '../column-values.js';
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
 * `maxPoints` equal buckets of the row numbers; window functions: MySQL 8, MariaDB 10.2+). MySQL's ROW_NUMBER() is
 * unsigned, where `rn - 2` below 0 is an error (1690): `rn` is cast to a signed number.
 */
export async function listPriceHistory(db: Queryable, marketId: string, maxPoints: number): Promise<PricePoint[]> {
  const steps = Math.max(1, maxPoints - 1);
  const rows = rowsOfRaw(
    await db.raw(
      `SELECT recorded_at, prices, probabilities, cumulative_volume FROM (
       SELECT recorded_at, prices, probabilities, cumulative_volume, id,
              CAST(ROW_NUMBER() OVER (ORDER BY recorded_at, id) AS SIGNED) AS rn,
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

/** What one interval's trades did to an outcome's probability (WAD-18), in (recorded_at, id) order. */
export interface OutcomeInterval {
  /** The interval's index since the Unix epoch: its start is `index × intervalSeconds`. */
  index: number;
  first: bigint;
  high: bigint;
  low: bigint;
  last: bigint;
  /** USDC atomic-6 traded. */
  volume: bigint;
  tradeCount: number;
}

/** The seconds since the epoch of a DATETIME (the connection runs in UTC; TIMESTAMPDIFF needs no time zone). */
const EPOCH_SECONDS = "TIMESTAMPDIFF(SECOND, '1970-01-01 00:00:00', pp.recorded_at)";

/** An outcome's probability in a price point's JSON, as an exact integer (MySQL 8 and MariaDB alike). */
const probabilityOf = (column: string) => `CAST(JSON_UNQUOTE(JSON_EXTRACT(${column}, ?)) AS DECIMAL(36,0))`;
const outcomePath = (outcomeIndex: number) => `$[${outcomeIndex}]`;

/**
 * A market's trades in [from, to) summed per interval of `intervalSeconds` (aligned to the epoch) for the outcome at
 * `outcomeIndex`: intervals without a trade are absent. One row per interval, computed in the database.
 */
export async function listOutcomeIntervals(
  db: Queryable,
  query: { marketId: string; outcomeIndex: number; intervalSeconds: number; from: Date; to: Date },
): Promise<OutcomeInterval[]> {
  const bucket = `FLOOR(${EPOCH_SECONDS} / ?)`;
  const path = outcomePath(query.outcomeIndex);
  const rows = rowsOfRaw(
    await db.raw(
      `SELECT bucket, COUNT(*) AS trade_count, SUM(usdc) AS volume, MAX(probability) AS high, MIN(probability) AS low,
              MAX(CASE WHEN first_rank = 1 THEN probability END) AS first,
              MAX(CASE WHEN last_rank = 1 THEN probability END) AS last
         FROM (
           SELECT ${bucket} AS bucket, ${probabilityOf('pp.probabilities')} AS probability, mt.usdc,
                  ROW_NUMBER() OVER (PARTITION BY ${bucket} ORDER BY pp.recorded_at, pp.id) AS first_rank,
                  ROW_NUMBER() OVER (PARTITION BY ${bucket} ORDER BY pp.recorded_at DESC, pp.id DESC) AS last_rank
             FROM price_points pp JOIN market_trades mt ON mt.id = pp.market_trade_id
            WHERE pp.market_id = ? AND pp.recorded_at >= ? AND pp.recorded_at < ?
         ) ranked
        GROUP BY bucket ORDER BY bucket`,
      [query.intervalSeconds, path, query.intervalSeconds, query.intervalSeconds, query.marketId, query.from, query.to],
    ),
  );
  return rows.map((row) => ({
    index: toInt(row.bucket),
    first: toBigInt(row.first),
    high: toBigInt(row.high),
    low: toBigInt(row.low),
    last: toBigInt(row.last),
    volume: toBigInt(row.volume),
    tradeCount: toInt(row.trade_count),
  }));
}

/** The outcome's probability after the market's last trade before `before`, or null when there was none. */
export async function findOutcomeProbabilityBefore(
  db: Queryable,
  query: { marketId: string; outcomeIndex: number; before: Date },
): Promise<bigint | null> {
  const row = (await db('price_points as pp')
    .select(db.raw(`${probabilityOf('pp.probabilities')} AS probability`, [outcomePath(query.outcomeIndex)]))
    .where('pp.market_id', query.marketId)
    .andWhere('pp.recorded_at', '<', query.before)
    .orderBy([
      { column: 'pp.recorded_at', order: 'desc' },
      { column: 'pp.id', order: 'desc' },
    ])
    .first()) as { probability: unknown } | undefined; // cast: the one column selected above
  return row ? toBigInt(row.probability) : null;
}

/** When the market's first trade was recorded, or null before any. */
export async function findFirstPricePointTime(db: Queryable, marketId: string): Promise<Date | null> {
  const row = (await db('price_points').where({ market_id: marketId }).min({ first: 'recorded_at' }).first()) as
    { first: unknown } | undefined; // cast: the one aggregate selected above
  return row?.first ? toDate(row.first) : null;
}
