/*
 * Webhook events (webhook_events): one row per lifecycle event of a trade, for every key, numbered per key by `seq`
 * (api_keys.last_webhook_seq, taken under the key's row lock) so deliveries and streams keep the key's order. A key
 * without a webhook URL gets its events with delivery status `none`: they are recorded, never delivered. Every
 * function names the owning key or user. Delivery states and the dispatcher's queries are in
 * webhook-deliveries.repository.ts, the row mapping in webhook-event-rows.ts.
 */
import { toInt } from '../column-values.js';
import { insertAtEnd } from '../deferred-inserts.js';
import { okPacketOfRaw, type Queryable, type Row } from '../transaction.js';
import { newestFirstPage } from '../pages.js';
import {
  toStreamedWebhookEvent,
  toWebhookEvent,
  toWebhookEventSummary,
  webhookEventColumns,
  type StreamedWebhookEvent,
  type WebhookDeliveryStatus,
  type WebhookEventRecord,
  type WebhookEventSummary,
} from './webhook-event-rows.js';

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

/**
 * Records an event of `apiKeyId` inside the caller's transaction, in two statements: one UPDATE locks the key row,
 * takes the key's next sequence number and reads whether the key has a webhook URL (both come back in its OK packet:
 * LAST_INSERT_ID(seq·2 + hasUrl), in MySQL and MariaDB alike), then the row is inserted (in an outbox transaction,
 * with the other works' events when it ends: insertAtEnd), `pending` (due now) when the key has a webhook URL and
 * `none` otherwise. The URL is the one committed when the lock was taken, as a separate locking read would give.
 */
export async function recordWebhookEvent(
  trx: Queryable,
  apiKeyId: string,
  event: NewWebhookEvent,
): Promise<RecordedWebhookEvent> {
  const taken = okPacketOfRaw(
    await trx.raw(
      'UPDATE api_keys SET last_webhook_seq = ' +
        'LAST_INSERT_ID((last_webhook_seq + 1) * 2 + (webhook_url IS NOT NULL)) DIV 2 WHERE id = ?',
      [apiKeyId],
    ),
  );
  if (taken.affectedRows !== 1) throw new Error(`api key ${apiKeyId} not found while recording event ${event.id}`);
  const seq = Math.floor(taken.insertId / 2);
  const status: WebhookDeliveryStatus = taken.insertId % 2 === 1 ? 'pending' : 'none';
  await insertAtEnd(trx, 'webhook_events', [
    {
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
    },
  ]);
  return { id: event.id, seq, status };
}

/** The events of one key about one trade, in the key's order (tests and traces). */
export async function listWebhookEventsOfTrade(
  db: Queryable,
  apiKeyId: string,
  tradeId: string,
): Promise<WebhookEventSummary[]> {
  const rows = await db<Row>('webhook_events').where({ api_key_id: apiKeyId, trade_id: tradeId }).orderBy('seq');
  return rows.map(toWebhookEventSummary);
}

export interface WebhookEventListQuery {
  statuses?: readonly WebhookDeliveryStatus[];
  /** Keyset position: the walk continues strictly after (older than) this event. */
  after?: { createdAt: Date; id: string };
  limit: number;
}

/** One keyset page of the key's events, newest first (created_at, id), optionally of some delivery statuses. */
export async function listWebhookEventsOfKey(
  db: Queryable,
  apiKeyId: string,
  query: WebhookEventListQuery,
): Promise<WebhookEventRecord[]> {
  const builder = db<Row>('webhook_events').where({ api_key_id: apiKeyId });
  if (query.statuses && query.statuses.length > 0) builder.whereIn('status', query.statuses);
  const rows = await newestFirstPage(builder, query).select(webhookEventColumns);
  return rows.map(toWebhookEvent);
}

/** Event `id` of `apiKeyId` (ids compared exactly), locked FOR UPDATE when `lock` (inside a transaction). */
export async function findWebhookEventOfKey(
  db: Queryable,
  apiKeyId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<WebhookEventRecord | null> {
  const builder = db<Row>('webhook_events').where({ id, api_key_id: apiKeyId });
  if (options.lock) builder.forUpdate();
  const row = await builder.first(webhookEventColumns);
  return row && String(row.id) === id ? toWebhookEvent(row) : null;
}

/**
 * A manual redelivery of an event the caller has locked: counts the replay and makes the event due at `now`. A
 * delivered or failed event gets one more attempt (`redelivery_requested`); an open one just stops waiting.
 */
export async function markEventForRedelivery(
  trx: Queryable,
  event: WebhookEventRecord,
  now: Date,
): Promise<WebhookEventRecord> {
  const terminal = event.status === 'delivered' || event.status === 'failed';
  const update = {
    replay_count: event.replayCount + 1,
    next_attempt_at: now,
    updated_at: now,
    ...(terminal ? { status: 'pending', redelivery_requested: true, terminal_failure_at: null } : {}),
  };
  await trx('webhook_events').where({ id: event.id, api_key_id: event.apiKeyId }).update(update);
  return {
    ...event,
    replayCount: event.replayCount + 1,
    ...(terminal ? { status: 'pending' as const, redeliveryRequested: true, terminalFailureAt: null } : {}),
  };
}

export interface WebhookEventCounts {
  /** Events recorded for delivery (every status but none). */
  emitted: number;
  delivered: number;
  failed: number;
}

/** The key's events created in [since, until], counted for usage. */
export async function countWebhookEventsOfKey(
  db: Queryable,
  apiKeyId: string,
  window: { since: Date; until: Date },
): Promise<WebhookEventCounts> {
  const rows = await db<Row>('webhook_events')
    .where({ api_key_id: apiKeyId })
    .whereBetween('created_at', [window.since, window.until])
    .whereNot({ status: 'none' })
    .select('status')
    .count({ events: '*' })
    .groupBy('status');
  const counts: WebhookEventCounts = { emitted: 0, delivered: 0, failed: 0 };
  for (const row of rows) {
    const events = toInt(row.events);
    counts.emitted += events;
    if (row.status === 'delivered') counts.delivered += events;
    if (row.status === 'failed') counts.failed += events;
  }
  return counts;
}

/** The key's events with `seq` above `afterSeq`, in order, at most `limit` (streams: replay and live). */
export async function listWebhookEventsAfterSeq(
  db: Queryable,
  apiKeyId: string,
  afterSeq: number,
  limit: number,
): Promise<StreamedWebhookEvent[]> {
  const rows = await db<Row>('webhook_events')
    .where({ api_key_id: apiKeyId })
    .andWhere('seq', '>', afterSeq)
    .orderBy('seq')
    .limit(limit)
    .select('seq', 'id', 'type', 'payload');
  return rows.map(toStreamedWebhookEvent);
}
