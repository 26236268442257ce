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
