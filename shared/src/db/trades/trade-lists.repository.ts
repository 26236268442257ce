/*
 * Reads of many trades: a user's list, the sweeps of the executor (expired confirmations, stalled trades), batches
 * by id, the sums a new trade's checks weigh, and one key's usage figures (counts by status, latency by rank). The
 * single-row reads and every write are in trades.repository.ts.
 */
import { toApiKey, type ApiKeyRecord } from '../api-keys/api-key-rows.js';
import { toBigIntOrNull, toInt, toOneOf } from '../column-values.js';
import { dailyCapStatuses, inFlightStatuses, tradeStatuses, type TradeStatus } from '../../domain/trade-states.js';
import { toMarket, type Market } from '../markets/market-rows.js';
import { newestFirstPage } from '../pages.js';
import type { Queryable, Row } from '../transaction.js';
import type { ErrorCode } from '../../errors/error-catalogue.js';
import { toUser, type User } from '../users/users.repository.js';
import { toTrade, type TradeRecord } from './trade-rows.js';

/** Trades by id, for readers that gather the ids of several jobs into one query; absent ids are missing. */
export async function findTradesByIds(db: Queryable, ids: readonly string[]): Promise<Map<string, TradeRecord>> {
  const rows: Row[] = ids.length === 0 ? [] : await db<Row>('trades').whereIn('id', ids);
  return new Map(rows.map((row) => [String(row.id), toTrade(row)]));
}

export interface TradeExposureQuery {
  apiKeyId: string;
  userId: string;
  /** The start of the rolling daily window. */
  since: Date;
  side: 'buy' | 'sell';
  marketId: string;
  outcomeIndex: number;
}

export interface TradeExposure {
  /** The key's buys since `since`, in every status but failed and rejected (the rolling daily cap). */
  recentBuysOfKey: bigint;
  /** What the user's unfinished trades of this side hold: buys, the USDC they spend; sells of this outcome, the net USDC they ask for. */
  inFlightOfUser: bigint;
}

/** What a new trade's cap and funds checks weigh, in one statement (atomic USDC). */
export async function sumTradeExposure(db: Queryable, query: TradeExposureQuery): Promise<TradeExposure> {
  const recentBuys = db<Row>('trades')
    .where({ api_key_id: query.apiKeyId, side: 'buy' })
    .where('created_at', '>=', query.since)
    .whereIn('status', dailyCapStatuses)
    .sum('amount_atomic');
  const position = query.side === 'sell' ? { market_id: query.marketId, outcome_index: query.outcomeIndex } : {};
  const inFlight = db<Row>('trades')
    .where({ user_id: query.userId, side: query.side, ...position })
    .whereIn('status', inFlightStatuses)
    .sum('amount_atomic');
  const row: Row | undefined = await db.select(recentBuys.as('recent_buys'), inFlight.as('in_flight')).first();
  return {
    recentBuysOfKey: toBigIntOrNull(row?.recent_buys) ?? 0n,
    inFlightOfUser: toBigIntOrNull(row?.in_flight) ?? 0n,
  };
}

export interface TradeListQuery {
  statuses?: readonly TradeStatus[];
  marketId?: string;
  /** Continue strictly after this row in (created_at, id) descending order. */
  after?: { createdAt: Date; id: string };
  limit: number;
}

/** The user's trades, newest first, keyset-paginated on (created_at, id). */
export async function listTradesOfUser(db: Queryable, userId: string, query: TradeListQuery): Promise<TradeRecord[]> {
  const builder = db('trades').where({ user_id: userId });
  if (query.statuses && query.statuses.length > 0) builder.whereIn('status', query.statuses);
  if (query.marketId) builder.where({ market_id: query.marketId });
  const rows: Row[] = await newestFirstPage(builder, query);
  return rows.map(toTrade);
}

/** High-value trades still awaiting confirmation whose window ended at or before `now`, oldest first. */
export async function listExpiredConfirmations(db: Queryable, now: Date, limit: number): Promise<TradeRecord[]> {
  const rows = await db<Row>('trades')
    .where({ status: 'pending_confirmation' })
    .where('confirmation_expires_at', '<=', now)
    .orderBy('confirmation_expires_at', 'asc')
    .limit(limit);
  return rows.map(toTrade);
}

/**
 * Trades left in one of `statuses` since before `before` whose worker has said nothing since then either (it died
 * mid-way: see markTradesHeld), oldest first.
 */
export async function listStalledTrades(
  db: Queryable,
  statuses: readonly TradeStatus[],
  before: Date,
  limit: number,
): Promise<TradeRecord[]> {
  const rows = await db<Row>('trades')
    .whereIn('status', statuses)
    .where('updated_at', '<', before)
    // A worker still holding the trade refreshes worker_seen_at (markTradesHeld): not stalled while it does.
    .where((silent) => void silent.whereNull('worker_seen_at').orWhere('worker_seen_at', '<', before))
    .orderBy('updated_at', 'asc')
    .limit(limit);
  return rows.map(toTrade);
}

/** The subset of `ids` that are rows of `trades`. */
export async function findExistingTradeIds(db: Queryable, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows: Array<{ id: string }> = await db('trades')
    .select('id')
    .whereIn('id', [...new Set(ids)]);
  return new Set(rows.map((row) => row.id));
}

/*
 * The executor's read of trades it is about to execute: each trade with its key (policy, simulation gate), its
 * market and its user (where it executes), in one round trip instead of four. Each table's part of the joined row is
 * read by that table's own row mapper, so the records are exactly what the per-table lookups return.
 */
export interface TradeJobRows {
  trade: TradeRecord;
  /** Null when the row no longer exists. */
  apiKey: ApiKeyRecord | null;
  market: Market | null;
  user: User | null;
}

/** mysql2's nestTables: one object of columns per table alias. */
type NestedRow = Record<'t' | 'k' | 'm' | 'u', Row>;

/** The rows of the trades among `ids` that exist, by trade id. */
export async function findTradeJobRowsByIds(db: Queryable, ids: readonly string[]): Promise<Map<string, TradeJobRows>> {
  if (ids.length === 0) return new Map();
  const rows: NestedRow[] = await db({ t: 'trades' })
    .leftJoin({ k: 'api_keys' }, 'k.id', 't.api_key_id')
    .leftJoin({ m: 'markets' }, 'm.id', 't.market_id')
    .leftJoin({ u: 'users' }, 'u.id', 't.user_id')
    .whereIn('t.id', ids)
    .select('t.*', 'k.*', 'm.*', 'u.*')
    .options({ nestTables: true });
  // A LEFT JOIN without a match gives that table's columns all NULL.
  const present = (row: Row): boolean => row.id !== null && row.id !== undefined;
  return new Map(
    rows.map((row) => [
      String(row.t.id),
      {
        trade: toTrade(row.t),
        apiKey: present(row.k) ? toApiKey(row.k) : null,
        market: present(row.m) ? toMarket(row.m) : null,
        user: present(row.u) ? toUser(row.u) : null,
      },
    ]),
  );
}

/*
 * Trade figures of GET /v1/account/usage: counts of one key's trades by status, and their latency (created_at →
 * finished_at) read one row at a time by rank, so a percentile is exact without loading every duration. A window
 * holds the trades *created* in [since, until]; every query names the key and uses trades_key_created_idx.
 */
export interface UsageWindowBounds {
  since: Date;
  until: Date;
}

export interface TradeStatusCount {
  status: TradeStatus;
  /** Whether these are trades the client cancelled (rejected with TRADE_CANCELLED): counted apart from failures. */
  cancelled: boolean;
  /** Trades in this status. */
  trades: number;
  /** Of those, the ones with a finished_at (terminal statuses only). */
  finished: number;
}

const inWindow = (db: Queryable, apiKeyId: string, window: UsageWindowBounds) =>
  db('trades').where({ api_key_id: apiKeyId }).whereBetween('created_at', [window.since, window.until]);

/** The client's cancel (rejected with this code): not a failure in the usage figures. */
const CANCELLED_CODE: ErrorCode = 'TRADE_CANCELLED';

/**
 * The key's trades created in the window, counted per status, the cancelled ones apart (statuses without trades
 * are absent).
 */
export async function countTradesOfKeyByStatus(
  db: Queryable,
  apiKeyId: string,
  window: UsageWindowBounds,
): Promise<TradeStatusCount[]> {
  const rows: Row[] = await inWindow(db, apiKeyId, window)
    .select('status', db.raw('(error_code <=> ?) AS cancelled', [CANCELLED_CODE]))
    .count({ trades: '*' })
    .count({ finished: 'finished_at' })
    .groupBy('status', 'cancelled');
  return rows.map((row) => ({
    status: toOneOf(tradeStatuses, row.status, 'trades.status'),
    cancelled: toInt(row.cancelled) === 1,
    trades: toInt(row.trades),
    finished: toInt(row.finished),
  }));
}

/**
 * The `rank`-th smallest latency in milliseconds (1-based) among the key's trades created in the window that reached
 * one of `statuses` with a finished_at, the cancelled ones left out; null when fewer exist. `finished` is how many there are (from
 * countTradesOfKeyByStatus): the read walks from whichever end is nearer, so the offset stays at most half of them.
 */
export async function tradeLatencyAtRankOfKey(
  db: Queryable,
  apiKeyId: string,
  query: UsageWindowBounds & { statuses: readonly TradeStatus[]; rank: number; finished: number },
): Promise<number | null> {
  const { rank, finished } = query;
  if (!Number.isInteger(rank) || rank < 1 || rank > finished) return null;
  const ascending = rank - 1 <= finished - rank;
  const row: Row | undefined = await inWindow(db, apiKeyId, query)
    .whereIn('status', query.statuses)
    .whereNotNull('finished_at')
    .where((uncancelled) => void uncancelled.whereNull('error_code').orWhereNot('error_code', CANCELLED_CODE))
    .select(db.raw('TIMESTAMPDIFF(MICROSECOND, created_at, finished_at) DIV 1000 AS latency_ms'))
    .orderBy('latency_ms', ascending ? 'asc' : 'desc')
    .offset(ascending ? rank - 1 : finished - rank)
    .first();
  return row === undefined ? null : toInt(row.latency_ms);
}
