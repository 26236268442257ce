import type { Knex } from 'knex';
import { parseJsonColumn, type Queryable } from '../transaction.js';

/** One row of the `outbox` table (migrations/20261122_0900_outbox.ts), as plain data. */
export interface OutboxMessage {
  /** BIGINT primary key, as a string (ids are never floats). */
  id: string;
  /** CHAR(36) UUID, sent as the AMQP messageId so consumers can dedupe. */
  messageId: string;
  /** Logical exchange name. */
  exchange: string;
  routingKey: string;
  payload: unknown;
  headers: Record<string, unknown> | undefined;
}

interface OutboxRow {
  id: string | number;
  message_id: string;
  exchange: string;
  routing_key: string;
  payload: unknown;
  headers: unknown;
}

const TABLE = 'outbox';
const COLUMNS = ['id', 'message_id', 'exchange', 'routing_key', 'payload', 'headers'] as const;
/** `outbox.last_error` is VARCHAR(500). */
const LAST_ERROR_MAX = 500;

export async function insertOutboxRow(trx: Knex.Transaction, message: Omit<OutboxMessage, 'id'>): Promise<string> {
  const [id] = await trx(TABLE).insert({
    message_id: message.messageId,
    exchange: message.exchange,
    routing_key: message.routingKey,
    payload: JSON.stringify(message.payload),
    headers: message.headers === undefined ? null : JSON.stringify(message.headers),
  });
  if (id === undefined) throw new Error('outbox insert returned no id');
  return String(id);
}

export async function findUnpublishedByIds(db: Queryable, ids: readonly string[]): Promise<OutboxMessage[]> {
  if (ids.length === 0) return [];
  const rows: OutboxRow[] = await db(TABLE).select(COLUMNS).whereIn('id', ids).whereNull('published_at').orderBy('id');
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

export async function markPublished(db: Queryable, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db(TABLE)
    .whereIn('id', ids)
    .whereNull('published_at')
    .update({ published_at: db.raw('CURRENT_TIMESTAMP(3)'), publish_attempts: db.raw('publish_attempts + 1') });
}

export async function recordPublishFailure(db: Queryable, id: string, error: string): Promise<void> {
  await db(TABLE)
    .where({ id })
    .update({ publish_attempts: db.raw('publish_attempts + 1'), last_error: error.slice(0, LAST_ERROR_MAX) });
}

function toOutboxMessage(row: OutboxRow): OutboxMessage {
  const headers = row.headers === null ? undefined : parseJsonColumn<Record<string, unknown>>(row.headers);
  return {
    id: String(row.id),
    messageId: row.message_id,
    exchange: row.exchange,
    routingKey: row.routing_key,
    payload: parseJsonColumn<unknown>(row.payload),
    headers,
  };
}
