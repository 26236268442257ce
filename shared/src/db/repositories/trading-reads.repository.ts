/*
 * Read-only queries of the trading API (/v1): keyset pages of markets (created_at, id) and of a market's indexed
 * trades (block_time, id), newest first; an account's trades summed per position; usage figures of a key.
 */
import type { Knex } from 'knex';
import { toBigInt, toDate, toInt } from '../column-values.js';
import type { Queryable } from '../transaction.js';
import type { Market, MarketStatus } from './markets.repository.js';
import { type MarketRow } from './public-markets.repository.js';
import { toMarket } from './markets.repository.js';

/** Continue strictly after this row in (sort key, id) descending order. */
export interface KeysetAfter {
  sortKey: Date;
  id: string;
}

function applyKeysetAfter(query: Knex.QueryBuilder, column: string, after?: KeysetAfter): void {
  if (!after) return;
  void query.where((outer) => {
    void outer.where(column, '<', after.sortKey).orWhere((tie) => {
      void tie.where(column, '=', after.sortKey).andWhere('id', '<', after.id);
    });
  });
}

export interface MarketKeysetQuery {
  /** Any of these statuses; absent = every status. */
  statuses?: readonly MarketStatus[];
  category?: string;
  threadId?: string;
  after?: KeysetAfter;
  /** Rows to read (callers ask for one more than the page to learn whether another page exists). */
  limit: number;
}

/** Markets newest first on (created_at, id) (markets_created_idx / markets_status_created_idx). */
export async function listMarketsKeyset(db: Queryable, query: MarketKeysetQuery): Promise<Market[]> {
  const builder = db('markets').select('*');
  if (query.statuses && query.statuses.length > 0) builder.whereIn('status', [...query.statuses]);
  if (query.category !== undefined) builder.where('category', query.category);
  if (query.threadId !== undefined) builder.where('thread_id', query.threadId);
  applyKeysetAfter(builder, 'created_at', query.after);
  const rows = (await builder
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(query.limit)) as MarketRow[];
  return rows.map(toMarket);
}

export interface MarketTradeRecord {
  id: string;
  marketId: string;
  outcomeIndex: number;
  side: 'buy' | 'sell';
  usdcAtomic: bigint;
  tokens: bigint;
  price: bigint;
  probabilityAfter: bigint;
  trader: string;
  txHash: string;
  blockTime: Date;
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
  const rows = (await builder
    .orderBy([
      { column: 'block_time', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(query.limit)) as Array<Record<string, unknown>>;
  return rows.map((row) => ({
    id: String(row.id),
    marketId: String(row.market_id),
    outcomeIndex: toInt(row.outcome_index),
    side: row.side === 'sell' ? 'sell' : 'buy',
    usdcAtomic: toBigInt(row.usdc),
    tokens: toBigInt(row.tokens),
    price: toBigInt(row.price),
    probabilityAfter: toBigInt(row.probability_after),
    trader: String(row.trader),
    txHash: String(row.tx_hash),
    blockTime: toDate(row.block_time),
  }));
}

/** One (market, outcome) an account traded, summed from its indexed trades. */
export interface AccountPositionActivity {
  marketId: string;
  contractAddress: string | null;
  chainId: number | null;
  outcomeIndex: number;
  /** USDC atomic paid on buys. */
  boughtUsdc: bigint;
  /** USDC atomic received on sells. */
  soldUsdc: bigint;
  tradeCount: number;
  firstTradeAt: Date;
  lastTradeAt: Date;
}

/** Every (market, outcome) `trader` traded, optionally of one market (market_trades_trader_idx). */
export async function listAccountPositionActivity(
  db: Queryable,
  trader: string,
  marketId?: string,
): Promise<AccountPositionActivity[]> {
  const builder = db('market_trades as t')
    .join('markets as m', 'm.id', 't.market_id')
    .select('t.market_id', 't.outcome_index', 'm.contract_address', 'm.chain_id')
    .sum({ bought: db.raw("CASE WHEN t.side = 'buy' THEN t.usdc ELSE 0 END") })
    .sum({ sold: db.raw("CASE WHEN t.side = 'sell' THEN t.usdc ELSE 0 END") })
    .count({ trades: '*' })
    .min({ first_at: 't.block_time' })
    .max({ last_at: 't.block_time' })
    .where('t.trader', trader)
    .groupBy('t.market_id', 't.outcome_index', 'm.contract_address', 'm.chain_id')
    .orderBy([
      { column: 't.market_id', order: 'asc' },
      { column: 't.outcome_index', order: 'asc' },
    ]);
  if (marketId !== undefined) builder.where('t.market_id', marketId);
  const rows = (await builder) as Array<Record<string, unknown>>;
  return rows.map((row) => ({
    marketId: String(row.market_id),
    contractAddress: row.contract_address === null ? null : String(row.contract_address),
    chainId: row.chain_id === null ? null : toInt(row.chain_id),
    outcomeIndex: toInt(row.outcome_index),
    boughtUsdc: toBigInt(row.bought ?? 0),
    soldUsdc: toBigInt(row.sold ?? 0),
    tradeCount: toInt(row.trades),
    firstTradeAt: toDate(row.first_at),
    lastTradeAt: toDate(row.last_at),
  }));
}

/** Audit rows of auth failures attributed to a key at or after `since`. */
export async function countAuthFailuresForKey(db: Queryable, apiKeyId: string, since: Date): Promise<number> {
  const row = (await db('auth_failures')
    .where({ api_key_id: apiKeyId })
    .andWhere('occurred_at', '>=', since)
    .count({ total: '*' })
    .first()) as Record<string, unknown> | undefined;
  return toInt(row?.total ?? 0);
}
