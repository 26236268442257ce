import type { Knex } from 'knex';
import { parseJsonColumn, type Queryable } from '../transaction.js';

/**
 * One row of the `outbox` table (migrations/20261122_0900_outbox.ts), as plain data. A row is known by its message
 * id (unique), which its writer chooses: the writer never needs the row's auto-increment key back, so the messages
 * of a transaction are inserted with one statement.
 */
export interface OutboxMessage {
  /** CHAR(36) UUID, sent as the AMQP messageId so consumers can dedupe. */
  messageId: string;
  /** Logical exchange name. */
  exchange: string;
  routingKey: string;
  payload: unknown;
  headers: Record<string, unknown> | undefined;
}

interface OutboxRow {
  message_id: string;
  exchange: string;
  routing_key: string;
  payload: unknown;
  headers: unknown;
}

const TABLE = 'outbox';
const COLUMNS = ['message_id', 'exchange', 'routing_key', 'payload', 'headers'] as const;
/** `outbox.last_error` is VARCHAR(500). */
const LAST_ERROR_MAX = 500;

/** Inserts the messages of one transaction with one statement (nothing when there are none). */
export async function insertOutboxRows(trx: Knex.Transaction, messages: readonly OutboxMessage[]): Promise<void> {
  if (messages.length === 0) return;
  await trx(TABLE).insert(
    messages.map((message) => ({
      message_id: message.messageId,
      exchange: message.exchange,
      routing_key: message.routingKey,
      payload: JSON.stringify(message.payload),
      headers: message.headers === undefined ? null : JSON.stringify(message.headers),
    })),
  );
}

/** The rows among `messageIds` that are still unpublished, in insertion order. */
export async function findUnpublishedByMessageIds(
  db: Queryable,
  messageIds: readonly string[],
): Promise<OutboxMessage[]> {
  if (messageIds.length === 0) return [];
  const rows: OutboxRow[] = await db(TABLE)
    .select(COLUMNS)
    .whereIn('message_id', messageIds)
    .whereNull('published_at')
    .orderBy('id');
  return rows.map(toOutboxMessage);
}

/**
 * Locks up to `limit` unpublished rows created at least `olderThanMs` ago (by the database clock), oldest id first.
 * SKIP LOCKED (MySQL 8, MariaDB 10.6+) lets several replicas run this at once without sending a row twice.
 */
export async function lockStaleUnpublished(
  trx: Knex.Transaction,
  olderThanMs: number,
  limit: number,
): Promise<OutboxMessage[]> {
  const rows: OutboxRow[] = await trx(TABLE)
    .select(COLUMNS)
    .whereNull('published_at')
    .where('created_at', '<=', trx.raw('TIMESTAMPADD(MICROSECOND, ?, CURRENT_TIMESTAMP(3))', [-olderThanMs * 1000]))
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked();
  return rows.map(toOutboxMessage);
}

export async function markPublished(db: Queryable, messageIds: readonly string[]): Promise<void> {
  if (messageIds.length === 0) return;
  await db(TABLE)
    .whereIn('message_id', messageIds)
    .whereNull('published_at')
    .update({ published_at: db.raw('CURRENT_TIMESTAMP(3)'), publish_attempts: db.raw('publish_attempts + 1') });
}

export async function recordPublishFailure(db: Queryable, messageId: string, error: string): Promise<void> {
  await db(TABLE)
    .where({ message_id: messageId })
    .update({ publish_attempts: db.raw('publish_attempts + 1'), last_error: error.slice(0, LAST_ERROR_MAX) });
}

function toOutboxMessage(row: OutboxRow): OutboxMessage {
  const headers = row.headers === null ? undefined : parseJsonColumn<Record<string, unknown>>(row.headers);
  return {
    messageId: row.message_id,
    exchange: row.exchange,
    routingKey: row.routing_key,
    payload: parseJsonColumn<unknown>(row.payload),
    headers,
  };
}
