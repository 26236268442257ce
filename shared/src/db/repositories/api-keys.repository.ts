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
 * Records that key `id`, whose hash `keyHash` was just verified, is hashed under the pepper `pepperId` (a row from
 * before pepper tracking, or one re-hashed by a replica holding the other pepper during a rotation's roll-out).
 */
export async function tagApiKeyPepper(db: Queryable, id: string, keyHash: string, pepperId: string): Promise<void> {
  await db('api_keys')
    .where({ id, key_hash: keyHash })
    .andWhere((query) => {
      void query.whereNull('pepper_id').orWhereNot('pepper_id', pepperId);
    })
    .update({ pepper_id: pepperId });
}

/**
 * Moves key `id` from its hash under the previous pepper to its hash under the current one (rehash on use: a peppered
 * hash cannot be recomputed without the plaintext key). Conditional on the old hash, so of two replicas re-hashing
 * at once one writes and the other changes nothing. Returns whether this call moved it.
 */
export async function rehashApiKey(
  db: Queryable,
  change: { id: string; fromHash: string; toHash: string; pepperId: string },
): Promise<boolean> {
  const changed = await db('api_keys')
    .where({ id: change.id, key_hash: change.fromHash })
    .update({ key_hash: change.toHash, pepper_id: change.pepperId });
  return changed > 0;
}

/** How many keys are hashed under each pepper (null = not verified since tracking began), active ones apart. */
export interface PepperCount {
  pepperId: string | null;
  active: boolean;
  keys: number;
}

export async function countApiKeysByPepper(db: Queryable, now: Date): Promise<PepperCount[]> {
  const rows: Row[] = await db('api_keys')
    .select('pepper_id')
    .select(
      db.raw('(revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ?)) AS active', [now]),
      db.raw('COUNT(*) AS `keys`'),
    )
    .groupBy('pepper_id', 'active');
  return rows.map((row) => ({
    pepperId: toStringOrNull(row.pepper_id),
    active: Number(row.active) === 1,
    keys: Number(row.keys),
  }));
}

/** Active keys not (known to be) hashed under `pepperId`, oldest first: the ones a pepper rotation still waits for. */
export async function listActiveApiKeysOffPepper(
  db: Queryable,
  pepperId: string,
  now: Date,
  limit: number,
): Promise<Array<{ id: string; userId: string; last4: string; pepperId: string | null; createdAt: Date }>> {
  const rows: Row[] = await db('api_keys')
    .select('id', 'user_id', 'last4', 'pepper_id', 'created_at')
    .whereNull('revoked_at')
    .andWhere((query) => {
      void query.whereNull('expires_at').orWhere('expires_at', '>', now);
    })
    .andWhere((query) => {
      void query.whereNull('pepper_id').orWhereNot('pepper_id', pepperId);
    })
    .orderBy([
      { column: 'created_at', order: 'asc' },
      { column: 'id', order: 'asc' },
    ])
    .limit(limit);
  return rows.map((row) => ({
    id: String(row.id),
    userId: String(row.user_id),
    last4: String(row.last4),
    pepperId: toStringOrNull(row.pepper_id),
    createdAt: toDate(row.created_at),
  }));
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

function toApiKey(row: Row): ApiKeyRecord {
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

/** A key's webhook endpoint and its sealed signing secrets (never plaintext: the caller opens them). */
export interface WebhookSettings {
  apiKeyId: string;
  env: string;
  webhookUrl: string | null;
  secretEnc: string | null;
  previousSecretEnc: string | null;
  previousExpiresAt: Date | null;
  rotatedAt: Date | null;
}

/** The webhook settings of key `apiKeyId`, its row locked FOR UPDATE when `lock` (inside a transaction). */
export async function findWebhookSettingsOfKey(
  db: Queryable,
  apiKeyId: string,
  options: { lock?: boolean } = {},
): Promise<WebhookSettings | null> {
  const builder = db('api_keys').where({ id: apiKeyId });
  if (options.lock) builder.forUpdate();
  const row: Row | undefined = await builder.first(
    'id',
    'env',
    'webhook_url',
    'webhook_secret_enc',
    'webhook_secret_prev_enc',
    'webhook_secret_prev_expires_at',
    'webhook_secret_rotated_at',
  );
  if (!row) return null;
  return {
    apiKeyId: String(row.id),
    env: String(row.env),
    webhookUrl: toStringOrNull(row.webhook_url),
    secretEnc: toStringOrNull(row.webhook_secret_enc),
    previousSecretEnc: toStringOrNull(row.webhook_secret_prev_enc),
    previousExpiresAt: toDateOrNull(row.webhook_secret_prev_expires_at),
    rotatedAt: toDateOrNull(row.webhook_secret_rotated_at),
  };
}

/** Stores a rotated webhook secret of key `apiKeyId` (the caller holds its row lock). */
export async function storeRotatedWebhookSecret(
  trx: Queryable,
  apiKeyId: string,
  rotation: { secretEnc: string; previousSecretEnc: string | null; previousExpiresAt: Date | null; rotatedAt: Date },
): Promise<void> {
  await trx('api_keys').where({ id: apiKeyId }).update({
    webhook_secret_enc: rotation.secretEnc,
    webhook_secret_prev_enc: rotation.previousSecretEnc,
    webhook_secret_prev_expires_at: rotation.previousExpiresAt,
    webhook_secret_rotated_at: rotation.rotatedAt,
  });
}

/** A key's sealed webhook secrets, as a webhook-secret key rotation re-encrypts them. */
export interface SealedWebhookSecrets {
  apiKeyId: string;
  secretEnc: string | null;
  previousSecretEnc: string | null;
}

/** Keys holding a sealed webhook secret (current or previous), by id after `afterId`: one page of a full pass. */
export async function listSealedWebhookSecrets(
  db: Queryable,
  page: { afterId: string | null; limit: number },
): Promise<SealedWebhookSecrets[]> {
  const query = db('api_keys')
    .select('id', 'webhook_secret_enc', 'webhook_secret_prev_enc')
    .where((where) => {
      void where.whereNotNull('webhook_secret_enc').orWhereNotNull('webhook_secret_prev_enc');
    })
    .orderBy('id')
    .limit(page.limit);
  if (page.afterId !== null) query.andWhere('id', '>', page.afterId);
  const rows: Row[] = await query;
  return rows.map((row) => ({
    apiKeyId: String(row.id),
    secretEnc: toStringOrNull(row.webhook_secret_enc),
    previousSecretEnc: toStringOrNull(row.webhook_secret_prev_enc),
  }));
}

/**
 * Replaces a key's sealed webhook secrets with the same secrets sealed under another key, only if both columns still
 * hold what was read (a concurrent rotation through the API wins; the next pass picks the row up). Returns whether
 * the row changed.
 */
export async function replaceSealedWebhookSecrets(
  db: Queryable,
  read: SealedWebhookSecrets,
  next: { secretEnc: string | null; previousSecretEnc: string | null },
): Promise<boolean> {
  const changed = await db('api_keys')
    .where({ id: read.apiKeyId })
    .andWhereRaw('webhook_secret_enc <=> ?', [read.secretEnc])
    .andWhereRaw('webhook_secret_prev_enc <=> ?', [read.previousSecretEnc])
    .update({ webhook_secret_enc: next.secretEnc, webhook_secret_prev_enc: next.previousSecretEnc });
  return changed > 0;
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
