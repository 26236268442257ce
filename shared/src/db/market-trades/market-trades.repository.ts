/*
 * The market_trades table: one row per Bought/Sold log the chain indexer reads (writes are idempotent: a replayed
 * log updates its own row instead of adding one), and the reads over it: a market's trades, an account's trades,
 * totals per market.
 */
import { toBigInt, toDate, toInt } from '../column-values.js';
import { parseJsonColumn, rowsOfRaw, type Queryable } from '../transaction.js';
import { batches } from '../deferred-inserts.js';
import { applyKeysetAfter, type KeysetAfter } from '../pages.js';

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

/** Totals of a market's indexed rows; `latest*` come from its newest price point (null without trades). */
export interface MarketActivityTotals {
  marketId: string;
  volumeAtomic: bigint;
  tradeCount: number;
  uniqueTraders: number;
  latestPrices: string[] | null;
  latestProbabilities: string[] | null;
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

/** USDC atomic traded per market in blocks before `beforeBlock` (markets without trades are absent). */
export async function sumMarketVolumesBefore(
  db: Queryable,
  marketIds: readonly string[],
  beforeBlock: bigint,
): Promise<Map<string, bigint>> {
  if (marketIds.length === 0) return new Map();
  const rows: Array<{ market_id: string; volume: unknown }> = await db('market_trades')
    .select('market_id')
    .sum({ volume: 'usdc' })
    .whereIn('market_id', [...marketIds])
    .andWhere('block_number', '<', beforeBlock.toString())
    .groupBy('market_id');
  return new Map(rows.map((row) => [row.market_id, toBigInt(row.volume ?? 0)]));
}

/** Volume, trade count, distinct traders and newest price point of each market, recomputed from the rows. */
export async function readMarketActivityTotals(
  db: Queryable,
  marketIds: readonly string[],
): Promise<MarketActivityTotals[]> {
  if (marketIds.length === 0) return [];
  const ids = [...new Set(marketIds)];
  const sums: Array<{ market_id: string; trades: unknown; volume: unknown; traders: unknown }> = await db(
    'market_trades',
  )
    .select('market_id')
    .count({ trades: '*' })
    .sum({ volume: 'usdc' })
    .countDistinct({ traders: 'trader' })
    .whereIn('market_id', ids)
    .groupBy('market_id');
  // Newest point = the point of the market's last trade in chain order (block, then log index).
  const latestRows = rowsOfRaw(
    await db.raw(
      `SELECT market_id, prices, probabilities FROM (
       SELECT pp.market_id, pp.prices, pp.probabilities,
              ROW_NUMBER() OVER (PARTITION BY pp.market_id ORDER BY mt.block_number DESC, mt.log_index DESC) AS n
       FROM price_points pp JOIN market_trades mt ON mt.id = pp.market_trade_id
       WHERE pp.market_id IN (${ids.map(() => '?').join(', ')})
     ) ranked WHERE n = 1`,
      ids,
    ),
  );
  const sumsById = new Map(sums.map((row) => [row.market_id, row]));
  const latestById = new Map(latestRows.map((row) => [String(row.market_id), row]));
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
  const touched: Array<{ market_id: string }> = await scope.clone().distinct('market_id');
  if (touched.length === 0) return [];
  await db('price_points').whereIn('market_trade_id', scope.clone().select('id')).del();
  await scope.clone().del();
  return touched.map((row) => row.market_id);
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

const toRecentTrade = (row: Record<string, unknown>): RecentTrade => ({
  id: String(row.id),
  outcomeIndex: toInt(row.outcome_index),
  side: row.side === 'sell' ? 'sell' : 'buy',
  usdcAtomic: toBigInt(row.usdc),
  tokens: toBigInt(row.tokens),
  price: toBigInt(row.price),
  blockTime: toDate(row.block_time),
});

/** A market's latest trades, newest first (market_trades_market_time_idx). */
export async function listRecentTrades(db: Queryable, marketId: string, limit: number): Promise<RecentTrade[]> {
  const rows: Array<Record<string, unknown>> = await db('market_trades')
    .select('id', 'outcome_index', 'side', 'usdc', 'tokens', 'price', 'block_time')
    .where('market_id', marketId)
    .orderBy([
      { column: 'block_time', order: 'desc' },
      { column: 'log_index', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit);
  return rows.map(toRecentTrade);
}

export interface MarketTradeRecord extends RecentTrade {
  marketId: string;
  probabilityAfter: bigint;
  trader: string;
  txHash: string;
}

export interface MarketTradesKeysetQuery {
  marketId: string;
  outcomeIndex?: number;
  side?: 'buy' | 'sell';
  after?: KeysetAfter;
  limit: number;
}

/** A market's indexed trades newest first on (block_time, id) (market_trades_market_time_idx). */
export async function listMarketTradesKeyset(
  db: Queryable,
  query: MarketTradesKeysetQuery,
): Promise<MarketTradeRecord[]> {
  const builder = db('market_trades').select('*').where('market_id', query.marketId);
  if (query.outcomeIndex !== undefined) builder.where('outcome_index', query.outcomeIndex);
  if (query.side !== undefined) builder.where('side', query.side);
  applyKeysetAfter(builder, 'block_time', query.after);
  const rows: Array<Record<string, unknown>> = await builder
    .orderBy([
      { column: 'block_time', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(query.limit);
  return rows.map((row) => ({
    ...toRecentTrade(row),
    marketId: String(row.market_id),
    probabilityAfter: toBigInt(row.probability_after),
    trader: String(row.trader),
    txHash: String(row.tx_hash),
  }));
}

/** One indexed trade of an account, for the position ledger. */
export interface AccountTradeLeg {
  marketId: string;
  outcomeIndex: number;
  side: 'buy' | 'sell';
  /** WAD-18 tokens. */
  tokens: bigint;
  /** USDC atomic: paid (buy, fee included) or received (sell). */
  usdc: bigint;
  blockTime: Date;
}

/** Every trade `trader` made, optionally on one market, oldest first per (market, outcome) (market_trades_trader_idx). */
export async function listAccountTradeLegs(
  db: Queryable,
  trader: string,
  marketId?: string,
): Promise<AccountTradeLeg[]> {
  const builder = db('market_trades')
    .select('market_id', 'outcome_index', 'side', 'tokens', 'usdc', 'block_time')
    .where('trader', trader)
    .orderBy(['market_id', 'outcome_index', 'block_number', 'log_index']);
  if (marketId !== undefined) builder.where('market_id', marketId);
  const rows: Array<Record<string, unknown>> = await builder;
  return rows.map((row) => ({
    marketId: String(row.market_id),
    outcomeIndex: toInt(row.outcome_index),
    side: row.side === 'sell' ? 'sell' : 'buy',
    tokens: toBigInt(row.tokens),
    usdc: toBigInt(row.usdc),
    blockTime: toDate(row.block_time),
  }));
}
