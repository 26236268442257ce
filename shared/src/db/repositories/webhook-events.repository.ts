/*
 * Webhook events (webhook_events): one row per lifecycle event of a trade, for every key, numbered per key by `seq`
 * (api_keys.last_webhook_seq, taken under the key's row lock) so deliveries and streams keep the key's order. A key
 * without a webhook URL gets its events with delivery status `none`: they are recorded, never delivered. Every
 * function names the owning key or user.
 */
import { toDateOrNull, toInt, toIntOrNull, toStringOrNull } from '../column-values.js';
import { parseJsonColumn, type Queryable } from '../transaction.js';

export type WebhookDeliveryStatus = 'none' | 'pending' | 'retrying' | 'delivered' | 'failed';

export interface WebhookDeliveryState {
  status: WebhookDeliveryStatus;
  attempts: number;
  lastAttemptedAt: Date | null;
  lastStatusCode: number | null;
  lastFailureCode: string | null;
  terminalFailureAt: Date | null;
}

export interface NewWebhookEvent {
  /** `evt_…` */
  id: string;
  type: string;
  apiVersion: string;
  tradeId: string | null;
  /** The envelope exactly as it will be delivered. */
  payload: Record<string, unknown>;
  createdAt: Date;
}

export interface RecordedWebhookEvent {
  id: string;
  seq: number;
  /** `pending` when the key has a webhook URL (the dispatcher delivers it), else `none`. */
  status: WebhookDeliveryStatus;
}

type Row = Record<string, unknown>;

/**
 * Records an event of `apiKeyId` inside the caller's transaction: locks the key row, takes the key's next sequence
 * number and inserts the row, `pending` (due now) when the key has a webhook URL and `none` otherwise.
 */
export async function recordWebhookEvent(
  trx: Queryable,
  apiKeyId: string,
  event: NewWebhookEvent,
): Promise<RecordedWebhookEvent> {
  const key = (await trx('api_keys').where({ id: apiKeyId }).forUpdate().first('last_webhook_seq', 'webhook_url')) as
    Row | undefined;
  if (!key) throw new Error(`api key ${apiKeyId} not found while recording event ${event.id}`);
  const seq = toInt(key.last_webhook_seq) + 1;
  const status: WebhookDeliveryStatus = key.webhook_url ? 'pending' : 'none';
  await trx('api_keys').where({ id: apiKeyId }).update({ last_webhook_seq: seq });
  await trx('webhook_events').insert({
    id: event.id,
    api_key_id: apiKeyId,
    seq,
    type: event.type,
    api_version: event.apiVersion,
    trade_id: event.tradeId,
    payload: JSON.stringify(event.payload),
    status,
    next_attempt_at: status === 'pending' ? event.createdAt : null,
    created_at: event.createdAt,
    updated_at: event.createdAt,
  });
  return { id: event.id, seq, status };
}

function toDeliveryState(row: Row): WebhookDeliveryState {
  return {
    status: row.status as WebhookDeliveryStatus,
    attempts: toInt(row.attempts),
    lastAttemptedAt: toDateOrNull(row.last_attempted_at),
    lastStatusCode: toIntOrNull(row.last_status_code),
    lastFailureCode: toStringOrNull(row.last_failure_code),
    terminalFailureAt: toDateOrNull(row.terminal_failure_at),
  };
}

const noDeliveryYet: WebhookDeliveryState = {
  status: 'none',
  attempts: 0,
  lastAttemptedAt: null,
  lastStatusCode: null,
  lastFailureCode: null,
  terminalFailureAt: null,
};

/**
 * webhookDeliveryOfTrade for a page of trades in two queries: the delivered-or-due events of every trade (newest
 * wins) and the webhook URLs of their keys. Same answers, same order as `trades`.
 */
export async function webhookDeliveriesOfTrades(
  db: Queryable,
  trades: ReadonlyArray<{ id: string; apiKeyId: string }>,
): Promise<Array<WebhookDeliveryState | null>> {
  if (trades.length === 0) return [];
  const rows = (await db('webhook_events')
    .whereIn(
      'trade_id',
      trades.map((trade) => trade.id),
    )
    .whereNot({ status: 'none' })
    .orderBy([
      { column: 'created_at', order: 'asc' },
      { column: 'seq', order: 'asc' },
    ])) as Row[];
  const newest = new Map<string, Row>();
  for (const row of rows) newest.set(`${String(row.trade_id)}:${String(row.api_key_id)}`, row);
  const keyIds = [...new Set(trades.map((trade) => trade.apiKeyId))];
  const keys = (await db('api_keys').whereIn('id', keyIds).select('id', 'webhook_url')) as Row[];
  const withUrl = new Set(keys.filter((key) => key.webhook_url).map((key) => String(key.id)));
  return trades.map((trade) => {
    const row = newest.get(`${trade.id}:${trade.apiKeyId}`);
    if (row) return toDeliveryState(row);
    return withUrl.has(trade.apiKeyId) ? noDeliveryYet : null;
  });
}

/**
 * The delivery state of the newest webhook event about a trade; `none` when the key that placed it has a webhook
 * URL but no event was emitted yet; null when that key has no webhook URL and no event (nothing to deliver).
 */
export async function webhookDeliveryOfTrade(
  db: Queryable,
  trade: { id: string; apiKeyId: string },
): Promise<WebhookDeliveryState | null> {
  return (await webhookDeliveriesOfTrades(db, [trade]))[0] ?? null;
}

/** Whether webhook event `id` was emitted for a key of `userId` (ids compared exactly). */
export async function isWebhookEventOfUser(db: Queryable, id: string, userId: string): Promise<boolean> {
  const row = (await db('webhook_events')
    .join('api_keys', 'api_keys.id', 'webhook_events.api_key_id')
    .where({ 'webhook_events.id': id, 'api_keys.user_id': userId })
    .first('webhook_events.id')) as Row | undefined;
  return row !== undefined && String(row.id) === id;
}

export interface WebhookEventSummary {
  id: string;
  seq: number;
  type: string;
  status: WebhookDeliveryStatus;
  payload: Record<string, unknown>;
}

/** The events of one key about one trade, in the key's order (tests and traces). */
export async function listWebhookEventsOfTrade(
  db: Queryable,
  apiKeyId: string,
  tradeId: string,
): Promise<WebhookEventSummary[]> {
  const rows = (await db('webhook_events').where({ api_key_id: apiKeyId, trade_id: tradeId }).orderBy('seq')) as Row[];
  return rows.map((row) => ({
    id: String(row.id),
    seq: toInt(row.seq),
    type: String(row.type),
    status: row.status as WebhookDeliveryStatus,
    payload: parseJsonColumn<Record<string, unknown>>(row.payload),
  }));
}
