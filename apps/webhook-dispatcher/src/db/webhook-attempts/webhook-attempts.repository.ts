/*
 * The webhook_attempts table: each attempt the dispatcher makes, recorded in one transaction with the move of its
 * event (advanceAttemptedEvents), and read back per event.
 */
import type { Knex } from 'knex';
import { toDate, toInt, toIntOrNull, toStringOrNull } from '#shared/db/column-values.js';
import type { Queryable, Row } from '#shared/db/transaction.js';
import {
  advanceAttemptedEvents,
  ERROR_MESSAGE_MAX,
  type EventAttempt,
} from '#shared/db/webhook-events/webhook-deliveries.repository.js';

/** Thrown inside the recording transaction when another dispatcher recorded one of the attempts first. */
class AttemptRecordedElsewhere extends Error {}

/**
 * Records attempts on events of `apiKeyId` (one key's consecutive deliveries, oldest first) in one transaction: the
 * move of each event (advanceAttemptedEvents) and the attempt rows. All or nothing: false when another dispatcher
 * recorded any of them first (nothing is written).
 */
export async function recordDeliveryAttempts(
  db: Knex,
  apiKeyId: string,
  attempts: readonly EventAttempt[],
): Promise<boolean> {
  if (attempts.length === 0) return true;
  try {
    await db.transaction(async (trx) => {
      if (!(await advanceAttemptedEvents(trx, apiKeyId, attempts))) throw new AttemptRecordedElsewhere();
      await trx('webhook_attempts').insert(attempts.map(attemptRow));
    });
    return true;
  } catch (error) {
    if (error instanceof AttemptRecordedElsewhere) return false;
    throw error;
  }
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
