/*
 * POST /v1/auth/api-keys/me/webhook-secret/rotate: a new `whsec_` secret for the calling key, shown once; the
 * secret it replaces keeps signing alongside it for 7 days (deliveries carry both v1 values), so a receiver can
 * roll out the new one without dropping a delivery. A second rotation within those days keeps the first replaced
 * secret to the end of its own 7 days too (a rotation whose answer was lost, then retried). Serialized on the key's row: of two concurrent rotations one
 * wins, the other meets the 60 s cooldown.
 */
import type { Knex } from 'knex';
import { generateWebhookSecret, type SecretBox } from '#shared/auth/secret-box.js';
import {
  findWebhookSettingsOfKey,
  RETAINED_WEBHOOK_SECRETS,
  storeRotatedWebhookSecret,
} from '#shared/db/api-keys/api-key-secrets.repository.js';
import { withTransaction } from '#shared/db/transaction.js';
import { AppError } from '#shared/errors/app-error.js';

export const PREVIOUS_SECRET_RETAINED_MS = 7 * 24 * 60 * 60 * 1000;
export const ROTATION_COOLDOWN_MS = 60_000;

export interface RotatedWebhookSecret {
  /** The new secret in plaintext: returned once, stored only sealed. */
  secret: string;
  rotatedAt: Date;
  /** Until when the replaced secret still signs; null when there was none. */
  previousRetainedUntil: Date | null;
}

export async function rotateWebhookSecret(
  deps: { db: Knex; webhookSecrets: SecretBox },
  command: { apiKeyId: string; now: Date },
): Promise<RotatedWebhookSecret> {
  const { now } = command;
  return withTransaction(deps.db, async (trx) => {
    const settings = await findWebhookSettingsOfKey(trx, command.apiKeyId, { lock: true });
    if (!settings?.webhookUrl) {
      throw new AppError('WEBHOOK_NOT_CONFIGURED', {
        detail: 'This key has no webhook URL, so it has no webhook secret to rotate; issue a key with --webhook-url.',
      });
    }
    const sinceLast = settings.rotatedAt ? now.getTime() - settings.rotatedAt.getTime() : Infinity;
    if (sinceLast < ROTATION_COOLDOWN_MS) {
      const waitMs = ROTATION_COOLDOWN_MS - sinceLast;
      throw new AppError('WEBHOOK_SECRET_ROTATION_COOLDOWN', {
        detail: `The webhook secret was rotated less than ${ROTATION_COOLDOWN_MS / 1000} s ago; try again in ${Math.ceil(waitMs / 1000)} s.`,
        retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
      });
    }
    const secret = generateWebhookSecret();
    const previousRetainedUntil = settings.secretEnc ? new Date(now.getTime() + PREVIOUS_SECRET_RETAINED_MS) : null;
    // The replaced secret first; a secret an earlier rotation replaced keeps its own 7 days (decision 0018).
    const replaced =
      settings.secretEnc && previousRetainedUntil
        ? [{ secretEnc: settings.secretEnc, expiresAt: previousRetainedUntil }]
        : [];
    const stillSigning = settings.previousSecrets.filter((previous) => previous.expiresAt > now);
    await storeRotatedWebhookSecret(trx, command.apiKeyId, {
      secretEnc: deps.webhookSecrets.seal(secret),
      previousSecrets: [...replaced, ...stillSigning].slice(0, RETAINED_WEBHOOK_SECRETS),
      rotatedAt: now,
    });
    return { secret, rotatedAt: now, previousRetainedUntil };
  });
}
