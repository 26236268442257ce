/*
 * The secret material of api_keys (decision 0030): which pepper each key's hash was made with (tagged on use,
 * re-hashed on use, counted and listed while a pepper rotation waits), and each key's webhook settings with its sealed
 * signing secrets (read for delivery, stored on rotation, re-sealed page by page when the webhook-secret key rotates).
 */
import { toDate, toDateOrNull, toStringOrNull } from '../column-values.js';
import type { Queryable, Row } from '../transaction.js';

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

/** A secret a rotation replaced: it keeps signing, beside the current one, until `expiresAt`. */
export interface RetainedWebhookSecret {
  secretEnc: string;
  expiresAt: Date;
}

/** How many replaced secrets a key keeps (two rotations within the 7 days: decision 0018). */
export const RETAINED_WEBHOOK_SECRETS = 2;

/** A key's webhook endpoint and its sealed signing secrets (never plaintext: the caller opens them). */
export interface WebhookSettings {
  apiKeyId: string;
  env: string;
  webhookUrl: string | null;
  secretEnc: string | null;
  /** The secrets rotations replaced, newest first (at most RETAINED_WEBHOOK_SECRETS), expired ones included. */
  previousSecrets: RetainedWebhookSecret[];
  rotatedAt: Date | null;
}

/** The retained secrets of a row: the previous slot, then the older one. */
function retainedSecretsOf(row: Row): RetainedWebhookSecret[] {
  const slots: Array<[unknown, unknown]> = [
    [row.webhook_secret_prev_enc, row.webhook_secret_prev_expires_at],
    [row.webhook_secret_older_enc, row.webhook_secret_older_expires_at],
  ];
  return slots.flatMap(([secretEnc, expiresAt]) => {
    const sealed = toStringOrNull(secretEnc);
    const until = toDateOrNull(expiresAt);
    return sealed === null || until === null ? [] : [{ secretEnc: sealed, expiresAt: until }];
  });
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
    'webhook_secret_older_enc',
    'webhook_secret_older_expires_at',
    'webhook_secret_rotated_at',
  );
  if (!row) return null;
  return {
    apiKeyId: String(row.id),
    env: String(row.env),
    webhookUrl: toStringOrNull(row.webhook_url),
    secretEnc: toStringOrNull(row.webhook_secret_enc),
    previousSecrets: retainedSecretsOf(row),
    rotatedAt: toDateOrNull(row.webhook_secret_rotated_at),
  };
}

/** Stores a rotated webhook secret of key `apiKeyId` (the caller holds its row lock). */
export async function storeRotatedWebhookSecret(
  trx: Queryable,
  apiKeyId: string,
  rotation: { secretEnc: string; previousSecrets: readonly RetainedWebhookSecret[]; rotatedAt: Date },
): Promise<void> {
  const [previous, older] = rotation.previousSecrets;
  await trx('api_keys')
    .where({ id: apiKeyId })
    .update({
      webhook_secret_enc: rotation.secretEnc,
      webhook_secret_prev_enc: previous?.secretEnc ?? null,
      webhook_secret_prev_expires_at: previous?.expiresAt ?? null,
      webhook_secret_older_enc: older?.secretEnc ?? null,
      webhook_secret_older_expires_at: older?.expiresAt ?? null,
      webhook_secret_rotated_at: rotation.rotatedAt,
    });
}

/** A key's sealed webhook secrets, as a webhook-secret key rotation re-encrypts them. */
export interface SealedWebhookSecrets {
  apiKeyId: string;
  secretEnc: string | null;
  previousSecretEnc: string | null;
  olderSecretEnc: string | null;
}

/** Every sealed-secret member of SealedWebhookSecrets: the current secret and the two retained slots. */
export const SEALED_SECRET_COLUMNS = ['secretEnc', 'previousSecretEnc', 'olderSecretEnc'] as const;

/** Keys holding a sealed webhook secret (current or retained), by id after `afterId`: one page of a full pass. */
export async function listSealedWebhookSecrets(
  db: Queryable,
  page: { afterId: string | null; limit: number },
): Promise<SealedWebhookSecrets[]> {
  const query = db('api_keys')
    .select('id', 'webhook_secret_enc', 'webhook_secret_prev_enc', 'webhook_secret_older_enc')
    .where((where) => {
      void where
        .whereNotNull('webhook_secret_enc')
        .orWhereNotNull('webhook_secret_prev_enc')
        .orWhereNotNull('webhook_secret_older_enc');
    })
    .orderBy('id')
    .limit(page.limit);
  if (page.afterId !== null) query.andWhere('id', '>', page.afterId);
  const rows: Row[] = await query;
  return rows.map((row) => ({
    apiKeyId: String(row.id),
    secretEnc: toStringOrNull(row.webhook_secret_enc),
    previousSecretEnc: toStringOrNull(row.webhook_secret_prev_enc),
    olderSecretEnc: toStringOrNull(row.webhook_secret_older_enc),
  }));
}

/**
 * Replaces a key's sealed webhook secrets with the same secrets sealed under another key, only if every column still
 * holds what was read (a concurrent rotation through the API wins; the next pass picks the row up). Returns whether
 * the row changed.
 */
export async function replaceSealedWebhookSecrets(
  db: Queryable,
  read: SealedWebhookSecrets,
  next: Omit<SealedWebhookSecrets, 'apiKeyId'>,
): Promise<boolean> {
  const changed = await db('api_keys')
    .where({ id: read.apiKeyId })
    .andWhereRaw('webhook_secret_enc <=> ?', [read.secretEnc])
    .andWhereRaw('webhook_secret_prev_enc <=> ?', [read.previousSecretEnc])
    .andWhereRaw('webhook_secret_older_enc <=> ?', [read.olderSecretEnc])
    .update({
      webhook_secret_enc: next.secretEnc,
      webhook_secret_prev_enc: next.previousSecretEnc,
      webhook_secret_older_enc: next.olderSecretEnc,
    });
  return changed > 0;
}
