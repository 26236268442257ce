import { toBigIntOrNull, toDate, toDateOrNull, toIntOrNull, toOneOf, toStringOrNull } from '../column-values.js';
import { parseJsonColumn, type Queryable } from '../transaction.js';
import { readBack } from './read-back.js';

export const apiKeyEnvs = ['live', 'test'] as const;
export type ApiKeyEnv = (typeof apiKeyEnvs)[number];
export const apiKeyTierNames = ['free', 'developer', 'enterprise', 'mm'] as const;
export type ApiKeyTierName = (typeof apiKeyTierNames)[number];

/** An api_keys row without the secret material (the hash stays inside the repository and the lookup). */
export interface ApiKeyRecord {
  id: string;
  userId: string;
  env: ApiKeyEnv;
  keyHash: string;
  /** pepperIdOf the pepper keyHash was made with; null until the key is verified once (rows before tracking). */
  pepperId: string | null;
  last4: string;
  name: string | null;
  tier: ApiKeyTierName;
  scopes: string[];
  /** NULL = any address. */
  ipAllowlist: string[] | null;
  webhookUrl: string | null;
  /** NULL = the tier's default. */
  rateLimitRpm: number | null;
  /** USDC atomic; NULL = the tier's default. */
  dailySpendLimit: bigint | null;
  perTradeLimit: bigint | null;
  highValueThreshold: bigint | null;
  confirmationWindowS: number | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
}

export interface NewApiKey {
  id: string;
  userId: string;
  env: ApiKeyEnv;
  keyHash: string;
  /** pepperIdOf the pepper keyHash was made with. */
  pepperId: string;
  last4: string;
  name?: string | null;
  tier: ApiKeyTierName;
  scopes: string[];
  ipAllowlist?: string[] | null;
  webhookUrl?: string | null;
  /** Already encrypted by the caller: the repository never sees a plaintext webhook secret. */
  webhookSecretEnc?: string | null;
  rateLimitRpm?: number | null;
  dailySpendLimit?: bigint | null;
  perTradeLimit?: bigint | null;
  highValueThreshold?: bigint | null;
  confirmationWindowS?: number | null;
  expiresAt?: Date | null;
}

type Row = Record<string, unknown>;

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

/**
 * Locks the user's row (SELECT … FOR UPDATE) inside the caller's transaction, serialising key issuance per user so
 * the active-key cap holds under concurrency. Returns false when the user does not exist.
 */
export async function lockUserForKeyChange(trx: Queryable, userId: string): Promise<boolean> {
  const row: Row | undefined = await trx('users').select('id').where({ id: userId }).forUpdate().first();
  return row !== undefined;
}

/** Keys that are neither revoked nor expired at `now`. */
export async function countActiveApiKeys(db: Queryable, userId: string, now: Date): Promise<number> {
  const row: Row | undefined = await db('api_keys')
    .where({ user_id: userId })
    .whereNull('revoked_at')
    .andWhere((query) => {
      void query.whereNull('expires_at').orWhere('expires_at', '>', now);
    })
    .count({ count: '*' })
    .first();
  return Number(row?.count ?? 0);
}

export interface ActiveKeyLimit {
  tier: ApiKeyTierName;
  rateLimitRpm: number | null;
}

/** Tier and rpm override of each active key of a user: the shared per-user window uses the highest. */
export async function listActiveKeyLimits(db: Queryable, userId: string, now: Date): Promise<ActiveKeyLimit[]> {
  const rows: Row[] = await db('api_keys')
    .select('tier', 'rate_limit_rpm')
    .where({ user_id: userId })
    .whereNull('revoked_at')
    .andWhere((query) => {
      void query.whereNull('expires_at').orWhere('expires_at', '>', now);
    });
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

/** An `api_keys` row (SELECT *) as an ApiKeyRecord. */
export function toApiKey(row: Row): ApiKeyRecord {
  const allowlist = row.ip_allowlist === null ? null : parseJsonColumn<string[]>(row.ip_allowlist);
  return {
    id: String(row.id),
    userId: String(row.user_id),
    env: toOneOf(apiKeyEnvs, row.env, 'api_keys.env'),
    keyHash: String(row.key_hash),
    pepperId: toStringOrNull(row.pepper_id),
    last4: String(row.last4),
    name: toStringOrNull(row.name),
    tier: toOneOf(apiKeyTierNames, row.tier, 'api_keys.tier'),
    scopes: parseJsonColumn<string[]>(row.scopes),
    ipAllowlist: allowlist,
    webhookUrl: toStringOrNull(row.webhook_url),
    rateLimitRpm: toIntOrNull(row.rate_limit_rpm),
    dailySpendLimit: toBigIntOrNull(row.daily_spend_limit),
    perTradeLimit: toBigIntOrNull(row.per_trade_limit),
    highValueThreshold: toBigIntOrNull(row.high_value_threshold),
    confirmationWindowS: toIntOrNull(row.confirmation_window_s),
    expiresAt: toDateOrNull(row.expires_at),
    revokedAt: toDateOrNull(row.revoked_at),
    createdAt: toDate(row.created_at),
  };
}

/**
 * Operator queries over api_keys (the admin CLI and `npm start`). Records come back through findApiKeyById so the
 * row mapping stays in api-keys.repository.ts.
 */
async function loadAll(db: Queryable, ids: string[]): Promise<ApiKeyRecord[]> {
  const records = await Promise.all(ids.map((id) => findApiKeyById(db, id)));
  return records.filter((record): record is ApiKeyRecord => record !== null);
}

/** Keys newest first, optionally of one user (revoked and expired included). */
export async function listApiKeysForAdmin(
  db: Queryable,
  filter: { userId?: string; limit: number },
): Promise<ApiKeyRecord[]> {
  const query = db('api_keys')
    .select('id')
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
  if (filter.userId !== undefined) query.where('user_id', filter.userId);
  const rows: Array<{ id: string }> = await query.limit(filter.limit);
  return loadAll(
    db,
    rows.map((row) => String(row.id)),
  );
}

/** A user's not-yet-revoked keys of one name (e.g. the key `npm start` issues), newest first. */
export async function listUnrevokedApiKeysNamed(db: Queryable, userId: string, name: string): Promise<ApiKeyRecord[]> {
  const rows: Array<{ id: string }> = await db('api_keys')
    .select('id')
    .where({ user_id: userId, name })
    .whereNull('revoked_at')
    .orderBy('created_at', 'desc');
  return loadAll(
    db,
    rows.map((row) => String(row.id)),
  );
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
