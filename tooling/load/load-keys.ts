/*
 * `npm run load` needs trading-API keys whose limits suit a load test; against the local stack it issues them
 * itself, as `npm start` issues its demo key: enterprise test keys for the demo users bob and carol (alice keeps the
 * printed demo key), named `npm-run-load` and replaced on every run (the previous ones are revoked in the same
 * transaction, so the 5-active-keys cap holds), with a rate limit out of reach, a high daily cap, the high-value
 * threshold at LOADTEST_CONFIRM_AMOUNT and the webhook URL of the runner's own receiver.
 */
import type { Knex } from 'knex';
import { issueApiKey } from '../../apps/admin-cli/src/keys/issue-api-key.js';
import { apiScopes } from '#shared/auth/tiers.js';
import { listUnrevokedApiKeysNamed, revokeApiKey } from '#shared/db/api-keys/api-keys.repository.js';
import { recordAdminAction } from '../../apps/admin-cli/src/db/admin-audit-log/admin-audit-log.repository.js';
import { withTransaction } from '#shared/db/transaction.js';
import { demoIds } from '../local-stack/seed/demo-catalog.js';
import { parseUsdcAmount } from '#shared/domain/trade-amount.js';

export const LOAD_KEY_NAME = 'npm-run-load';
const ACTOR = 'npm-run-load';
const LOAD_USERS = [demoIds.users.bob, demoIds.users.carol];
/** Far beyond what a run sends: the load test measures the service, not the limiter. */
const LOAD_RPM = 1_000_000;
const LOAD_DAILY_SPEND_USDC = '10000000';

export interface LoadKeyOptions {
  count: number;
  /** Decimal USDC: trades at or above it need confirmation (confirm-flow); the others answer 201. */
  highValueThreshold: string;
  /** The receiver's URL, and one webhook secret per key (already sealed for storage, and in plaintext for it). */
  webhookUrl: string;
  webhookSecrets: ReadonlyArray<{ plain: string; sealed: string }>;
  now?: Date;
}

export interface LoadKey {
  id: string;
  key: string;
  userId: string;
  webhookSecret: string;
}

/** Issues `count` keys spread over bob and carol, revoking each user's previous load keys first. */
export async function provisionLoadKeys(db: Knex, pepper: string, options: LoadKeyOptions): Promise<LoadKey[]> {
  const now = options.now ?? new Date();
  const keys: LoadKey[] = [];
  for (const [userIndex, userId] of LOAD_USERS.entries()) {
    const indexes = Array.from({ length: options.count }, (_, index) => index).filter(
      (index) => index % LOAD_USERS.length === userIndex,
    );
    if (indexes.length === 0) continue;
    const issued = await withTransaction(db, async (trx) => {
      for (const previous of await listUnrevokedApiKeysNamed(trx, userId, LOAD_KEY_NAME)) {
        await revokeApiKey(trx, previous.id, now);
      }
      const batch: LoadKey[] = [];
      for (const index of indexes) {
        const secret = options.webhookSecrets[index];
        if (!secret) throw new Error(`no webhook secret for load key ${index}`);
        const { key, record } = await issueApiKey(trx, pepper, {
          userId,
          tier: 'enterprise',
          env: 'test',
          name: LOAD_KEY_NAME,
          scopes: [...apiScopes],
          rateLimitRpm: LOAD_RPM,
          dailySpendLimit: parseUsdcAmount(LOAD_DAILY_SPEND_USDC, 'daily spend limit'),
          highValueThreshold: parseUsdcAmount(options.highValueThreshold, 'LOADTEST_CONFIRM_AMOUNT'),
          webhookUrl: options.webhookUrl,
          webhookSecretEnc: secret.sealed,
          now,
        });
        await recordAdminAction(trx, {
          actor: ACTOR,
          action: 'keys.issue',
          targetType: 'api_key',
          targetId: record.id,
          details: { userId, tier: record.tier, env: record.env, last4: record.last4, reason: 'npm run load' },
        });
        batch.push({ id: record.id, key, userId, webhookSecret: secret.plain });
      }
      return batch;
    });
    keys.push(...issued);
  }
  return keys;
}

/** Revokes the keys a run issued (at its end, so no load key outlives its run). */
export async function revokeLoadKeys(db: Knex, keys: readonly LoadKey[], now = new Date()): Promise<void> {
  for (const key of keys) await revokeApiKey(db, key.id, now);
}
