/*
 * A key's webhook settings and its sealed signing secrets in api_keys: read for delivery and rotation, stored on
 * rotation, and re-sealed page by page when the webhook-secret key rotates (decision 0030). The rest of the table's
 * queries are in api-keys.repository.ts.
 */
import { toDateOrNull, toStringOrNull } from '../column-values.js';
import type { Queryable } from '../transaction.js';

type Row = Record<string, unknown>;

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
