import type { Knex } from 'knex';
import { countActiveApiKeys, insertApiKey } from '#shared/db/api-keys/api-keys.repository.js';
import { lockUserForKeyChange } from '#shared/db/users/users.repository.js';
import type { ApiKeyRecord } from '#shared/db/api-keys/api-key-rows.js';
import { withTransaction } from '#shared/db/transaction.js';
import { AppError } from '#shared/errors/app-error.js';
import { messageOf } from '#shared/errors/thrown-values.js';
import { newUuid } from '#shared/ids/ids.js';
import { generateApiKey, hashApiKey, pepperIdOf, type ApiKeyEnvironment } from '#shared/auth/api-key-format.js';
import { parseIpAllowlist } from '#shared/auth/ip-allowlist.js';
import { isApiKeyTier, isApiScope, tierDefaultScopes, type ApiKeyTier, type ApiScope } from '#shared/auth/tiers.js';

/** Each user holds at most this many active (not revoked, not expired) keys. */
export const MAX_ACTIVE_KEYS_PER_USER = 5;

export interface IssueApiKeyInput {
  userId: string;
  tier: ApiKeyTier;
  env: ApiKeyEnvironment;
  /** Defaults to the tier's scopes. */
  scopes?: readonly string[];
  /** Addresses or CIDR ranges; absent or empty = any address. */
  ipAllowlist?: readonly string[];
  expiresAt?: Date | null;
  rateLimitRpm?: number | null;
  name?: string | null;
  webhookUrl?: string | null;
  /** The caller encrypts the webhook secret; only ciphertext reaches the database. */
  webhookSecretEnc?: string | null;
  dailySpendLimit?: bigint | null;
  perTradeLimit?: bigint | null;
  highValueThreshold?: bigint | null;
  confirmationWindowS?: number | null;
  now?: Date;
}

export interface IssuedApiKey {
  /** The plaintext key: returned once, never stored. */
  key: string;
  record: ApiKeyRecord;
}

/**
 * Issues a key for a user: validates the options, then under a row lock on the user checks the active-key cap
 * (409 ACTIVE_KEY_LIMIT_REACHED) and stores only the key's HMAC under `pepper`.
 */
export async function issueApiKey(db: Knex, pepper: string, input: IssueApiKeyInput): Promise<IssuedApiKey> {
  const now = input.now ?? new Date();
  const scopes = validateOptions(input, now);
  const key = generateApiKey(input.env);
  const record = await withTransaction(db, async (trx) => {
    if (!(await lockUserForKeyChange(trx, input.userId))) {
      throw new AppError('RESOURCE_NOT_FOUND', { detail: `User ${input.userId} does not exist.` });
    }
    const active = await countActiveApiKeys(trx, input.userId, now);
    if (active >= MAX_ACTIVE_KEYS_PER_USER) {
      throw new AppError('ACTIVE_KEY_LIMIT_REACHED', {
        detail: `The user already holds ${active} active keys (at most ${MAX_ACTIVE_KEYS_PER_USER}); revoke one first.`,
        extensions: { limit: MAX_ACTIVE_KEYS_PER_USER },
      });
    }
    return insertApiKey(trx, {
      id: newUuid(),
      userId: input.userId,
      env: input.env,
      keyHash: hashApiKey(pepper, key),
      pepperId: pepperIdOf(pepper),
      last4: key.slice(-4),
      name: input.name ?? null,
      tier: input.tier,
      scopes,
      ipAllowlist: input.ipAllowlist && input.ipAllowlist.length > 0 ? [...input.ipAllowlist] : null,
      webhookUrl: input.webhookUrl ?? null,
      webhookSecretEnc: input.webhookSecretEnc ?? null,
      rateLimitRpm: input.rateLimitRpm ?? null,
      dailySpendLimit: input.dailySpendLimit ?? null,
      perTradeLimit: input.perTradeLimit ?? null,
      highValueThreshold: input.highValueThreshold ?? null,
      confirmationWindowS: input.confirmationWindowS ?? null,
      expiresAt: input.expiresAt ?? null,
    });
  });
  return { key, record };
}

function invalid(detail: string): AppError {
  return new AppError('VALIDATION_FAILED', { detail });
}

function validateOptions(input: IssueApiKeyInput, now: Date): ApiScope[] {
  if (!isApiKeyTier(input.tier)) throw invalid(`Unknown tier ${String(input.tier)}.`);
  const requested = [...(input.scopes ?? tierDefaultScopes[input.tier])];
  const unknown = requested.filter((scope) => !isApiScope(scope));
  if (unknown.length > 0) throw invalid(`Unknown scopes: ${unknown.join(', ')}.`);
  if (input.ipAllowlist) {
    try {
      parseIpAllowlist(input.ipAllowlist);
    } catch (error) {
      throw invalid(`Invalid IP allowlist: ${messageOf(error)}.`);
    }
  }
  if (input.rateLimitRpm !== undefined && input.rateLimitRpm !== null) {
    if (!Number.isInteger(input.rateLimitRpm) || input.rateLimitRpm < 1 || input.rateLimitRpm > 1_000_000) {
      throw invalid('rateLimitRpm must be an integer between 1 and 1000000.');
    }
  }
  if (input.expiresAt && input.expiresAt.getTime() <= now.getTime()) throw invalid('expiresAt must be in the future.');
  return [...new Set(requested.filter(isApiScope))];
}
