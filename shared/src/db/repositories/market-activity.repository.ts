/*
 * What the chain indexer writes: market_trades (one row per Bought/Sold log), price_points (one per trade) and the
 * aggregates on markets. Writes are idempotent: a replayed log updates its own row instead of adding one.
 */
import { toBigInt, toInt, wadToDecimalString } from '../column-values.js';
import { parseJsonColumn, type Queryable } from '../transaction.js';
import type { MarketStatus } from './markets.repository.js';

/** A market deployed on a chain, as the indexer follows it. */
export interface ChainMarket {
  id: string;
  contractAddress: string;
  outcomeCount: number;
}

export interface NewMarketTrade {
  /** Deterministic from (chain id, tx hash, log index). */
  id: string;
  marketId: string;
  chainId: number;
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  blockTime: Date;
  trader: string;
  /** The `trades` row that placed it (our executor), else null. */
  tradeId: string | null;
  outcomeIndex: number;
  side: 'buy' | 'sell';
  /** USDC atomic: paid in (buy, fee included) or received (sell, net). */
  usdc: bigint;
  /** WAD-18 tokens. */
  tokens: bigint;
  /** WAD-18 average price per token. */
  price: bigint;
  /** WAD-18 probability of the traded outcome after the trade. */
  probabilityAfter: bigint;
}

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

/** Totals of a market's indexed rows; `latest*` come from its newest price point (null without trades). */
export interface MarketActivityTotals {
  marketId: string;
  volumeAtomic: bigint;
  tradeCount: number;
  uniqueTraders: number;
  latestPrices: string[] | null;
  latestProbabilities: string[] | null;
}

export interface MarketAggregatesUpdate {
  totalVolumeAtomic: bigint;
  totalVolumeCents: bigint;
  tradeCount: number;
  uniqueTraders: number;
  /** Left unchanged when absent (a market without trades keeps its seeded or previous values). */
  current?: { prices: readonly string[]; probabilities: readonly string[] };
}

export interface MarketChainStatus {
  marketId: string;
  status: MarketStatus;
  winningOutcomes?: readonly number[];
  resolveTime?: Date;
}

const INSERT_BATCH = 500;

function* batches<T>(rows: readonly T[]): Generator<T[]> {
  for (let start = 0; start < rows.length; start += INSERT_BATCH) yield rows.slice(start, start + INSERT_BATCH);
}

/** Markets with a contract on `chainId`. */
export async function listChainMarkets(db: Queryable, chainId: number): Promise<ChainMarket[]> {
  const rows = (await db('markets')
    .select('id', 'contract_address', 'outcome_count')
    .where({ chain_id: chainId })
    .whereNotNull('contract_address')
    .orderBy('id')) as Array<Record<string, unknown>>;
  return rows.map((row) => ({
    id: String(row.id),
    contractAddress: String(row.contract_address),
    outcomeCount: toInt(row.outcome_count),
  }));
}

/** The subset of `ids` that are rows of `trades`. */
export async function findExistingTradeIds(db: Queryable, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = (await db('trades')
    .select('id')
    .whereIn('id', [...new Set(ids)])) as Array<{ id: string }>;
  return new Set(rows.map((row) => row.id));
}

/** Inserts trades; a row already there (same tx hash and log index) only gets its `trade_id` link refreshed. */
export async function upsertMarketTrades(db: Queryable, trades: readonly NewMarketTrade[]): Promise<void> {
  for (const batch of batches(trades)) {
    const rows = batch.map((trade) => ({
      id: trade.id,
      market_id: trade.marketId,
      chain_id: trade.chainId,
      tx_hash: trade.txHash,
      log_index: trade.logIndex,
      block_number: trade.blockNumber.toString(),
      block_time: trade.blockTime,
      trader: trade.trader,
      trade_id: trade.tradeId,
      outcome_index: trade.outcomeIndex,
      side: trade.side,
      usdc: trade.usdc.toString(),
      tokens: trade.tokens.toString(),
      price: trade.price.toString(),
      probability_after: trade.probabilityAfter.toString(),
    }));
    await db('market_trades').insert(rows).onConflict(['tx_hash', 'log_index']).merge(['trade_id']);
  }
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

/** USDC atomic traded per market in blocks before `beforeBlock` (markets without trades are absent). */
export async function sumMarketVolumesBefore(
  db: Queryable,
  marketIds: readonly string[],
  beforeBlock: bigint,
): Promise<Map<string, bigint>> {
  if (marketIds.length === 0) return new Map();
  const rows = (await db('market_trades')
    .select('market_id')
    .sum({ volume: 'usdc' })
    .whereIn('market_id', [...marketIds])
    .andWhere('block_number', '<', beforeBlock.toString())
    .groupBy('market_id')) as Array<{ market_id: string; volume: unknown }>;
  return new Map(rows.map((row) => [row.market_id, toBigInt(row.volume ?? 0)]));
}

/** Volume, trade count, distinct traders and newest price point of each market, recomputed from the rows. */
export async function readMarketActivityTotals(
  db: Queryable,
  marketIds: readonly string[],
): Promise<MarketActivityTotals[]> {
  if (marketIds.length === 0) return [];
  const ids = [...new Set(marketIds)];
  const sums = (await db('market_trades')
    .select('market_id')
    .count({ trades: '*' })
    .sum({ volume: 'usdc' })
    .countDistinct({ traders: 'trader' })
    .whereIn('market_id', ids)
    .groupBy('market_id')) as Array<{ market_id: string; trades: unknown; volume: unknown; traders: unknown }>;
  // Newest point = the point of the market's last trade in chain order (block, then log index).
  const [latestRows] = (await db.raw(
    `SELECT market_id, prices, probabilities FROM (
       SELECT pp.market_id, pp.prices, pp.probabilities,
              ROW_NUMBER() OVER (PARTITION BY pp.market_id ORDER BY mt.block_number DESC, mt.log_index DESC) AS n
       FROM price_points pp JOIN market_trades mt ON mt.id = pp.market_trade_id
       WHERE pp.market_id IN (${ids.map(() => '?').join(', ')})
     ) ranked WHERE n = 1`,
    ids,
  )) as [Array<{ market_id: string; prices: unknown; probabilities: unknown }>];
  const sumsById = new Map(sums.map((row) => [row.market_id, row]));
  const latestById = new Map(latestRows.map((row) => [row.market_id, row]));
  return ids.map((marketId) => {
    const sum = sumsById.get(marketId);
    const latest = latestById.get(marketId);
    return {
      marketId,
      volumeAtomic: sum ? toBigInt(sum.volume ?? 0) : 0n,
      tradeCount: sum ? toInt(sum.trades) : 0,
      uniqueTraders: sum ? toInt(sum.traders) : 0,
      latestPrices: latest ? parseJsonColumn<string[]>(latest.prices) : null,
      latestProbabilities: latest ? parseJsonColumn<string[]>(latest.probabilities) : null,
    };
  });
}

/** Writes a market's aggregates (see {@link MarketAggregatesUpdate}); `current_probability` is outcome 0's. */
export async function updateMarketAggregates(
  db: Queryable,
  marketId: string,
  update: MarketAggregatesUpdate,
): Promise<void> {
  const first = update.current?.probabilities[0];
  await db('markets')
    .where({ id: marketId })
    .update({
      total_volume_atomic: update.totalVolumeAtomic.toString(),
      total_volume_cents: update.totalVolumeCents.toString(),
      trade_count: update.tradeCount,
      unique_traders: update.uniqueTraders,
      ...(update.current === undefined
        ? {}
        : {
            current_prices: JSON.stringify(update.current.prices),
            current_probabilities: JSON.stringify(update.current.probabilities),
            current_probability: first === undefined ? null : wadToDecimalString(first),
          }),
    });
}

/** Sets the lifecycle state the chain reports (the chain is the source of truth; no transition check). */
export async function applyMarketChainStatus(db: Queryable, change: MarketChainStatus): Promise<void> {
  await db('markets')
    .where({ id: change.marketId })
    .update({
      status: change.status,
      ...(change.winningOutcomes === undefined ? {} : { winning_outcomes: JSON.stringify(change.winningOutcomes) }),
      ...(change.resolveTime === undefined ? {} : { resolve_time: change.resolveTime }),
    });
}

/**
 * Deletes the indexed trades (and their price points) of one chain, all of them or only those above `aboveBlock`.
 * Returns the ids of the markets that lost rows; their aggregates need recomputing.
 */
export async function deleteChainActivity(
  db: Queryable,
  filter: { chainId: number; aboveBlock?: bigint },
): Promise<string[]> {
  const scope = db('market_trades').where({ chain_id: filter.chainId });
  if (filter.aboveBlock !== undefined) scope.andWhere('block_number', '>', filter.aboveBlock.toString());
  const touched = (await scope.clone().distinct('market_id')) as Array<{ market_id: string }>;
  if (touched.length === 0) return [];
  await db('price_points').whereIn('market_trade_id', scope.clone().select('id')).del();
  await scope.clone().del();
  return touched.map((row) => row.market_id);
}
