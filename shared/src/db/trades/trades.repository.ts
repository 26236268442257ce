/*
 * Trades of the trading API (migrations/20261122_0400_trades.ts). Reads for clients are scoped to the user who
 * placed the trade (another user's trade is indistinguishable from a missing one); the executor's reads take the
 * trade id its job names. Every status change goes through transitionTradeStatus, a conditional UPDATE that names
 * the expected current status, so a redelivered or duplicated job can never apply a step twice; the same statement
 * reserves the numbers of the timeline steps it records (trades.trace_seq). Reads of many trades (lists, sums, the
 * executor's batches) are in trade-lists.repository.ts; the row mapping in trade-rows.ts.
 */
import type { Knex } from 'knex';
import { newUuid } from '../../ids/ids.js';
import { formatUsdcAmount } from '../../domain/trade-amount.js';
import type { TradeStatus } from '../../domain/trade-states.js';
import { okPacketOfRaw, type Queryable, type Row } from '../transaction.js';
import { toTrade, toTradeUpdateColumns, type NewTrade, type TradeRecord, type TradeUpdate } from './trade-rows.js';

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
    limit_price: input.limitPrice == null ? null : formatUsdcAmount(input.limitPrice),
    // A deadline the client chose (expiresAt); otherwise the executor sets one on the first move to executing.
    execution_deadline: input.executionDeadline ?? null,
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
  });
}

async function firstTrade(query: Knex.QueryBuilder<Row>): Promise<TradeRecord | null> {
  const row = await query.first();
  return row ? toTrade(row) : null;
}

/** The trade `id` when `userId` placed it (with any of their keys); null otherwise. */
export function findTradeOfUser(db: Queryable, id: string, userId: string): Promise<TradeRecord | null> {
  return firstTrade(db<Row>('trades').where({ id, user_id: userId }));
}

/** Like findTradeOfUser, locking the row until the transaction ends (confirm serialises on it). */
export function lockTradeOfUser(trx: Queryable, id: string, userId: string): Promise<TradeRecord | null> {
  return firstTrade(trx<Row>('trades').where({ id, user_id: userId }).forUpdate());
}

/** The trade of `correlationId` when `userId` placed it; null otherwise. */
export function findTradeByCorrelationOfUser(
  db: Queryable,
  correlationId: string,
  userId: string,
): Promise<TradeRecord | null> {
  return firstTrade(db<Row>('trades').where({ correlation_id: correlationId, user_id: userId }));
}

/** The trade a key created with `clientRequestId` (unique per key). */
export function findTradeOfKeyByClientRequestId(
  db: Queryable,
  apiKeyId: string,
  clientRequestId: string,
): Promise<TradeRecord | null> {
  return firstTrade(db<Row>('trades').where({ api_key_id: apiKeyId, client_request_id: clientRequestId }));
}

/**
 * A trade by id alone, for the workers whose job (or operator command) names it: the chain executor and the admin
 * CLI. Client-facing reads use findTradeOfUser.
 */
export function findTradeById(db: Queryable, id: string): Promise<TradeRecord | null> {
  return firstTrade(db<Row>('trades').where({ id }));
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
 * Says the executor worker holding trades `ids` is alive (worker_seen_at = `at`) for those still in its hands
 * (validating or executing): the reconciler leaves them to it. Touches neither `updated_at` nor the trace.
 */
export async function markTradesHeld(db: Queryable, ids: readonly string[], at: Date): Promise<number> {
  if (ids.length === 0) return 0;
  return db('trades')
    .whereIn('id', [...ids])
    .whereIn('status', ['validating', 'executing'])
    .update({ worker_seen_at: at, updated_at: db.ref('updated_at') });
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
