/*
 * The api_keys table: a key's lifecycle (issue, look up, count, revoke) and the operator lists. Pepper tags and the
 * sealed webhook secrets (decision 0030) are in api-key-secrets.repository.ts; the row mapping in api-key-rows.ts.
 */
import { toInt, toIntOrNull, toOneOf } from '../column-values.js';
import type { Queryable, Row } from '../transaction.js';
import { readBack } from '../read-back.js';
import { apiKeyTierNames, toApiKey, type ApiKeyRecord, type ApiKeyTierName, type NewApiKey } from './api-key-rows.js';

export async function insertApiKey(db: Queryable, input: NewApiKey): Promise<ApiKeyRecord> {
  await db('api_keys').insert({
    id: input.id,
    user_id: input.userId,
    env: input.env,
    key_hash: input.keyHash,
    pepper_id: input.pepperId,
    last4: input.last4,
    name: input.name ?? null,
    tier: input.tier,
    scopes: JSON.stringify(input.scopes),
    ip_allowlist: input.ipAllowlist ? JSON.stringify(input.ipAllowlist) : null,
    webhook_url: input.webhookUrl ?? null,
    webhook_secret_enc: input.webhookSecretEnc ?? null,
    rate_limit_rpm: input.rateLimitRpm ?? null,
    daily_spend_limit: input.dailySpendLimit?.toString() ?? null,
    per_trade_limit: input.perTradeLimit?.toString() ?? null,
    high_value_threshold: input.highValueThreshold?.toString() ?? null,
    confirmation_window_s: input.confirmationWindowS ?? null,
    expires_at: input.expiresAt ?? null,
  });
  return readBack(await findApiKeyById(db, input.id), `api key ${input.id}`);
}

export async function findApiKeyById(db: Queryable, id: string): Promise<ApiKeyRecord | null> {
  const row: Row | undefined = await db('api_keys').where({ id }).first();
  return row ? toApiKey(row) : null;
}

/** Keys by id, for readers that gather the ids of several jobs into one query; absent ids are missing. */
export async function findApiKeysByIds(db: Queryable, ids: readonly string[]): Promise<Map<string, ApiKeyRecord>> {
  const rows: Row[] = ids.length === 0 ? [] : await db('api_keys').whereIn('id', ids);
  return new Map(rows.map((row) => [String(row.id), toApiKey(row)]));
}

/** The lookup of an incoming key: by its HMAC (unique index). */
export async function findApiKeyByHash(db: Queryable, keyHash: string): Promise<ApiKeyRecord | null> {
  const row: Row | undefined = await db('api_keys').where({ key_hash: keyHash }).first();
  return row ? toApiKey(row) : null;
}

/** The user's keys that are neither revoked nor expired at `now`. */
const activeKeysOf = (db: Queryable, userId: string, now: Date) =>
  db('api_keys')
    .where({ user_id: userId })
    .whereNull('revoked_at')
    .andWhere((query) => {
      void query.whereNull('expires_at').orWhere('expires_at', '>', now);
    });

/** Keys that are neither revoked nor expired at `now`. */
export async function countActiveApiKeys(db: Queryable, userId: string, now: Date): Promise<number> {
  const row: Row | undefined = await activeKeysOf(db, userId, now).count({ count: '*' }).first();
  return Number(row?.count ?? 0);
}

export interface ActiveKeyLimit {
  tier: ApiKeyTierName;
  rateLimitRpm: number | null;
}

/** Tier and rpm override of each active key of a user: the shared per-user window uses the highest. */
export async function listActiveKeyLimits(db: Queryable, userId: string, now: Date): Promise<ActiveKeyLimit[]> {
  const rows: Row[] = await activeKeysOf(db, userId, now).select('tier', 'rate_limit_rpm');
  return rows.map((row) => ({
    tier: toOneOf(apiKeyTierNames, row.tier, 'api_keys.tier'),
    rateLimitRpm: toIntOrNull(row.rate_limit_rpm),
  }));
}

/** Marks a key revoked (idempotent: the first revocation time is kept). Returns whether a row changed. */
export async function revokeApiKey(db: Queryable, id: string, now: Date): Promise<boolean> {
  const changed = await db('api_keys').where({ id }).whereNull('revoked_at').update({ revoked_at: now });
  return changed > 0;
}

/** Keys newest first, optionally of one user (revoked and expired included). */
export async function listApiKeysForAdmin(
  db: Queryable,
  filter: { userId?: string; limit: number },
): Promise<ApiKeyRecord[]> {
  const query = db('api_keys').orderBy([
    { column: 'created_at', order: 'desc' },
    { column: 'id', order: 'desc' },
  ]);
  if (filter.userId !== undefined) query.where('user_id', filter.userId);
  const rows: Row[] = await query.limit(filter.limit);
  return rows.map(toApiKey);
}

/** A user's not-yet-revoked keys of one name (e.g. the key `npm start` issues), newest first. */
export async function listUnrevokedApiKeysNamed(db: Queryable, userId: string, name: string): Promise<ApiKeyRecord[]> {
  const rows: Row[] = await db('api_keys')
    .where({ user_id: userId, name })
    .whereNull('revoked_at')
    .orderBy('created_at', 'desc');
  return rows.map(toApiKey);
}

/** Of `ids`, the keys revoked or expired at `now`, with which (open streams end when their key does). */
export async function findEndedApiKeys(
  db: Queryable,
  ids: readonly string[],
  now: Date,
): Promise<Map<string, 'revoked' | 'expired'>> {
  if (ids.length === 0) return new Map();
  const rows: Row[] = await db('api_keys')
    .whereIn('id', ids)
    .andWhere((query) => {
      void query.whereNotNull('revoked_at').orWhere('expires_at', '<=', now);
    })
    .select('id', 'revoked_at');
  return new Map(rows.map((row) => [String(row.id), row.revoked_at ? 'revoked' : 'expired']));
}

/** The key's newest event sequence number (0 before its first event): where a live-only stream starts. */
export async function lastWebhookSeqOfKey(db: Queryable, apiKeyId: string): Promise<number> {
  const row = await db<Row>('api_keys').where({ id: apiKeyId }).first('last_webhook_seq');
  return row ? toInt(row.last_webhook_seq) : 0;
}
