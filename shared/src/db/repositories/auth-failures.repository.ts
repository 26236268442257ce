import type { Queryable } from '../transaction.js';

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

export interface AuthFailureEntry {
  apiKeyId: string | null;
  ip: string;
  code: string;
  route: string;
  requestId: string | null;
  occurredAt: Date;
}

/** Failures attributed to a key since `since`, newest first (usage telemetry, audits). */
export async function listAuthFailuresForKey(
  db: Queryable,
  apiKeyId: string,
  since: Date,
): Promise<AuthFailureEntry[]> {
  const rows = (await db('auth_failures')
    .where({ api_key_id: apiKeyId })
    .andWhere('occurred_at', '>=', since)
    .orderBy('occurred_at', 'desc')
    .limit(1000)) as Array<Record<string, unknown>>;
  return rows.map(toEntry);
}

/** Failures from an address that matched no key, newest first. */
export async function listAuthFailuresForIp(db: Queryable, ip: string, since: Date): Promise<AuthFailureEntry[]> {
  const rows = (await db('auth_failures')
    .where({ ip })
    .andWhere('occurred_at', '>=', since)
    .orderBy('occurred_at', 'desc')
    .limit(1000)) as Array<Record<string, unknown>>;
  return rows.map(toEntry);
}

function toEntry(row: Record<string, unknown>): AuthFailureEntry {
  return {
    apiKeyId: row.api_key_id === null ? null : String(row.api_key_id),
    ip: String(row.ip),
    code: String(row.code),
    route: String(row.route),
    requestId: row.request_id === null ? null : String(row.request_id),
    occurredAt: row.occurred_at instanceof Date ? row.occurred_at : new Date(String(row.occurred_at)),
  };
}
