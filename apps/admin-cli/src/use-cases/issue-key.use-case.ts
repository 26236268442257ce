import type { Knex } from 'knex';
import { generateWebhookSecret, type SecretBox } from '#shared/auth/secret-box.js';
import { issueApiKey } from '../keys/issue-api-key.js';
import { type ApiKeyEnvironment } from '#shared/auth/api-key-format.js';
import { type ApiKeyTier } from '#shared/auth/tiers.js';
import { recordAdminAction } from '../db/admin-audit-log/admin-audit-log.repository.js';
import { withTransaction } from '#shared/db/transaction.js';
import type { ApiKeyRecord } from '#shared/db/api-keys/api-key-rows.js';
import { AppError } from '#shared/errors/app-error.js';
import { checkWebhookUrl, type HostLookup } from '#shared/webhooks/webhook-url-policy.js';
import { findUserByReference } from './user-lookup.js';

export interface IssueKeyDeps {
  db: Knex;
  pepper: string;
  /** Encrypts the webhook secret before it reaches the database. */
  secretBox: SecretBox;
  /** A live key is issued only by a CLI configured with SERVICE_ENV=live, a test key only otherwise. */
  serviceEnv: 'live' | 'test';
  /** Resolves a live key's webhook host, which must reach only public addresses. */
  lookupHost: HostLookup;
  now: Date;
  /**
   * Hands the plaintext over before the key is committed (in a cluster: a Secret, never the log) and says where, for
   * the audit entry. A failure rolls the key back: a key nobody can read is never issued.
   */
  handOver?: (issued: IssuedKey) => Promise<string>;
}

/** Per-key overrides the contract allows only on admin-issued tiers ("custom, admin-set"). */
export interface KeyLimitOverrides {
  rateLimitRpm?: number;
  dailySpendLimit?: bigint;
  perTradeLimit?: bigint;
  highValueThreshold?: bigint;
  confirmationWindowS?: number;
}

export interface IssueKeyCommand extends KeyLimitOverrides {
  user: string;
  tier: ApiKeyTier;
  env: ApiKeyEnvironment;
  scopes?: string[];
  ipAllowlist?: string[];
  webhookUrl?: string;
  expiresAt?: Date;
  name?: string;
  actor: string;
}

export interface IssuedKey {
  record: ApiKeyRecord;
  /** Plaintext, returned once. */
  key: string;
  /** Plaintext, returned once; only when a webhook URL was set. */
  webhookSecret: string | null;
}

const invalid = (detail: string): AppError => new AppError('VALIDATION_FAILED', { detail });
const overrideFlags: Array<[keyof KeyLimitOverrides, string]> = [
  ['rateLimitRpm', '--rpm'],
  ['dailySpendLimit', '--daily-spend-limit'],
  ['perTradeLimit', '--per-trade-limit'],
  ['highValueThreshold', '--high-value-threshold'],
  ['confirmationWindowS', '--confirmation-window'],
];

/**
 * `keys issue`: checks the options against the tier and the CLI's environment, then issues the key (at most 5 active
 * per user, under the user's row lock) and its audit entry in one transaction. Only hashes and ciphertext are stored.
 * A live key's webhook URL must be https and reach only public addresses; a test key's may point at a receiver on
 * a private network or the developer's machine. With `handOver` the plaintext is handed over inside that transaction.
 */
export async function issueKey(deps: IssueKeyDeps, command: IssueKeyCommand): Promise<IssuedKey> {
  checkEnvironment(command.env, deps.serviceEnv);
  checkOverrides(command);
  // Stored as the URL the check parsed (normalised), never the raw text.
  const webhookUrl =
    command.webhookUrl === undefined
      ? undefined
      : (
          await checkWebhookUrl(command.webhookUrl, {
            httpsOnly: command.env === 'live',
            allowPrivateTargets: command.env === 'test',
            lookup: deps.lookupHost,
          })
        ).href;
  if (command.scopes !== undefined && command.scopes.length === 0) throw invalid('--scopes needs at least one scope');
  const user = await findUserByReference(deps.db, command.user);
  const webhookSecret = webhookUrl === undefined ? null : generateWebhookSecret();
  const issued = await withTransaction(deps.db, async (trx) => {
    const result = await issueApiKey(trx, deps.pepper, {
      userId: user.id,
      tier: command.tier,
      env: command.env,
      ...(command.scopes ? { scopes: command.scopes } : {}),
      ...(command.ipAllowlist ? { ipAllowlist: command.ipAllowlist } : {}),
      expiresAt: command.expiresAt ?? null,
      name: command.name ?? null,
      webhookUrl: webhookUrl ?? null,
      webhookSecretEnc: webhookSecret === null ? null : deps.secretBox.seal(webhookSecret),
      rateLimitRpm: command.rateLimitRpm ?? null,
      dailySpendLimit: command.dailySpendLimit ?? null,
      perTradeLimit: command.perTradeLimit ?? null,
      highValueThreshold: command.highValueThreshold ?? null,
      confirmationWindowS: command.confirmationWindowS ?? null,
      now: deps.now,
    });
    const { record } = result;
    const handedOverTo = await deps.handOver?.({ record, key: result.key, webhookSecret });
    await recordAdminAction(trx, {
      actor: command.actor,
      action: 'keys.issue',
      targetType: 'api_key',
      targetId: record.id,
      // Never the key, its hash or the webhook secret.
      details: {
        userId: record.userId,
        tier: record.tier,
        env: record.env,
        scopes: record.scopes,
        last4: record.last4,
        name: record.name,
        ipAllowlist: record.ipAllowlist,
        webhookUrl: record.webhookUrl,
        expiresAt: record.expiresAt?.toISOString() ?? null,
        rateLimitRpm: record.rateLimitRpm,
        dailySpendLimit: record.dailySpendLimit?.toString() ?? null,
        perTradeLimit: record.perTradeLimit?.toString() ?? null,
        highValueThreshold: record.highValueThreshold?.toString() ?? null,
        confirmationWindowS: record.confirmationWindowS,
        ...(handedOverTo === undefined ? {} : { handedOverTo }),
      },
    });
    return result;
  });
  return { record: issued.record, key: issued.key, webhookSecret };
}

function checkEnvironment(env: ApiKeyEnvironment, serviceEnv: 'live' | 'test'): void {
  if (env !== serviceEnv) {
    throw invalid(
      `--env ${env} does not match this CLI's SERVICE_ENV=${serviceEnv}: ${serviceEnv === 'live' ? 'a live CLI issues only live keys' : 'live keys are issued only with SERVICE_ENV=live'}`,
    );
  }
}

function checkOverrides(command: IssueKeyCommand): void {
  const set = overrideFlags.filter(([field]) => command[field] !== undefined).map(([, flag]) => flag);
  if (set.length > 0 && command.tier !== 'enterprise' && command.tier !== 'mm') {
    throw invalid(
      `${set.join(', ')} can be set only on enterprise and mm keys; ${command.tier} keys use the tier's limits`,
    );
  }
  const { dailySpendLimit, perTradeLimit, highValueThreshold } = command;
  if (perTradeLimit !== undefined && dailySpendLimit !== undefined && perTradeLimit > dailySpendLimit) {
    throw invalid('--per-trade-limit must not exceed --daily-spend-limit');
  }
  if (highValueThreshold !== undefined && perTradeLimit !== undefined && highValueThreshold > perTradeLimit) {
    throw invalid('--high-value-threshold must not exceed --per-trade-limit (no trade could reach it)');
  }
}
