import type { Knex } from 'knex';
import { issueApiKey } from '../../apps/admin-cli/src/keys/issue-api-key.js';
import { apiScopes } from '#shared/auth/tiers.js';
import { findUserById } from '#shared/db/users/users.repository.js';
import { listUnrevokedApiKeysNamed, revokeApiKey } from '#shared/db/api-keys/api-keys.repository.js';
import { recordAdminAction } from '../../apps/admin-cli/src/db/admin-audit-log/admin-audit-log.repository.js';
import { withTransaction } from '#shared/db/transaction.js';
import type { ApiKeyRecord } from '#shared/db/api-keys/api-key-rows.js';
import { demoIds } from './seed/demo-catalog.js';
import { isAppError } from '#shared/errors/app-error.js';

/** The name of the key `npm start` issues; the previous one is revoked on every start. */
export const DEMO_API_KEY_NAME = 'npm-start demo';
const ACTOR = 'npm-start';

export type DemoApiKey =
  { issued: true; key: string; record: ApiKeyRecord; revokedPrevious: number } | { issued: false; reason: string };

/**
 * Gives the first demo user (alice) a fresh enterprise test key on every `npm start`: a plaintext key cannot be
 * recovered, so the previous demo key is revoked and a new one issued in the same transaction (under the user's row
 * lock, so the 5-active-keys cap still holds). When the user is missing or already holds 5 other active keys nothing
 * changes and the reason is returned instead — the stack still starts.
 */
export interface DemoKeyOptions {
  now?: Date;
  /** Where the key's webhook events go, and its sealed signing secret (npm start's local webhook inbox). */
  webhook?: { url: string; secretEnc: string };
}

export async function issueDemoApiKey(db: Knex, pepper: string, options: DemoKeyOptions = {}): Promise<DemoApiKey> {
  const now = options.now ?? new Date();
  const userId = demoIds.users.alice;
  if (!(await findUserById(db, userId))) return { issued: false, reason: 'the demo user alice is not in the database' };
  try {
    return await withTransaction(db, async (trx) => {
      const previous = await listUnrevokedApiKeysNamed(trx, userId, DEMO_API_KEY_NAME);
      for (const key of previous) {
        await revokeApiKey(trx, key.id, now);
        await recordAdminAction(trx, {
          actor: ACTOR,
          action: 'keys.revoke',
          targetType: 'api_key',
          targetId: key.id,
          details: { userId, last4: key.last4, reason: 'replaced by the next npm start demo key' },
        });
      }
      const { key, record } = await issueApiKey(trx, pepper, {
        userId,
        tier: 'enterprise',
        env: 'test',
        name: DEMO_API_KEY_NAME,
        // Every scope, so the printed curls can also list webhook deliveries and rotate the secret.
        scopes: [...apiScopes],
        ...(options.webhook ? { webhookUrl: options.webhook.url, webhookSecretEnc: options.webhook.secretEnc } : {}),
        now,
      });
      await recordAdminAction(trx, {
        actor: ACTOR,
        action: 'keys.issue',
        targetType: 'api_key',
        targetId: record.id,
        details: { userId, tier: record.tier, env: record.env, scopes: record.scopes, last4: record.last4 },
      });
      return { issued: true as const, key, record, revokedPrevious: previous.length };
    });
  } catch (error) {
    if (isAppError(error) && error.code === 'ACTIVE_KEY_LIMIT_REACHED') {
      return { issued: false, reason: `alice already holds 5 other active keys (${error.detail})` };
    }
    throw error;
  }
}
