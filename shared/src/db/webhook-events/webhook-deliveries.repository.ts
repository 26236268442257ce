/*
 * The delivery side of webhook_events: the delivery state of trades' newest events (the trading API), and the
 * dispatcher's queries: a key's next open events (FIFO per key by seq), the move of attempted events (conditional on
 * the attempt count the dispatcher read, so two dispatchers can never both record attempt N), breaker pauses, and
 * the sweep for keys whose next event is due. Every function names the owning key, except the sweep, which finds
 * keys. The attempt rows themselves are the dispatcher's (webhook_attempts).
 */
import type { Knex } from 'knex';
import { toBoolean, toDate, toInt } from '../column-values.js';
import { parseJsonColumn, type Queryable, type Row } from '../transaction.js';
import {
  deliveryBeforeAnyEvent,
  toWebhookDeliveryState,
  toWebhookDeliveryStatus,
  type WebhookDeliveryState,
  type WebhookDeliveryStatus,
} from './webhook-event-rows.js';

const OPEN_STATUSES = ['pending', 'retrying'] as const;

export interface OpenWebhookEvent {
  id: string;
  apiKeyId: string;
  seq: number;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: Date;
  redeliveryRequested: boolean;
  /** Manual redeliveries asked so far (one asked while an attempt is in flight raises it under the attempt). */
  replayCount: number;
  /** The envelope exactly as delivered. */
  payload: Record<string, unknown>;
}

/**
 * webhookDeliveryOfTrade for a page of trades in two queries: the delivered-or-due events of every trade (newest
 * wins) and the webhook URLs of their keys. Same answers, same order as `trades`.
 */
export async function webhookDeliveriesOfTrades(
  db: Queryable,
  trades: ReadonlyArray<{ id: string; apiKeyId: string }>,
): Promise<Array<WebhookDeliveryState | null>> {
  if (trades.length === 0) return [];
  const rows = await db<Row>('webhook_events')
    .whereIn(
      'trade_id',
      trades.map((trade) => trade.id),
    )
    .whereNot({ status: 'none' })
    .orderBy([
      { column: 'created_at', order: 'asc' },
      { column: 'seq', order: 'asc' },
    ]);
  const newest = new Map<string, Row>();
  for (const row of rows) newest.set(`${String(row.trade_id)}:${String(row.api_key_id)}`, row);
  const keyIds = [...new Set(trades.map((trade) => trade.apiKeyId))];
  const keys = await db<Row>('api_keys').whereIn('id', keyIds).select('id', 'webhook_url');
  const urls = new Map(keys.map((key) => [String(key.id), key.webhook_url ? String(key.webhook_url) : null]));
  return trades.map((trade) => {
    const row = newest.get(`${trade.id}:${trade.apiKeyId}`);
    return row ? toWebhookDeliveryState(row) : deliveryBeforeAnyEvent(urls.get(trade.apiKeyId) ?? null);
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

/** The key's oldest events still to deliver (pending or retrying), due or not, in the key's order; at most `limit`. */
export async function listOpenEventsOfKey(db: Queryable, apiKeyId: string, limit: number): Promise<OpenWebhookEvent[]> {
  const rows: Row[] = await db('webhook_events')
    .where({ api_key_id: apiKeyId })
    .whereIn('status', OPEN_STATUSES)
    .orderBy('seq')
    .limit(limit)
    .select(
      'id',
      'api_key_id',
      'seq',
      'status',
      'attempts',
      'next_attempt_at',
      'redelivery_requested',
      'replay_count',
      'payload',
    );
  return rows.map((row) => ({
    id: String(row.id),
    apiKeyId: String(row.api_key_id),
    seq: toInt(row.seq),
    status: toWebhookDeliveryStatus(row.status),
    attempts: toInt(row.attempts),
    nextAttemptAt: row.next_attempt_at ? toDate(row.next_attempt_at) : new Date(0),
    redeliveryRequested: toBoolean(row.redelivery_requested),
    replayCount: toInt(row.replay_count),
    payload: parseJsonColumn<Record<string, unknown>>(row.payload),
  }));
}

export type AttemptOutcome = 'delivered' | 'retry' | 'failed';

/** One attempt on one event, as the dispatcher records it. */
export interface EventAttempt {
  eventId: string;
  /** The attempt count the dispatcher read; this attempt is number `attemptsBefore + 1`. */
  attemptsBefore: number;
  /** The replay count the dispatcher read: a higher one when the attempt is recorded was asked during it. */
  replaysBefore: number;
  triggeredBy: 'schedule' | 'manual';
  url: string;
  startedAt: Date;
  finishedAt: Date;
  statusCode: number | null;
  failureCode: string | null;
  /** Bounded, sanitised: what the receiver answered or why there was no answer. */
  errorMessage: string | null;
  outcome: AttemptOutcome;
  /** When `outcome` is `retry`: when the next attempt is due. */
  nextAttemptAt: Date | null;
}

export const ERROR_MESSAGE_MAX = 500;

/**
 * Moves each attempted event of `apiKeyId` (one key's consecutive deliveries, oldest first) to delivered, retrying or
 * failed, only if it is still open with the attempt count the dispatcher read; the delivered ones in one statement.
 * False when another dispatcher recorded any of them first: the caller's transaction must then roll back.
 */
export async function advanceAttemptedEvents(
  trx: Knex.Transaction,
  apiKeyId: string,
  attempts: readonly EventAttempt[],
): Promise<boolean> {
  const delivered = attempts.filter((attempt) => attempt.outcome === 'delivered');
  if (delivered.length > 0 && !(await markDelivered(trx, apiKeyId, delivered))) return false;
  for (const attempt of attempts.filter((entry) => entry.outcome !== 'delivered')) {
    if (!(await markAttemptFailed(trx, apiKeyId, attempt))) return false;
  }
  return true;
}

const caseOfId = (
  trx: Knex.Transaction,
  attempts: readonly EventAttempt[],
  value: (attempt: EventAttempt) => Knex.Value,
) =>
  trx.raw(
    `CASE id ${attempts.map(() => 'WHEN ? THEN ?').join(' ')} END`,
    attempts.flatMap((attempt): Knex.Value[] => [attempt.eventId, value(attempt)]),
  );

async function markDelivered(
  trx: Knex.Transaction,
  apiKeyId: string,
  delivered: readonly EventAttempt[],
): Promise<boolean> {
  const finishedAt = caseOfId(trx, delivered, (attempt) => attempt.finishedAt);
  // By primary key, the attempt count checked per row: a row-constructor `(id, attempts) IN (…)` made the optimizer
  // range-scan the key's open events instead, and that scan's next-key locks held every new event of the key (its
  // INSERT into the locked gap) until this transaction committed.
  const moved = await trx('webhook_events')
    .whereIn(
      'id',
      delivered.map((attempt) => attempt.eventId),
    )
    .where({ api_key_id: apiKeyId })
    .whereIn('status', OPEN_STATUSES)
    .where(
      'attempts',
      caseOfId(trx, delivered, (attempt) => attempt.attemptsBefore),
    )
    .update({
      status: 'delivered',
      attempts: trx.raw('attempts + 1'),
      last_attempted_at: finishedAt,
      delivered_at: finishedAt,
      last_status_code: caseOfId(trx, delivered, (attempt) => attempt.statusCode),
      last_failure_code: null,
      last_error_message: null,
      next_attempt_at: null,
      terminal_failure_at: null,
      redelivery_requested: false,
      updated_at: finishedAt,
    });
  return moved === delivered.length;
}

/**
 * A failed attempt: retrying at its next time, or failed. A manual redelivery asked while the attempt was in flight
 * (the replay count rose under it) is kept, not overwritten: the event is due at once, as the caller was told
 * (202), and one the attempt would have failed gets its one more attempt (`pending`, `redelivery_requested`), as a
 * redelivery of a failed event does.
 */
async function markAttemptFailed(trx: Knex.Transaction, apiKeyId: string, attempt: EventAttempt): Promise<boolean> {
  const retrying = attempt.outcome === 'retry';
  const askedDuring = (whenAsked: string, otherwise: string | Date) =>
    trx.raw(`CASE WHEN replay_count > ? THEN ${whenAsked} ELSE ? END`, [attempt.replaysBefore, otherwise]);
  const moved = await trx('webhook_events')
    .where({ id: attempt.eventId, api_key_id: apiKeyId, attempts: attempt.attemptsBefore })
    .whereIn('status', OPEN_STATUSES)
    .update({
      status: retrying ? 'retrying' : askedDuring("'pending'", 'failed'),
      attempts: attempt.attemptsBefore + 1,
      last_attempted_at: attempt.finishedAt,
      last_status_code: attempt.statusCode,
      last_failure_code: attempt.failureCode,
      last_error_message: attempt.errorMessage?.slice(0, ERROR_MESSAGE_MAX) ?? null,
      next_attempt_at: trx.raw('CASE WHEN replay_count > ? THEN ? ELSE ? END', [
        attempt.replaysBefore,
        attempt.finishedAt,
        retrying ? attempt.nextAttemptAt : null,
      ]),
      terminal_failure_at: retrying ? null : askedDuring('NULL', attempt.finishedAt),
      redelivery_requested: retrying ? false : trx.raw('replay_count > ?', [attempt.replaysBefore]),
      updated_at: attempt.finishedAt,
    });
  return moved === 1;
}

/** Pauses an open event until `until` without spending an attempt (its endpoint's circuit breaker is open). */
export async function postponeOpenEvent(db: Queryable, apiKeyId: string, eventId: string, until: Date): Promise<void> {
  await db('webhook_events')
    .where({ id: eventId, api_key_id: apiKeyId })
    .whereIn('status', OPEN_STATUSES)
    .update({ next_attempt_at: until });
}

export interface DueKeyHead {
  apiKeyId: string;
  eventId: string;
}

/**
 * Keys whose oldest open event is due at `now` (at most `limit`, most overdue first): the keys a dispatcher should
 * wake. A key whose head waits for a retry is not listed, whatever is queued behind it.
 */
export async function listDueKeyHeads(db: Queryable, now: Date, limit: number): Promise<DueKeyHead[]> {
  const rows: Row[] = await db('webhook_events as e')
    .whereIn('e.status', OPEN_STATUSES)
    .where('e.next_attempt_at', '<=', now)
    .whereNotExists(function earlierOpenEvent() {
      void this.select(db.raw('1'))
        .from('webhook_events as p')
        .whereRaw('p.api_key_id = e.api_key_id')
        .whereIn('p.status', OPEN_STATUSES)
        .whereRaw('p.seq < e.seq');
    })
    .orderBy('e.next_attempt_at')
    .limit(limit)
    .select('e.api_key_id', 'e.id');
  return rows.map((row) => ({ apiKeyId: String(row.api_key_id), eventId: String(row.id) }));
}
