/* Test-only: rows the chain indexer would write (market trades, price points, market aggregates). */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';

export interface TradeRow {
  marketId: string;
  trader: string;
  outcomeIndex?: number;
  side?: 'buy' | 'sell';
  /** USDC atomic. */
  usdc: bigint;
  tokens?: bigint;
  /** WAD-18 average price. */
  price?: bigint;
  blockTime: Date;
}

let logIndex = 0;

export async function insertTrade(db: Knex, trade: TradeRow): Promise<string> {
  const id = randomUUID();
  logIndex += 1;
  await db('market_trades').insert({
    id,
    market_id: trade.marketId,
    chain_id: 31337,
    tx_hash: `0x${randomBytes(32).toString('hex')}`,
    log_index: logIndex,
    block_number: logIndex,
    block_time: trade.blockTime,
    trader: trade.trader,
    outcome_index: trade.outcomeIndex ?? 0,
    side: trade.side ?? 'buy',
    usdc: trade.usdc.toString(),
    tokens: (trade.tokens ?? 10n ** 18n).toString(),
    price: (trade.price ?? 5n * 10n ** 17n).toString(),
    probability_after: (5n * 10n ** 17n).toString(),
  });
  return id;
}

export async function insertPricePoint(
  db: Knex,
  point: { marketId: string; recordedAt: Date; prices: string[]; probabilities: string[]; cumulativeVolume: bigint },
): Promise<void> {
  await db('price_points').insert({
    market_id: point.marketId,
    recorded_at: point.recordedAt,
    prices: JSON.stringify(point.prices),
    probabilities: JSON.stringify(point.probabilities),
    cumulative_volume: point.cumulativeVolume.toString(),
  });
}

const WAD = 10n ** 18n;

export interface SeededPricePoint {
  recordedAt: Date;
  /** Outcome 0's price and probability, WAD-18. */
  yesWad: bigint;
  cumulativeVolume: bigint;
}

/**
 * `count` price points of a binary market, one every `stepMs` from `start`: outcome 0 moves from 0.3 upwards by
 * 0.001 a point (wrapping before 1), cumulative volume grows by 1 USDC plus the point's index in atomic units.
 */
export async function insertPriceHistory(
  db: Knex,
  marketId: string,
  options: { count: number; start: Date; stepMs?: number },
): Promise<SeededPricePoint[]> {
  const stepMs = options.stepMs ?? 60_000;
  const points: SeededPricePoint[] = [];
  let volume = 0n;
  for (let index = 0; index < options.count; index += 1) {
    volume += 1_000_000n + BigInt(index);
    const yesWad = ((300n + BigInt(index % 600)) * WAD) / 1_000n;
    points.push({ recordedAt: new Date(options.start.getTime() + index * stepMs), yesWad, cumulativeVolume: volume });
  }
  if (points.length > 0) {
    await db('price_points').insert(
      points.map((point) => ({
        market_id: marketId,
        recorded_at: point.recordedAt,
        prices: JSON.stringify([point.yesWad.toString(), (WAD - point.yesWad).toString()]),
        probabilities: JSON.stringify([point.yesWad.toString(), (WAD - point.yesWad).toString()]),
        cumulative_volume: point.cumulativeVolume.toString(),
      })),
    );
  }
  return points;
}

/** Sets the aggregates the indexer maintains on a market row. */
export async function setMarketAggregates(
  db: Knex,
  marketId: string,
  aggregates: { totalVolumeCents?: number; tradeCount?: number; uniqueTraders?: number; currentPrices?: string[] },
): Promise<void> {
  await db('markets')
    .where({ id: marketId })
    .update({
      ...(aggregates.totalVolumeCents !== undefined
        ? { total_volume_cents: aggregates.totalVolumeCents, total_volume_atomic: aggregates.totalVolumeCents * 10_000 }
        : {}),
      ...(aggregates.tradeCount !== undefined ? { trade_count: aggregates.tradeCount } : {}),
      ...(aggregates.uniqueTraders !== undefined ? { unique_traders: aggregates.uniqueTraders } : {}),
      ...(aggregates.currentPrices !== undefined ? { current_prices: JSON.stringify(aggregates.currentPrices) } : {}),
    });
}

export const address = (n: number): string => `0x${n.toString(16).padStart(40, '0')}`;
