/*
 * Read-only queries over what the chain indexer writes (market_trades, price_points) for the public read API:
 * a market's price history (downsampled), its recent trades, and per-market activity over a time window.
 */
import { toBigInt, toDate, toInt } from '../column-values.js';
import { parseJsonColumn, type Queryable } from '../transaction.js';
import { type MarketRow } from './public-markets.repository.js';
import { toMarket } from './markets.repository.js';
import type { Market } from './markets.repository.js';

export interface PricePoint {
  recordedAt: Date;
  /** Per outcome, WAD-18 marginal prices. */
  prices: string[];
  /** Per outcome, WAD-18 probabilities (capital shares). */
  probabilities: string[];
  /** USDC atomic traded up to this point. */
  cumulativeVolumeAtomic: bigint;
}

export interface RecentTrade {
  id: string;
  outcomeIndex: number;
  side: 'buy' | 'sell';
  /** USDC atomic paid (buy) or received (sell). */
  usdcAtomic: bigint;
  /** WAD-18 outcome tokens. */
  tokens: bigint;
  /** WAD-18 average price per token. */
  price: bigint;
  blockTime: Date;
}

export interface MarketActivity {
  market: Market;
  tradeCount: number;
  /** USDC atomic traded in the window (buys and sells). */
  volumeAtomic: bigint;
  uniqueTraders: number;
}

/**
 * A market's price history in time order, at most `maxPoints` (≥ 2) points: every point when there are few enough,
 * otherwise exactly `maxPoints` evenly spaced ones, the first and the latest included (the first point of each of
 * `maxPoints` equal buckets of the row numbers; window functions: MySQL 8, MariaDB 10.2+).
 */
export async function listPriceHistory(db: Queryable, marketId: string, maxPoints: number): Promise<PricePoint[]> {
  const steps = Math.max(1, maxPoints - 1);
  const result = (await db.raw(
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
  )) as [Array<Record<string, unknown>>, unknown];
  return result[0].map((row) => ({
    recordedAt: toDate(row.recorded_at),
    prices: parseJsonColumn<string[]>(row.prices),
    probabilities: parseJsonColumn<string[]>(row.probabilities),
    cumulativeVolumeAtomic: toBigInt(row.cumulative_volume),
  }));
}

/** A market's latest trades, newest first (market_trades_market_time_idx). */
export async function listRecentTrades(db: Queryable, marketId: string, limit: number): Promise<RecentTrade[]> {
  const rows = (await db('market_trades')
    .select('id', 'outcome_index', 'side', 'usdc', 'tokens', 'price', 'block_time')
    .where('market_id', marketId)
    .orderBy([
      { column: 'block_time', order: 'desc' },
      { column: 'log_index', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit)) as Array<Record<string, unknown>>;
  return rows.map((row) => ({
    id: String(row.id),
    outcomeIndex: toInt(row.outcome_index),
    side: row.side === 'sell' ? 'sell' : 'buy',
    usdcAtomic: toBigInt(row.usdc),
    tokens: toBigInt(row.tokens),
    price: toBigInt(row.price),
    blockTime: toDate(row.block_time),
  }));
}

export interface ActivityQuery {
  /** Start of the window (inclusive). */
  since: Date;
  category?: string;
  /** Only markets whose total volume is at least this many cents. */
  minTotalVolumeCents?: number;
}

/**
 * Open markets with at least one trade since `since`, each with its trade count, volume and distinct traders in
 * that window, in one statement: the filtered open markets drive a range scan of market_trades_market_time_idx per
 * market (never a scan of every trade), grouped per market.
 */
export async function listMarketActivity(db: Queryable, query: ActivityQuery): Promise<MarketActivity[]> {
  const recent = db('markets as active')
    .join('market_trades as trade', function joinWindow() {
      this.on('trade.market_id', '=', 'active.id').andOn('trade.block_time', '>=', db.raw('?', [query.since]));
    })
    .select('trade.market_id')
    .count({ recent_trades: '*' })
    .sum({ recent_usdc: 'trade.usdc' })
    .countDistinct({ recent_traders: 'trade.trader' })
    .where('active.status', 'OPEN')
    .groupBy('trade.market_id');
  if (query.category !== undefined) recent.where('active.category', query.category);
  if (query.minTotalVolumeCents !== undefined) {
    recent.where('active.total_volume_cents', '>=', query.minTotalVolumeCents);
  }
  const rows = (await db('markets')
    .select('markets.*', 'recent.recent_trades', 'recent.recent_usdc', 'recent.recent_traders')
    .join(recent.as('recent'), 'recent.market_id', 'markets.id')) as MarketRow[];
  return rows.map((row) => ({
    market: toMarket(row),
    tradeCount: toInt(row.recent_trades),
    volumeAtomic: toBigInt(row.recent_usdc ?? 0),
    uniqueTraders: toInt(row.recent_traders),
  }));
}
