/*
 * Idempotency-Key records (idempotency_keys): the first request with a key owns it for 24 h. A record is written in
 * the same transaction as the trade it created, so a key is either unused or bound to exactly one trade.
 */
import { toDate, toInt, toStringOrNull } from '#shared/db/column-values.js';
import { parseJsonColumn, type Queryable, type Row } from '#shared/db/transaction.js';

export interface IdempotencyKeyRecord {
  apiKeyId: string;
  key: string;
  route: string;
  requestHash: string;
  responseStatus: number;
  tradeId: string | null;
  /** What a request that created no single trade answered (a batch's items), as JSON; null for a trade's key. */
  responseBody: unknown;
  createdAt: Date;
  expiresAt: Date;
}

/** The record of `key` for the API key, expired or not. */
export async function findIdempotencyKey(
  db: Queryable,
  apiKeyId: string,
  key: string,
): Promise<IdempotencyKeyRecord | null> {
  const row: Row | undefined = await db('idempotency_keys').where({ api_key_id: apiKeyId, idem_key: key }).first();
  if (!row) return null;
  return {
    apiKeyId: String(row.api_key_id),
    key: String(row.idem_key),
    route: String(row.route),
    requestHash: String(row.request_hash),
    responseStatus: toInt(row.response_status ?? 0),
    tradeId: toStringOrNull(row.trade_id),
    responseBody: row.response_body == null ? null : parseJsonColumn<unknown>(row.response_body),
    createdAt: toDate(row.created_at),
    expiresAt: toDate(row.expires_at),
  };
}

/** Binds `key` to the trade it created (or a batch to its answer), with the status the first response had. */
export async function insertIdempotencyKey(
  db: Queryable,
  record: Omit<IdempotencyKeyRecord, 'responseBody'> & { responseBody?: unknown },
): Promise<void> {
  await db('idempotency_keys').insert({
    api_key_id: record.apiKeyId,
    idem_key: record.key,
    route: record.route,
    request_hash: record.requestHash,
    state: 'completed',
    response_status: record.responseStatus,
    trade_id: record.tradeId,
    response_body: record.responseBody === undefined ? null : JSON.stringify(record.responseBody),
    created_at: record.createdAt,
    expires_at: record.expiresAt,
    completed_at: record.createdAt,
  });
}

/** Frees an expired key of the API key so a new request can own it. */
export async function deleteExpiredIdempotencyKey(
  db: Queryable,
  apiKeyId: string,
  key: string,
  now: Date,
): Promise<void> {
  await db('idempotency_keys').where({ api_key_id: apiKeyId, idem_key: key }).where('expires_at', '<=', now).del();
}
