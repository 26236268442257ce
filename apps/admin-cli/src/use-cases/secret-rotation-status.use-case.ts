/*
 * `secrets status`: how far a rotation of the API-key pepper or the webhook-secret key has come (decision 0030).
 * Key hashes move to a new pepper only when their key is used, so the pepper side counts active keys by the pepper
 * their hash was made with; webhook secrets are counted by the key that opens them.
 */
import type { Knex } from 'knex';
import { pepperIdOf } from '#shared/auth/api-key-format.js';
import { type SealingKey, type SecretBox } from '#shared/auth/secret-box.js';
import {
  SEALED_SECRET_COLUMNS,
  countApiKeysByPepper,
  listActiveApiKeysOffPepper,
  type PepperCount,
  listSealedWebhookSecrets,
} from '#shared/db/api-keys/api-key-secrets.repository.js';

export type PepperOfKey = 'current' | 'previous' | 'untagged' | 'other';

export interface PepperStatus {
  currentId: string;
  previousId: string | null;
  /** Active (not revoked, not expired) keys by the pepper of their hash; `untagged`: not verified since tracking. */
  activeKeys: Record<PepperOfKey, number>;
  /** Active keys not on the current pepper: they authenticate only while API_KEY_PEPPER_PREVIOUS is set. */
  waitingFor: number;
  /** The first of them, oldest first. */
  keys: Array<{ id: string; userId: string; last4: string; pepper: PepperOfKey; createdAt: string }>;
}

export interface WebhookSecretStatus {
  /** Stored secrets (current and previous per key) by the key that opens them. */
  sealed: Record<SealingKey | 'unreadable', number>;
  /** Keys holding a secret neither WEBHOOK_SECRET_KEY nor WEBHOOK_SECRET_KEY_PREVIOUS opens. */
  unreadableKeyIds: string[];
}

const PAGE = 500;

export async function pepperStatus(
  deps: { db: Knex; now: Date },
  peppers: { current: string; previous?: string | undefined },
  limit: number,
): Promise<PepperStatus> {
  const currentId = pepperIdOf(peppers.current);
  const previousId = peppers.previous === undefined ? null : pepperIdOf(peppers.previous);
  const pepperOf = (id: string | null): PepperOfKey =>
    id === null ? 'untagged' : id === currentId ? 'current' : id === previousId ? 'previous' : 'other';
  const counts = await countApiKeysByPepper(deps.db, deps.now);
  const activeKeys: Record<PepperOfKey, number> = { current: 0, previous: 0, untagged: 0, other: 0 };
  for (const count of counts.filter((row: PepperCount) => row.active))
    activeKeys[pepperOf(count.pepperId)] += count.keys;
  const pending = await listActiveApiKeysOffPepper(deps.db, currentId, deps.now, limit);
  return {
    currentId,
    previousId,
    activeKeys,
    waitingFor: activeKeys.previous + activeKeys.untagged + activeKeys.other,
    keys: pending.map((key) => ({
      id: key.id,
      userId: key.userId,
      last4: key.last4,
      pepper: pepperOf(key.pepperId),
      createdAt: key.createdAt.toISOString(),
    })),
  };
}

export async function webhookSecretStatus(deps: { db: Knex; secretBox: SecretBox }): Promise<WebhookSecretStatus> {
  const sealed: WebhookSecretStatus['sealed'] = { current: 0, previous: 0, unreadable: 0 };
  const unreadableKeyIds: string[] = [];
  for (let afterId: string | null = null; ;) {
    const page = await listSealedWebhookSecrets(deps.db, { afterId, limit: PAGE });
    for (const row of page) {
      let unreadable = false;
      for (const value of SEALED_SECRET_COLUMNS.map((column) => row[column])) {
        if (value === null) continue;
        const key = deps.secretBox.keyOf(value);
        sealed[key ?? 'unreadable'] += 1;
        unreadable ||= key === null;
      }
      if (unreadable) unreadableKeyIds.push(row.apiKeyId);
    }
    const last = page.at(-1);
    if (page.length < PAGE || !last) return { sealed, unreadableKeyIds };
    afterId = last.apiKeyId;
  }
}
