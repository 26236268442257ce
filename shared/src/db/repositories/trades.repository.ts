/*
 * Trades of the trading API (migrations/20261122_0400_trades.ts). Reads for clients are scoped to the user who
 * placed the trade (another user's trade is indistinguishable from a missing one); the executor's reads take the
 * trade id its job names. Every status change goes through transitionTradeStatus, a conditional UPDATE that names
 * the expected current status, so a redelivered or duplicated job can never apply a step twice; the same statement
 * reserves the numbers of the timeline steps it records (trades.trace_seq).
 */
import type { Knex } from 'knex';
import { newUuid } from '../../ids/ids.js';
import { dailyCapStatuses, inFlightStatuses, type TradeStatus } from '../../domain/trade-states.js';
import { toBigIntOrNull } from '../column-values.js';
import { okPacketOfRaw, type Queryable } from '../transaction.js';
import { newestFirstPage } from './newest-first-page.js';
import { toTrade, toTradeUpdateColumns, type NewTrade, type TradeRecord, type TradeUpdate } from './trades.rows.js';

export { tradeStatuses, type TradeStatus } from '../../domain/trade-states.js';

type Row = Record<string, unknown>;

/**
 * Inserts a trade and returns it as inserted (no read-back: every column is given). `traceSeq` is the number of
 * timeline steps its creating transaction records (numbered from 1).
 */
export async function insertTrade(db: Queryable, input: NewTrade & { traceSeq?: number }): Promise<TradeRecord> {
  const createdAt = input.createdAt ?? new Date();
  const row: Row = {
    id: input.id ?? newUuid(),
    api_key_id: input.apiKeyId,
    user_id: input.userId,
    market_id: input.marketId,
    outcome_index: input.outcomeIndex,
    side: input.side,
    amount: input.amount,
    amount_atomic: input.amountAtomic.toString(),
    status: input.status ?? 'pending',
    trace_seq: input.traceSeq ?? 0,
    correlation_id: input.correlationId ?? newUuid(),
    client_request_id: input.clientRequestId ?? null,
    metadata: JSON.stringify(input.metadata ?? {}),
    request_hash: input.requestHash,
    confirmation_token_hash: input.confirmationTokenHash ?? null,
    confirmation_expires_at: input.confirmationExpiresAt ?? null,
    idempotency_key: input.idempotencyKey ?? null,
    simulation: input.simulation ?? null,
    created_at: createdAt,
    updated_at: createdAt,
  };
  await db('trades').insert(row);
  return toTrade({
    ...row,
    tx_hash: null,
    tokens_out: null,
    error_code: null,
    error_message: null,
    execution_deadline: null,
  });
}

/** The trade `id` when `userId` placed it (with any of their keys); null otherwise. */
export async function findTradeOfUser(db: Queryable, id: string, userId: string): Promise<TradeRecord | null> {
  const row = await db<Row>('trades').where({ id, user_id: userId }).first();
  return row ? toTrade(row) : null;
}

/** Like findTradeOfUser, locking the row until the transaction ends (confirm serialises on it). */
export async function lockTradeOfUser(trx: Queryable, id: string, userId: string): Promise<TradeRecord | null> {
  const row = await trx<Row>('trades').where({ id, user_id: userId }).forUpdate().first();
  return row ? toTrade(row) : null;
}

/** The trade of `correlationId` when `userId` placed it; null otherwise. */
export async function findTradeByCorrelationOfUser(
  db: Queryable,
  correlationId: string,
  userId: string,
): Promise<TradeRecord | null> {
  const row = await db<Row>('trades').where({ correlation_id: correlationId, user_id: userId }).first();
  return row ? toTrade(row) : null;
}

/** The trade a key created with `clientRequestId` (unique per key). */
export async function findTradeOfKeyByClientRequestId(
  db: Queryable,
  apiKeyId: string,
  clientRequestId: string,
): Promise<TradeRecord | null> {
  const row = await db<Row>('trades').where({ api_key_id: apiKeyId, client_request_id: clientRequestId }).first();
  return row ? toTrade(row) : null;
}

/**
 * A trade by id alone, for the workers whose job (or operator command) names it: the chain executor and the admin
 * CLI. Client-facing reads use findTradeOfUser.
 */
export async function findTradeById(db: Queryable, id: string): Promise<TradeRecord | null> {
  const row = await db<Row>('trades').where({ id }).first();
  return row ? toTrade(row) : null;
}

/** Trades by id, for readers that gather the ids of several jobs into one query; absent ids are missing. */
export async function findTradesByIds(db: Queryable, ids: readonly string[]): Promise<Map<string, TradeRecord>> {
  const rows: Row[] = ids.length === 0 ? [] : await db<Row>('trades').whereIn('id', ids);
  return new Map(rows.map((row) => [String(row.id), toTrade(row)]));
}

/**
 * Moves trade `id` from `from` (one status or any of several) to `to`, setting `update` with it, and reserves the
 * sequence numbers of the `traceSteps` timeline steps the move records. Answers the last number reserved, or null
 * when the trade was not in `from` (another worker, or an earlier delivery, moved it): nothing was written.
 */
export function transitionTradeStatus(
  trx: Queryable,
  id: string,
  from: TradeStatus | readonly TradeStatus[],
  to: TradeStatus,
  update: TradeUpdate = {},
  traceSteps = 0,
): Promise<number | null> {
  const expected = typeof from === 'string' ? [from] : from;
  return writeReservingTraceSeqs(
    trx,
    trx('trades').where({ id }).whereIn('status', expected),
    { status: to, ...toTradeUpdateColumns(update) },
    traceSteps,
  );
}

/**
 * Records the hash of a sent transaction on an executing trade (the trace shows it before the receipt), reserving
 * the numbers of the `traceSteps` steps recorded with it; the last one, or null when the trade was not executing.
 */
export function recordTradeTxHash(db: Queryable, id: string, txHash: string, traceSteps = 0): Promise<number | null> {
  return writeReservingTraceSeqs(db, db('trades').where({ id, status: 'executing' }), { tx_hash: txHash }, traceSteps);
}

/**
 * Reserves the numbers of `steps` more timeline steps of trade `id` (locking its row until the transaction ends, so
 * concurrent appends queue); the last one, or null when there is no such trade.
 */
export function reserveTraceSeqs(trx: Queryable, id: string, steps: number): Promise<number | null> {
  return writeReservingTraceSeqs(trx, trx('trades').where({ id }), {}, steps);
}

/**
 * Runs the UPDATE of one trade row with `columns` and a reservation of `steps` timeline numbers, in one statement:
 * the row's counter moves past them, and the statement's OK packet carries the last one (LAST_INSERT_ID(expr), in
 * MySQL and MariaDB alike). The counter starts from the timeline's own last step when that is further: a release
 * from before trace_seq, still running during a roll-out or again after a rollback, numbers steps from MAX(seq) and
 * leaves the counter behind (decision 0016).
 */
async function writeReservingTraceSeqs(
  db: Queryable,
  row: Knex.QueryBuilder,
  columns: Row,
  steps: number,
): Promise<number | null> {
  const reserved = db.raw(
    'LAST_INSERT_ID(GREATEST(trace_seq, (SELECT COALESCE(MAX(e.seq), 0) FROM trade_events e ' +
      'WHERE e.correlation_id = trades.correlation_id)) + ?)',
    [steps],
  );
  const { sql, bindings } = row
    .update({ ...columns, trace_seq: reserved })
    .toSQL()
    .toNative();
  const written = okPacketOfRaw(await db.raw(sql, bindings));
  return written.affectedRows === 1 ? written.insertId : null;
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

/** Trades left in one of `statuses` since before `before` (a worker died mid-way), oldest first. */
export async function listStalledTrades(
  db: Queryable,
  statuses: readonly TradeStatus[],
  before: Date,
  limit: number,
): Promise<TradeRecord[]> {
  const rows = await db<Row>('trades')
    .whereIn('status', statuses)
    .where('updated_at', '<', before)
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
