/*
 * Trade figures of GET /v1/account/usage: counts of one key's trades by status, and their latency (created_at →
 * finished_at) read one row at a time by rank, so a percentile is exact without loading every duration. A window
 * holds the trades *created* in [since, until]; every query names the key and uses trades_key_created_idx.
 */
import { tradeStatuses, type TradeStatus } from '#shared/domain/trade-states.js';
import { toInt, toOneOf } from '#shared/db/column-values.js';
import type { Queryable } from '#shared/db/transaction.js';

export interface UsageWindowBounds {
  since: Date;
  until: Date;
}

export interface TradeStatusCount {
  status: TradeStatus;
  /** Trades in this status. */
  trades: number;
  /** Of those, the ones with a finished_at (terminal statuses only). */
  finished: number;
}

type Row = Record<string, unknown>;

const inWindow = (db: Queryable, apiKeyId: string, window: UsageWindowBounds) =>
  db('trades').where({ api_key_id: apiKeyId }).whereBetween('created_at', [window.since, window.until]);

/** The key's trades created in the window, counted per status (statuses without trades are absent). */
export async function countTradesOfKeyByStatus(
  db: Queryable,
  apiKeyId: string,
  window: UsageWindowBounds,
): Promise<TradeStatusCount[]> {
  const rows: Row[] = await inWindow(db, apiKeyId, window)
    .select('status')
    .count({ trades: '*' })
    .count({ finished: 'finished_at' })
    .groupBy('status');
  return rows.map((row) => ({
    status: toOneOf(tradeStatuses, row.status, 'trades.status'),
    trades: toInt(row.trades),
    finished: toInt(row.finished),
  }));
}

/**
 * The `rank`-th smallest latency in milliseconds (1-based) among the key's trades created in the window that reached
 * one of `statuses` with a finished_at; null when fewer exist. `finished` is how many there are (from
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
    .select(db.raw('TIMESTAMPDIFF(MICROSECOND, created_at, finished_at) DIV 1000 AS latency_ms'))
    .orderBy('latency_ms', ascending ? 'asc' : 'desc')
    .offset(ascending ? rank - 1 : finished - rank)
    .first();
  return row === undefined ? null : toInt(row.latency_ms);
}
