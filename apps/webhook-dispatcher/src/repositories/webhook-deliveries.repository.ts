/*
 * The dispatcher's side of webhook_events and webhook_attempts: a key's next open event (FIFO per key by seq), the
 * outcome of an attempt (the attempt row and the event's delivery state in one transaction, conditional on the
 * attempt count the dispatcher read, so two dispatchers can never both record attempt N), breaker pauses, and the
 * sweep for keys whose next event is due. Every function names the owning key, except the sweep, which finds keys.
 */
import { toBoolean, toDate, toInt, toIntOrNull, toStringOrNull } from '#shared/db/column-values.js';
import type { Knex } from 'knex';
import { parseJsonColumn, type Queryable } from '#shared/db/transaction.js';
import { toWebhookDeliveryStatus, type WebhookDeliveryStatus } from '#shared/db/repositories/webhook-events.rows.js';

const OPEN_STATUSES = ['pending', 'retrying'] as const;

export interface OpenWebhookEvent {
  id: string;
  apiKeyId: string;
  seq: number;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: Date;
  redeliveryRequested: boolean;
  /** The envelope exactly as delivered. */
  payload: Record<string, unknown>;
}

type Row = Record<string, unknown>;

/** The key's oldest events still to deliver (pending or retrying), due or not, in the key's order; at most `limit`. */
export async function listOpenEventsOfKey(db: Queryable, apiKeyId: string, limit: number): Promise<OpenWebhookEvent[]> {
  const rows: Row[] = await db('webhook_events')
    .where({ api_key_id: apiKeyId })
    .whereIn('status', OPEN_STATUSES)
    .orderBy('seq')
    .limit(limit)
    .select('id', 'api_key_id', 'seq', 'status', 'attempts', 'next_attempt_at', 'redelivery_requested', 'payload');
  return rows.map((row) => ({
    id: String(row.id),
    apiKeyId: String(row.api_key_id),
    seq: toInt(row.seq),
    status: toWebhookDeliveryStatus(row.status),
    attempts: toInt(row.attempts),
    nextAttemptAt: row.next_attempt_at ? toDate(row.next_attempt_at) : new Date(0),
    redeliveryRequested: toBoolean(row.redelivery_requested),
    payload: parseJsonColumn<Record<string, unknown>>(row.payload),
  }));
}

export type AttemptOutcome = 'delivered' | 'retry' | 'failed';

/** One attempt on one event, as the dispatcher records it. */
export interface EventAttempt {
  eventId: string;
  /** The attempt count the dispatcher read; this attempt is number `attemptsBefore + 1`. */
  attemptsBefore: number;
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

const ERROR_MESSAGE_MAX = 500;

/** Thrown inside the recording transaction when another dispatcher recorded one of the attempts first. */
class AttemptRecordedElsewhere extends Error {}

/**
 * Records attempts on events of `apiKeyId` (one key's consecutive deliveries, oldest first) in one transaction: moves each event to delivered, retrying or failed, only if it is still open with the attempt count
 * the dispatcher read, and inserts the attempt rows. The delivered ones move in one statement. All or nothing:
 * false when another dispatcher recorded any of them first (nothing is written).
 */
export async function recordDeliveryAttempts(
  db: Knex,
  apiKeyId: string,
  attempts: readonly EventAttempt[],
): Promise<boolean> {
  if (attempts.length === 0) return true;
  try {
    await db.transaction(async (trx) => {
      const delivered = attempts.filter((attempt) => attempt.outcome === 'delivered');
      if (delivered.length > 0) await markDelivered(trx, apiKeyId, delivered);
      for (const attempt of attempts.filter((entry) => entry.outcome !== 'delivered')) {
        await markAttemptFailed(trx, apiKeyId, attempt);
      }
      await trx('webhook_attempts').insert(attempts.map(attemptRow));
    });
    return true;
  } catch (error) {
    if (error instanceof AttemptRecordedElsewhere) return false;
    throw error;
  }
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
): Promise<void> {
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
  if (moved !== delivered.length) throw new AttemptRecordedElsewhere();
}

async function markAttemptFailed(trx: Knex.Transaction, apiKeyId: string, attempt: EventAttempt): Promise<void> {
  const status: WebhookDeliveryStatus = attempt.outcome === 'retry' ? 'retrying' : 'failed';
  const moved = await trx('webhook_events')
    .where({ id: attempt.eventId, api_key_id: apiKeyId, attempts: attempt.attemptsBefore })
    .whereIn('status', OPEN_STATUSES)
    .update({
      status,
      attempts: attempt.attemptsBefore + 1,
      last_attempted_at: attempt.finishedAt,
      last_status_code: attempt.statusCode,
      last_failure_code: attempt.failureCode,
      last_error_message: attempt.errorMessage?.slice(0, ERROR_MESSAGE_MAX) ?? null,
      next_attempt_at: status === 'retrying' ? attempt.nextAttemptAt : null,
      terminal_failure_at: status === 'failed' ? attempt.finishedAt : null,
      redelivery_requested: false,
      updated_at: attempt.finishedAt,
    });
  if (moved !== 1) throw new AttemptRecordedElsewhere();
}

function attemptRow(attempt: EventAttempt) {
  return {
    event_id: attempt.eventId,
    attempt_number: attempt.attemptsBefore + 1,
    triggered_by: attempt.triggeredBy,
    url: attempt.url.slice(0, 2048),
    started_at: attempt.startedAt,
    finished_at: attempt.finishedAt,
    duration_ms: Math.max(0, attempt.finishedAt.getTime() - attempt.startedAt.getTime()),
    status_code: attempt.statusCode,
    outcome: attempt.outcome,
    failure_code: attempt.failureCode,
    error_message: attempt.errorMessage?.slice(0, ERROR_MESSAGE_MAX) ?? null,
  };
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

export interface DeliveryAttemptRow {
  attemptNumber: number;
  triggeredBy: string;
  statusCode: number | null;
  outcome: string;
  failureCode: string | null;
  durationMs: number;
  errorMessage: string | null;
  startedAt: Date;
}

/** The attempts of one event of `apiKeyId`, oldest first (tests, support). */
export async function listAttemptsOfEvent(
  db: Queryable,
  apiKeyId: string,
  eventId: string,
): Promise<DeliveryAttemptRow[]> {
  const rows: Row[] = await db('webhook_attempts as a')
    .join('webhook_events as e', 'e.id', 'a.event_id')
    .where({ 'a.event_id': eventId, 'e.api_key_id': apiKeyId })
    .orderBy('a.attempt_number')
    .select('a.*');
  return rows.map((row) => ({
    attemptNumber: toInt(row.attempt_number),
    triggeredBy: String(row.triggered_by),
    statusCode: toIntOrNull(row.status_code),
    outcome: String(row.outcome),
    failureCode: toStringOrNull(row.failure_code),
    durationMs: toInt(row.duration_ms),
    errorMessage: toStringOrNull(row.error_message),
    startedAt: toDate(row.started_at),
  }));
}
