/*
 * Trades of the trading API and their event timeline (migrations/20261122_0400_trades.ts). Reads are always scoped
 * to the user who placed the trade: another user's trade is indistinguishable from a missing one.
 */
import { newUuid } from '../../ids/index.js';
import {
  toBigInt,
  toBigIntOrNull,
  toDate,
  toDateOrNull,
  toInt,
  toIntOrNull,
  toStringOrNull,
} from '../column-values.js';
import type { Knex } from 'knex';
import { parseJsonColumn, withTransaction, type Queryable } from '../transaction.js';
import { readBack } from './read-back.js';

export const tradeStatuses = [
  'pending_confirmation',
  'pending',
  'validating',
  'executing',
  'completed',
  'failed',
  'rejected',
] as const;
export type TradeStatus = (typeof tradeStatuses)[number];

export interface TradeRecord {
  id: string;
  apiKeyId: string;
  userId: string;
  marketId: string;
  outcomeIndex: number;
  side: 'buy' | 'sell';
  /** The canonical wire decimal string (whole USDC). */
  amount: string;
  amountAtomic: bigint;
  status: TradeStatus;
  correlationId: string;
  clientRequestId: string | null;
  txHash: string | null;
  /** WAD-18 outcome tokens bought. */
  tokensOut: bigint | null;
  errorCode: string | null;
  errorMessage: string | null;
  metadata: Record<string, string>;
  createdAt: Date;
  updatedAt: Date;
}

export type NewTrade = Pick<
  TradeRecord,
  'apiKeyId' | 'userId' | 'marketId' | 'outcomeIndex' | 'side' | 'amount' | 'amountAtomic'
> &
  Partial<Pick<TradeRecord, 'id' | 'status' | 'correlationId' | 'clientRequestId' | 'metadata'>> & {
    /** SHA-256 hex of the request identity (idempotency replays). */
    requestHash: string;
  };

type Row = Record<string, unknown>;

function toTrade(row: Row): TradeRecord {
  return {
    id: String(row.id),
    apiKeyId: String(row.api_key_id),
    userId: String(row.user_id),
    marketId: String(row.market_id),
    outcomeIndex: toInt(row.outcome_index),
    side: row.side as TradeRecord['side'],
    amount: String(row.amount),
    amountAtomic: toBigInt(row.amount_atomic),
    status: row.status as TradeStatus,
    correlationId: String(row.correlation_id),
    clientRequestId: toStringOrNull(row.client_request_id),
    txHash: toStringOrNull(row.tx_hash),
    tokensOut: toBigIntOrNull(row.tokens_out),
    errorCode: toStringOrNull(row.error_code),
    errorMessage: toStringOrNull(row.error_message),
    metadata: parseJsonColumn<Record<string, string>>(row.metadata),
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  };
}

export async function insertTrade(db: Queryable, input: NewTrade): Promise<TradeRecord> {
  const id = input.id ?? newUuid();
  await db('trades').insert({
    id,
    api_key_id: input.apiKeyId,
    user_id: input.userId,
    market_id: input.marketId,
    outcome_index: input.outcomeIndex,
    side: input.side,
    amount: input.amount,
    amount_atomic: input.amountAtomic.toString(),
    status: input.status ?? 'pending',
    correlation_id: input.correlationId ?? newUuid(),
    client_request_id: input.clientRequestId ?? null,
    metadata: JSON.stringify(input.metadata ?? {}),
    request_hash: input.requestHash,
  });
  const row = (await db('trades').where({ id }).first()) as Row | undefined;
  return readBack(row ? toTrade(row) : null, `trade ${id}`);
}

/** The trade `id` when `userId` placed it (with any of their keys); null otherwise. */
export async function findTradeOfUser(db: Queryable, id: string, userId: string): Promise<TradeRecord | null> {
  const row = (await db('trades').where({ id, user_id: userId }).first()) as Row | undefined;
  return row ? toTrade(row) : null;
}

/** The trade of `correlationId` when `userId` placed it; null otherwise. */
export async function findTradeByCorrelationOfUser(
  db: Queryable,
  correlationId: string,
  userId: string,
): Promise<TradeRecord | null> {
  const row = (await db('trades').where({ correlation_id: correlationId, user_id: userId }).first()) as Row | undefined;
  return row ? toTrade(row) : null;
}

export interface TradeEventRecord {
  sequenceNumber: number;
  type: string;
  data: Record<string, unknown>;
  occurredAt: Date;
}

/**
 * Appends the next event of a trade's timeline (sequence numbers from 1 per correlation id, without gaps). The trade
 * row is locked while the next number is taken, so concurrent appends queue instead of colliding; given a
 * transaction it joins it, given the pool it opens its own.
 */
export async function appendTradeEvent(
  db: Queryable,
  trade: Pick<TradeRecord, 'id' | 'correlationId'>,
  event: { type: string; data: Record<string, unknown> },
): Promise<number> {
  const append = async (trx: Knex.Transaction): Promise<number> => {
    await trx('trades').where({ id: trade.id }).forUpdate().first('id');
    const last = (await trx('trade_events')
      .where({ correlation_id: trade.correlationId })
      .max({ seq: 'seq' })
      .first()) as { seq: unknown } | undefined;
    const seq = (toIntOrNull(last?.seq) ?? 0) + 1;
    await trx('trade_events').insert({
      correlation_id: trade.correlationId,
      trade_id: trade.id,
      seq,
      type: event.type,
      data: JSON.stringify(event.data),
    });
    return seq;
  };
  return db.isTransaction === true ? append(db as Knex.Transaction) : withTransaction(db as Knex, append);
}

/** The timeline of a correlation id in sequence order. */
export async function listTradeEvents(db: Queryable, correlationId: string): Promise<TradeEventRecord[]> {
  const rows = (await db('trade_events').where({ correlation_id: correlationId }).orderBy('seq', 'asc')) as Row[];
  return rows.map((row) => ({
    sequenceNumber: toInt(row.seq),
    type: String(row.type),
    data: parseJsonColumn<Record<string, unknown>>(row.data),
    occurredAt: toDate(row.occurred_at),
  }));
}

export interface WebhookDeliveryState {
  status: 'none' | 'pending' | 'retrying' | 'delivered' | 'failed';
  attempts: number;
  lastAttemptedAt: Date | null;
  lastStatusCode: number | null;
  lastFailureCode: string | null;
  terminalFailureAt: Date | null;
}

/**
 * The delivery state of the newest webhook event about a trade; `none` when the key that placed it has a webhook
 * URL but no event was emitted yet; null when that key has no webhook URL (nothing will ever be delivered).
 */
export async function webhookDeliveryOfTrade(
  db: Queryable,
  trade: Pick<TradeRecord, 'id' | 'apiKeyId'>,
): Promise<WebhookDeliveryState | null> {
  const row = (await db('webhook_events')
    .where({ trade_id: trade.id })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'seq', order: 'desc' },
    ])
    .first()) as Row | undefined;
  if (!row) {
    const key = (await db('api_keys').where({ id: trade.apiKeyId }).first('webhook_url')) as Row | undefined;
    if (!key?.webhook_url) return null;
    const none = { attempts: 0, lastAttemptedAt: null, lastStatusCode: null, lastFailureCode: null };
    return { status: 'none', ...none, terminalFailureAt: null };
  }
  return {
    status: row.status as WebhookDeliveryState['status'],
    attempts: toInt(row.attempts),
    lastAttemptedAt: toDateOrNull(row.last_attempted_at),
    lastStatusCode: toIntOrNull(row.last_status_code),
    lastFailureCode: toStringOrNull(row.last_failure_code),
    terminalFailureAt: toDateOrNull(row.terminal_failure_at),
  };
}

/** Whether webhook event `id` was emitted for a key of `userId` (ids compared exactly). */
export async function isWebhookEventOfUser(db: Queryable, id: string, userId: string): Promise<boolean> {
  const row = (await db('webhook_events')
    .join('api_keys', 'api_keys.id', 'webhook_events.api_key_id')
    .where({ 'webhook_events.id': id, 'api_keys.user_id': userId })
    .first('webhook_events.id')) as Row | undefined;
  return row !== undefined && String(row.id) === id;
}
