/* The auth_failures audit log: one row per authentication or authorisation failure, per key or per IP. */
import { toInt } from '#shared/db/column-values.js';
import type { Queryable } from '#shared/db/transaction.js';

export interface NewAuthFailure {
  /** The key that was presented and matched (revoked, expired, wrong environment, bad signature); null otherwise. */
  apiKeyId: string | null;
  ip: string;
  code: string;
  route: string;
  requestId: string | null;
  occurredAt?: Date;
}

/** Appends one row to the auth-failure audit log. */
export async function recordAuthFailure(db: Queryable, failure: NewAuthFailure): Promise<void> {
  await db('auth_failures').insert({
    api_key_id: failure.apiKeyId,
    ip: failure.ip.slice(0, 45),
    code: failure.code.slice(0, 64),
    route: failure.route.slice(0, 128),
    request_id: failure.requestId?.slice(0, 40) ?? null,
    ...(failure.occurredAt ? { occurred_at: failure.occurredAt } : {}),
  });
}

/** Audit rows of auth failures attributed to a key at or after `since`. */
export async function countAuthFailuresForKey(db: Queryable, apiKeyId: string, since: Date): Promise<number> {
  const row: Record<string, unknown> | undefined = await db('auth_failures')
    .where({ api_key_id: apiKeyId })
    .andWhere('occurred_at', '>=', since)
    .count({ total: '*' })
    .first();
  return toInt(row?.total ?? 0);
}
